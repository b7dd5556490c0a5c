import Foundation
import Testing
@testable import JSONMapper

/// What is wrong with the document wins over a mapping error met before it (the HostileInput
/// article), and a depth-limit error names the container that crossed the limit even inside a
/// value the decode skips or builds whole. Expected paths are written from the test documents.
@Suite("Engine: document errors win, depth paths inside skipped values")
struct DocumentErrorPrecedenceTests: CapturesMappingErrors {
    struct Named: JSONMappable {
        var id = 0
        static let jsonMapping = JSONMapping<Named> { JSONMap(\.id, "id") }
    }


    /// `[` `depth` times and nothing else.
    static func unclosed(_ depth: Int) -> String { String(repeating: "[", count: depth) }

    /// The path of the container at `depth` inside nested first elements: `[0]` per level above it.
    static func firstElements(_ levels: Int) -> String { String(repeating: "[0]", count: levels) }

    @Test(arguments: [DecodingOptions.InvalidValuePolicy.throw, .skip, .collect])
    func aTooDeepDocumentWinsOverAnEarlierMismatch(policy: DecodingOptions.InvalidValuePolicy) {
        // [[[[… : the element [0] is an array where a model is wanted (a mismatch), and the
        // 513th container, at [0] × 512, crosses the default limit of 512.
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: policy)).decode([Named].self, from: Self.unclosed(100_000))
        }
        #expect(error == .depthLimitExceeded(path: Self.firstElements(512)))
        #expect(error?.location == JSONLocation(offset: 512, line: 1, column: 513))
    }

    @Test(arguments: [DecodingOptions.InvalidValuePolicy.throw, .skip, .collect])
    func anUnclosedDocumentWithinTheLimitIsASyntaxError(policy: DecodingOptions.InvalidValuePolicy) {
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: policy)).decode([Named].self, from: Self.unclosed(100))
        }
        guard case .syntax(_, let location)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        let offset = location.offset
        #expect(offset == 100)
    }

    @Test(arguments: [DecodingOptions.InvalidValuePolicy.throw, .skip, .collect])
    func aSkippedMismatchStillSeesASyntaxErrorInside(policy: DecodingOptions.InvalidValuePolicy) {
        // The value of "id" is an array (a mismatch, skipped); inside it "1,,2" is malformed at
        // byte 11, the second comma.
        let text = #"[{"id":[[1,,2]]}]"#
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: policy)).decode([Named].self, from: text)
        }
        guard case .syntax(_, let location)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        let offset = location.offset
        #expect(offset == 11)
    }

    // MARK: - Depth paths

    @Test func depthInsideAnUnmappedValueNamesItsContainer() {
        // root {, "skip" {, "x" [, [0] [, [0] { : the fifth container, at skip.x[0][0], is too deep.
        let text = #"{"id":1,"skip":{"y":2,"x":[[{"deep":[]}]]}}"#
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 4)).decode(Named.self, from: text)
        }
        #expect(error == .depthLimitExceeded(path: "skip.x[0][0]"))
    }

    @Test func depthInsideASkippedMismatchNamesItsContainer() {
        // "id" holds an array (skipped under .skip); its element [1] is [[2]], whose [0] is the
        // fourth container.
        let text = #"{"id": [[1],[[2]]]}"#
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip, maxDepth: 3)).decode(Named.self, from: text)
        }
        #expect(error == .depthLimitExceeded(path: "id[1][0]"))
    }

    @Test func depthPathsDecodeEscapedKeys() {
        let text = #"{"a\"b\u00e9":[[]]}"#
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 2)).decode(Named.self, from: text)
        }
        #expect(error == .depthLimitExceeded(path: "a\"b\u{E9}[0]"))
    }

    @Test func depthFromJSONValueParsingNamesItsContainer() {
        let shallow = DecodingOptions(maxDepth: 3)
        #expect(Self.failure { () throws(JSONMapperError) in try JSONValue(parsing: "[[[[1]]]]", options: shallow) }
                == .depthLimitExceeded(path: "[0][0][0]"))
        // a {, b [, [0] {: the fourth container is at a.b[1].
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONValue(parsing: #"{"a": {"b": [1, {"c": 1}]}, "z": 0}"#, options: DecodingOptions(maxDepth: 3))
        }
        #expect(error == .depthLimitExceeded(path: "a.b[1]"))
        #expect(error?.location == JSONLocation(offset: 16, line: 1, column: 17))
    }

    @Test func depthInsideACapturedValueNamesItsContainer() {
        // A JSONValue property captures its value whole; JSONValue trees hold at most 512 levels.
        struct Holder: JSONMappable {
            var raw: JSONValue = .null
            static let jsonMapping = JSONMapping<Holder> { JSONMap(\.raw, "raw") }
        }
        let text = #"{"raw":"# + Self.unclosed(600)
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 10_000)).decode(Holder.self, from: text)
        }
        // The captured value's 513th level is the container at raw[0] × 512.
        #expect(error == .depthLimitExceeded(path: "raw" + Self.firstElements(512)))
    }
}

extension DocumentErrorPrecedenceTests {
    @Test func inChunksASyntaxErrorAfterAMismatchWins() throws {
        // "a" is a mismatch for Int; the document breaks later, in another chunk, at byte 9.
        let decoder = JSONChunkDecoder([Int].self)
        try decoder.feed(Array(#"[1,"a","#.utf8))
        let error = Self.failure { () throws(JSONMapperError) in try decoder.feed(Array("2,]".utf8)) }
        guard case .syntax(_, let location)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        let offset = location.offset
        #expect(offset == 9)
    }
}
