import Foundation
import Testing
@testable import JSONMapper

/// A member's value followed by something other than `,` or `}` (most often a missing comma)
/// is named at the first byte of the token that follows the value, whole or in chunks, whatever
/// that token is: yajl steps back over the token's text before it reports this one, which
/// lands inside a string token.
@Suite("Parser: a missing separator after a member's value")
struct MissingSeparatorPositionTests {
    static let cases: [(text: String, offset: Int)] = [
        (#"{"a": 1 "b": 2}"#, 8),
        (#"{"a": 1 "bcd": 2}"#, 8),
        (#"{"a": 1 "b\n\u00e9": 2}"#, 8),
        (#"{"a": "x" 300}"#, 10),
        (#"{"a": "x"300}"#, 9),
        (#"{"a": 1 true}"#, 8),
        (#"{"a": "x" "yy"}"#, 10),
        (#"{"a": 1 [1]}"#, 8),
        (#"{"a": {"b": "c"} {"d": 1}}"#, 17),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 13),
    ]

    @Test("whole documents", arguments: cases)
    func wholeDocuments(_ text: String, _ offset: Int) {
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.location?.offset == offset, "\(text): \(error)")
        }
    }

    @Test("every split into two chunks", arguments: cases)
    func everySplit(_ text: String, _ offset: Int) {
        let bytes = Array(text.utf8)
        for split in 1..<bytes.count {
            guard case .failure(let error) = ParserUnitTests.parse(bytes, splits: [split]) else {
                Issue.record("\(text) parsed when split at \(split)")
                continue
            }
            #expect(error.location?.offset == offset, "\(text) split at \(split): \(error)")
        }
    }

    @Test func theLineAndColumnAreTheTokens() {
        do {
            _ = try JSONValue(parsing: "{\n  \"a\": 1\n  \"b\": 2\n}")
        } catch {
            #expect(error.location == JSONLocation(offset: 13, line: 3, column: 3))
        }
    }
}
