import CorpusModels
import Foundation
import Testing
@testable import JSONMapper

/// Input that arrives over the wire from anyone: every case gives a value or a typed error.
@Suite("Hostile input")
struct HostileInputTests {
    /// A few kilobytes of real JSON: two GitHub events as JSONMapper writes them.
    static func smallDocument() throws -> [UInt8] {
        let url = CorpusFile.twitter.url.deletingLastPathComponent().appendingPathComponent("github_events.json")
        let events = try JSONMapDecoder().decode([GitHubEvent].self, from: Data(contentsOf: url))
        return try JSONMapEncoder().encode(Array(events.prefix(2)), as: [UInt8].self)
    }

    @Test func aDocumentCutAtEveryByteIsAnError() throws {
        let document = try Self.smallDocument()
        #expect(document.count > 1000)
        #expect(try JSONMapDecoder().decode([GitHubEvent].self, from: document).count == 2)
        for cut in 0..<document.count {
            var failed = false
            do throws(JSONMapperError) {
                _ = try JSONMapDecoder().decode([GitHubEvent].self, from: Array(document[..<cut]))
            } catch {
                failed = true
            }
            #expect(failed, "a document cut at byte \(cut) decoded")
        }
    }

    @Test func nulBytes() throws {
        #expect(try JSONMapDecoder().decode(String.self, from: #""a\u0000b""#) == "a\u{0}b")
        // A raw NUL is a control character, not allowed inside a string or between tokens.
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(String.self, from: [0x22, 0x61, 0x00, 0x22]) }
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode([Int].self, from: [0x5B, 0x31, 0x00, 0x5D]) }
    }

    @Test func extremeNumbers() throws {
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Double.self, from: "1e999999") }
        #expect(try JSONMapDecoder().decode(Double.self, from: "-0").sign == .minus)
        #expect(try JSONMapDecoder().decode(Double.self, from: "1.0e-400") == 0)
        let fourHundredDigits = "1" + String(repeating: "0", count: 399)
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Int.self, from: fourHundredDigits) }
        // 10^399 is beyond Double's range: an error, never infinity.
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Double.self, from: fourHundredDigits) }
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "1" + String(repeating: "0", count: 30)) == Decimal(string: "1e30"))
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Int.self, from: "9223372036854775808") }
        #expect(try JSONMapDecoder().decode(UInt64.self, from: "9223372036854775808") == 9_223_372_036_854_775_808)
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "9223372036854775808") == Decimal(string: "9223372036854775808"))
    }

    @Test func aMillionElementsAndLongStrings() throws {
        let count = 1_000_000
        var text = "["
        text.reserveCapacity(count * 2 + 2)
        for i in 0..<count { text += i == 0 ? "7" : ",7" }
        text += "]"
        let numbers = try JSONMapDecoder().decode([Int].self, from: text)
        #expect(numbers.count == count && numbers.allSatisfy { $0 == 7 })

        let long = String(repeating: "é", count: 4_000_000)   // 8 MB of UTF-8
        #expect(try JSONMapDecoder().decode(String.self, from: "\"\(long)\"").count == 4_000_000)
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder(options: DecodingOptions(maxStringBytes: 1_000_000)).decode(String.self, from: "\"\(long)\"")
        }
    }

    @Test func manyTasksDecodingTheSameTypesAgreeWithOneThread() async throws {
        let data = try CorpusFile.twitter.data()
        let expected = try JSONMapDecoder().decode(TwitterTimeline.self, from: data)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<5).allSatisfy { _ in (try? JSONMapDecoder().decode(TwitterTimeline.self, from: data)) == expected }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
