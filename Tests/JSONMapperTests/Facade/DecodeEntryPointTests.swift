import Foundation
import Testing
@testable import JSONMapper

/// Every decode entry point takes the same inputs, and a string is read as the JSON it holds.
@Suite("Façade: decode entry points")
struct DecodeEntryPointTests {
    struct Counter: JSONMappable, Equatable {
        var n = 0
        static let jsonMapping = JSONMapping<Counter> { JSONMap(\.n, "n") }
    }

    static let text = #"{"n":1}"#

    @Test func aStringLiteralIsParsedAsJSON() throws {
        let result = try JSONMapDecoder().decodeReportingIssues(Counter.self, from: #"{"n":1}"#)
        #expect(result.value.n == 1)
        #expect(result.issues.isEmpty)
        #expect(try JSONMapDecoder().decode(Counter.self, from: #"{"n":1}"#).n == 1)
    }

    @Test func everyDecoderInputGivesTheSameModel() throws {
        let decoder = JSONMapDecoder()
        let bytes = Array(Self.text.utf8)
        let tree = try JSONValue(parsing: Self.text)
        let object = try JSONSerialization.jsonObject(with: Data(Self.text.utf8))
        let results: [Counter] = try [
            decoder.decode(from: Data(bytes)), decoder.decode(from: bytes), decoder.decode(from: Self.text),
            bytes.withUnsafeBytes { try decoder.decode(from: $0) }, decoder.decode(from: tree),
            decoder.decode(fromJSONObject: object),
        ]
        #expect(results == Array(repeating: Counter(n: 1), count: 6))
    }

    @Test func everyModelInitializerInputGivesTheSameModel() throws {
        let bytes = Array(Self.text.utf8)
        let tree = try JSONValue(parsing: Self.text)
        let object = try JSONSerialization.jsonObject(with: Data(Self.text.utf8))
        let results: [Counter] = try [
            Counter(fromJSON: Data(bytes)), Counter(fromJSON: bytes), Counter(fromJSON: Self.text),
            bytes.withUnsafeBytes { try Counter(fromJSON: $0) }, Counter(fromJSON: tree),
            Counter(fromJSONObject: object),
        ]
        #expect(results == Array(repeating: Counter(n: 1), count: 6))
    }

    @Test func everyUpdateInputSetsTheModel() throws {
        let bytes = Array(Self.text.utf8)
        let tree = try JSONValue(parsing: Self.text)
        let object = try JSONSerialization.jsonObject(with: Data(Self.text.utf8))
        var models = Array(repeating: Counter(), count: 6)
        try models[0].update(fromJSON: Data(bytes))
        try models[1].update(fromJSON: bytes)
        try models[2].update(fromJSON: Self.text)
        try bytes.withUnsafeBytes { try models[3].update(fromJSON: $0) }
        try models[4].update(fromJSON: tree)
        try models[5].update(fromJSONObject: object)
        #expect(models == Array(repeating: Counter(n: 1), count: 6))
    }

    @Test func everyValueParserInputGivesTheSameTree() throws {
        let bytes = Array(Self.text.utf8)
        let trees = try [
            JSONValue(parsing: Data(bytes)), JSONValue(parsing: bytes), JSONValue(parsing: Self.text),
            bytes.withUnsafeBytes { try JSONValue(parsing: $0) },
        ]
        #expect(trees == Array(repeating: ["n": 1], count: 4))
    }

    @Test func everyChunkInputFeedsTheDecoder() throws {
        let bytes = Array(Self.text.utf8)
        let chunks: [(JSONChunkDecoder<Counter>) throws -> Void] = [
            { try $0.feed(Data(bytes)) }, { try $0.feed(bytes) }, { try $0.feed(Self.text) },
            { decoder in try bytes.withUnsafeBytes { try decoder.feed($0) } },
        ]
        for feed in chunks {
            let decoder = JSONChunkDecoder(Counter.self)
            try feed(decoder)
            #expect(try decoder.finish() == Counter(n: 1))
        }
    }
}
