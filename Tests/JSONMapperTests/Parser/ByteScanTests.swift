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
        // The lanes flush every 255 vectors: 4,080 bytes of sixteen, 8,160 of thirty-two.
        let bytes = Self.sample(count: 17_000, seed: 7)
        for length in Array(0...70) + [4_079, 4_080, 4_081, 4_096, 8_159, 8_160, 8_161, 8_999, 16_319, 16_320, 16_321, 16_997] {
            for offset in 0..<3 where offset + length <= bytes.count {
                let slice = Array(bytes[offset..<offset + length])
                let counted = slice.withUnsafeBytes { occurrences(of: 0x0A, in: $0) }
                #expect(counted == slice.filter { $0 == 0x0A }.count, "length \(length), offset \(offset)")
            }
        }
    }

    /// The offset of the last newline `lastOccurrence` finds in `bytes`.
    static func lastNewline(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            return lastOccurrence(of: 0x0A, in: base, count: raw.count).map { $0 - base }
        }
    }

    @Test func findsTheLastNewlineAtEveryLengthAndPosition() {
        for length in 0...70 {
            let plain = [UInt8](repeating: 0x61, count: length)
            #expect(Self.lastNewline(in: plain) == nil, "length \(length)")
            for position in 0..<length {
                var bytes = plain
                bytes[position] = 0x0A
                #expect(Self.lastNewline(in: bytes) == position, "length \(length), position \(position)")
                bytes[0] = 0x0A
                #expect(Self.lastNewline(in: bytes) == position, "length \(length), position \(position), another first")
            }
        }
        let sample = Self.sample(count: 17_000, seed: 11)
        for length in [100, 4_097, 16_999] {
            #expect(Self.lastNewline(in: Array(sample[..<length])) == sample[..<length].lastIndex(of: 0x0A), "length \(length)")
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

    /// Pieces the one-pass check must tell apart: plain text, every escape, surrogate pairs
    /// and lone halves, sequences of each length, ill-formed and cut sequences, controls.
    static let pieces: [[UInt8]] = [
        Array("plain text ".utf8), Array("\\n".utf8), Array("\\\\".utf8), Array("\\\"".utf8), Array("\\/".utf8),
        Array("\\u0041".utf8), Array("\\uD83D\\uDE00".utf8), Array("\\ud83d\\ude00".utf8), Array("\\uD800".utf8),
        Array("\\uDC00".utf8), Array("\\uD800x".utf8), Array("\\uD800\\u0041".utf8), Array("\\u12G4".utf8), Array("\\x".utf8),
        Array("é".utf8), Array("日本".utf8), Array("😀".utf8), [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80], [0xE6, 0x97], [0x0B], [0x0C], Array("{\"k\": [1, 2]}".utf8),
    ]

    /// The precise checks' verdict on a whole input: no fault anywhere, none at its end.
    static func preciseChecksPass(_ bytes: [UInt8]) -> Bool {
        var raw = RawInputCheck()
        var surrogates = SurrogateEscapeCheck()
        return bytes.withUnsafeBytes { raw.firstFault(in: $0) == nil && raw.faultAtEnd() == nil && surrogates.firstLoneSurrogate(in: $0) == nil }
            && !surrogates.isCarrying
    }

    @Test("the one-pass check never passes what the precise checks fault", arguments: RawInputCheck.Pass.allCases)
    func theOnePassCheckNeverPassesWhatThePreciseChecksFault(_ pass: RawInputCheck.Pass) {
        var state: UInt64 = 11
        var passed = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + Int(state >> 60)) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes += Self.pieces[Int(state >> 33) % Self.pieces.count]
            }
            let surely = bytes.withUnsafeBytes { RawInputCheck.surelyPasses($0, by: pass) }
            if surely {
                passed += 1
                #expect(Self.preciseChecksPass(bytes), "\(bytes)")
            }
        }
        // The generator makes plenty of clean inputs, so the check is seen to pass too.
        #expect(passed > 200)
    }

    @Test("a lookup pass clears what the bytewise pass clears", arguments: [RawInputCheck.Pass.fastest, .narrowLookup])
    func aLookupPassClearsWhatTheBytewisePassClears(_ pass: RawInputCheck.Pass) {
        // Pieces without escapes the bytewise pass refuses and yajl judges (`\x`), at every
        // length up to four of the widest vectors, so that every piece lands on every block
        // boundary and in the zero-padded tail.
        let pieces = Self.pieces.filter { $0 != Array("\\x".utf8) }
        var state: UInt64 = 29
        var cleared = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = Int(state >> 57)
            while bytes.count < length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes += pieces[Int(state >> 33) % pieces.count]
            }
            let bytewise = bytes.withUnsafeBytes { RawInputCheck.surelyPasses($0, by: .bytewise) }
            let lookup = bytes.withUnsafeBytes { RawInputCheck.surelyPasses($0, by: pass) }
            cleared += bytewise ? 1 : 0
            #expect(lookup == bytewise, "\(bytes)")
        }
        #expect(cleared > 200)
    }

    @Test("the one-pass check passes clean text at every length", arguments: RawInputCheck.Pass.allCases)
    func theOnePassCheckPassesCleanTextAtEveryLength(_ pass: RawInputCheck.Pass) {
        let text = Array("ab\\u00e9 日本語 \\uD83D\\uDE00 \\\\ \\\" 😀 é cd \\\\u12 \\\\uD800 x".utf8)
        for length in 0...text.count {
            let prefix = Array(text.prefix(length))
            guard Self.preciseChecksPass(prefix) else { continue }
            #expect(prefix.withUnsafeBytes { RawInputCheck.surelyPasses($0, by: pass) }, "length \(length)")
        }
    }

    @Test("the one-pass check fails each fault at every position", arguments: RawInputCheck.Pass.allCases)
    func theOnePassCheckFailsEachFaultAtEveryPosition(_ pass: RawInputCheck.Pass) {
        let faults: [[UInt8]] = [[0x0B], [0x0C], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0x80]]
            + [Array("\\uDC00".utf8), Array("\\uD800 ".utf8), Array("\\\\\\uD800".utf8)]
        for fault in faults {
            for position in 0..<72 {
                for trailing in [0, 1, 20] {
                    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: position) + fault
                        + [UInt8](repeating: UInt8(ascii: "b"), count: trailing)
                    guard !Self.preciseChecksPass(bytes) else { continue }
                    #expect(!bytes.withUnsafeBytes { RawInputCheck.surelyPasses($0, by: pass) }, "\(fault) at \(position)")
                }
            }
        }
    }
}
