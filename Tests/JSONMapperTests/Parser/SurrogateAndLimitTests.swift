import Foundation
import Testing
@testable import JSONMapper

/// Lone-surrogate escapes (which yajl would silently turn into `?` or a wrong code point) and
/// the optional size limits.
@Suite("Parser: surrogate escapes and size limits")
struct SurrogateAndLimitTests {
    static func syntaxOffset(_ json: String) -> Int? {
        do throws(JSONMapperError) {
            _ = try JSONValue(parsing: json)
            return nil
        } catch {
            if case .syntax(_, let location) = error { return location.offset }
            return nil
        }
    }

    @Test("lone surrogate escapes are syntax errors at the escape", arguments: [
        (#""\ud800""#, 1),
        (#""ab\ud800\u0041""#, 3),
        (#"{"k":"\udbff x"}"#, 6),
        (#"["\uDC00"]"#, 2),
    ])
    func loneSurrogates(_ json: String, _ offset: Int) {
        #expect(Self.syntaxOffset(json) == offset, "\(json)")
    }

    @Test func pairedSurrogatesAndEscapedBackslashesAreFine() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""\\ud800""#) == .string("\\ud800"))
        #expect(try JSONValue(parsing: #""\\\ud83d\ude00""#) == .string("\\😀"))
    }

    @Test func aSurrogatePairSplitAcrossChunksIsAccepted() throws {
        let json = Array(#"["\ud83d\ude00", "x"]"#.utf8)
        for split in 1..<json.count {
            let decoder = JSONChunkDecoder([String].self)
            try decoder.feed(Array(json[..<split]))
            try decoder.feed(Array(json[split...]))
            #expect(try decoder.finish() == ["😀", "x"], "split at \(split)")
        }
    }

    @Test func aLoneSurrogateSplitAcrossChunksIsRejected() {
        let json = Array(#"["\ud800", "x"]"#.utf8)
        for split in 1..<json.count {
            let decoder = JSONChunkDecoder([String].self)
            var error: JSONMapperError?
            do throws(JSONMapperError) {
                try decoder.feed(Array(json[..<split]))
                try decoder.feed(Array(json[split...]))
                _ = try decoder.finish()
            } catch let caught {
                error = caught
            }
            guard case .syntax(_, let location)? = error else {
                Issue.record("split at \(split): expected a syntax error, got \(String(describing: error))")
                continue
            }
            let offset = location.offset
            #expect(offset == 2, "split at \(split)")
        }
    }

    @Test func stringLimit() throws {
        let json = #"{"name": "\#(String(repeating: "x", count: 40))"}"#
        let options = DecodingOptions(maxStringBytes: 39)
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder(options: options).decode([String: String].self, from: json) }
        let decoded = try JSONMapDecoder(options: DecodingOptions(maxStringBytes: 40)).decode([String: String].self, from: json)
        #expect(decoded["name"]?.count == 40)
    }

    @Test func treesStopAtTheirOwnDepthCapWhateverTheOption() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let options = DecodingOptions(maxDepth: 1_000_000)
        #expect(throws: JSONMapperError.depthLimitExceeded(path: String(repeating: "[0]", count: JSONValue.maximumDepth))) {
            try JSONValue(parsing: deep, options: options)
        }
        // The streaming decoder has no such cap: it is not recursive.
        struct Skips: JSONMappable {
            static let jsonMapping = JSONMapping<Skips> {}
        }
        _ = try JSONMapDecoder(options: options).decode(Skips.self, from: #"{"x": \#(deep)}"#)
    }

    @Test func documentLimit() throws {
        let json = "[1, 2, 3]"   // 9 bytes
        do throws(JSONMapperError) {
            _ = try JSONMapDecoder(options: DecodingOptions(maxDocumentBytes: 8)).decode([Int].self, from: json)
            Issue.record("expected limitExceeded")
        } catch {
            #expect(error == .limitExceeded(offset: 8, message: "the document is longer than the limit of 8 bytes"))
        }
        #expect(try JSONMapDecoder(options: DecodingOptions(maxDocumentBytes: 9)).decode([Int].self, from: json) == [1, 2, 3])
    }
}
