import Foundation
import Testing
@testable import JSONMapper

/// A malformed number is reported at one position whatever the chunking: the first byte that
/// cannot continue a number by RFC 8259's grammar (the digit after a leading zero, the `x` of
/// `0x10`), or the end of the input where the number is cut short. Offsets are counted by hand
/// from each document.
@Suite("Parser: number error positions")
struct NumberErrorPositionTests {
    static let cases: [(String, Int)] = [
        (#"{"a":01}"#, 6),      // the 1 after the leading zero
        ("01", 1),
        ("-01", 2),
        ("[00]", 2),
        ("0x10", 1),            // the x
        ("[0x10]", 2),
        ("-", 1),               // the input ends where a digit is needed
        ("[-]", 2),             // the ] where a digit is needed
        ("1.", 2),
        ("1.e5", 2),            // the e where a fraction digit is needed
        ("1e", 2),
        ("[1e+]", 4),
        ("[.5]", 1),
        ("+1", 0),
        ("[1,-x]", 4),
    ]

    @Test("one position per malformed number, whole and in 1- and 4-byte chunks", arguments: cases)
    func malformedNumber(_ text: String, _ offset: Int) {
        let bytes = Array(text.utf8)
        for size in [bytes.count, 1, 4] {
            let splits = Array(stride(from: size, to: bytes.count, by: size))
            let result = ParserUnitTests.parse(bytes, splits: splits)
            guard case .failure(.syntax(_, let location)) = result else {
                Issue.record("\(text) in chunks of \(size): \(result)")
                continue
            }
            let (found, line, column) = (location.offset, location.line, location.column)
            #expect(found == offset && line == 1 && column == offset + 1, "\(text) in chunks of \(size): byte \(found)")
        }
        let decoded = ParserUnitTests.decodeProbe(bytes)
        guard case .failure(.syntax(_, let location)) = decoded else {
            Issue.record("\(text) decoded: \(decoded)")
            return
        }
        let found = location.offset
        #expect(found == offset, "\(text) decoded: byte \(found)")
    }
}
