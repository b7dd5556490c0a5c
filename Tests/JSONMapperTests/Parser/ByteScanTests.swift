import Testing
@testable import JSONMapper

/// The vector scans in C (`scan.c`) against byte-by-byte answers, at every length and
/// alignment around their vector widths and across the line counter's lane flush.
@Suite("Parser: the byte scans")
struct ByteScanTests {
    /// Deterministic bytes: mostly ASCII text with newlines, some bytes from 0x80.
    static func sample(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let pick = UInt8(truncatingIfNeeded: state >> 33)
            switch pick % 16 {
            case 0: return 0x0A
            case 1: return 0x80 | pick
            default: return 0x20 + pick % 0x5F
            }
        }
    }

    @Test func countsEveryNewlineAtEveryLengthAndOffset() {
        let bytes = Self.sample(count: 9_000, seed: 7)
        for length in Array(0...70) + [4_079, 4_080, 4_081, 4_096, 8_161, 8_999] {
            for offset in 0..<3 where offset + length <= bytes.count {
                let slice = Array(bytes[offset..<offset + length])
                let counted = slice.withUnsafeBytes { occurrences(of: 0x0A, in: $0) }
                #expect(counted == slice.filter { $0 == 0x0A }.count, "length \(length), offset \(offset)")
            }
        }
    }

    @Test("a form feed or vertical tab is found at every position of ASCII text", arguments: [UInt8(0x0B), 0x0C])
    func findsFormFeedAndVerticalTabEverywhere(_ byte: UInt8) {
        for length in 1...80 {
            for position in 0..<length {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[position] = byte
                var check = RawInputCheck()
                let fault = text.withUnsafeBytes { check.firstFault(in: $0) }
                #expect(fault?.offset == position, "length \(length), position \(position)")
            }
        }
    }

    @Test func theFirstFaultWinsWhicheverKindItIs() {
        // A form feed before or after an invalid byte, with valid multi-byte text before both.
        let prefix = Array("日本語 text ".utf8)
        for (first, second) in [(UInt8(0x0C), UInt8(0xFF)), (0xFF, 0x0C)] {
            for gap in 0..<40 {
                let bytes = prefix + [first] + [UInt8](repeating: 0x41, count: gap) + [second]
                var check = RawInputCheck()
                let fault = bytes.withUnsafeBytes { check.firstFault(in: $0) }
                #expect(fault?.offset == prefix.count, "first \(first), gap \(gap)")
            }
        }
    }
}
