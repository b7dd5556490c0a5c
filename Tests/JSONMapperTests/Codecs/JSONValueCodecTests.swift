import Foundation
import Testing
@testable import JSONMapper

/// `JSONValue` as a property type: a sub-tree kept as raw JSON, decoded from bytes, chunks and
/// trees, and written back as it was read. Expected trees and texts are written by hand.
@Suite("JSONValue properties")
struct JSONValuePropertyTests {
    struct Event: JSONMappable, Equatable {
        var id = 0
        var metadata: JSONValue = .null
        var extra: JSONValue?
        var tags: [JSONValue] = []
        var fields: [String: JSONValue] = [:]
        var nested: JSONValue?
        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.id, "id")
            JSONMap(\.metadata, "metadata")
            JSONMap(\.extra, "extra")
            JSONMap(\.tags, "tags")
            JSONMap(\.fields, "fields")
            JSONMap(\.nested, "data.inner")
        }
    }

    static let text = #"{"id":7,"metadata":{"z":[1,2.50,{"b":null}],"big":123456789012345678901234567890,"s":"é\n","a":true},"extra":"x","tags":[1,"two",[3],{"four":4}],"fields":{"k":{"v":[-0.0]}},"data":{"inner":[{}]}}"#

    static let metadata: JSONValue = [
        "z": [1, .number(JSONNumber(text: "2.50")!), ["b": .null]],
        "big": .number(JSONNumber(text: "123456789012345678901234567890")!),
        "s": "é\n",
        "a": true,
    ]

    static let expected = Event(
        id: 7, metadata: metadata, extra: "x", tags: [1, "two", [3], ["four": 4]],
        fields: ["k": ["v": [.number(JSONNumber(text: "-0.0")!)]]], nested: [[:]])

    @Test func decodedFromBytesAndWrittenBackAsItWas() throws {
        let event = try JSONMapDecoder().decode(Event.self, from: Self.text)
        #expect(event == Self.expected)
        #expect(event.metadata.object?.keys == ["z", "big", "s", "a"])
        #expect(event.metadata[path: "z[1]"]?.number?.text == "2.50")
        // Everything the model maps, in the mapping's order, each sub-tree as it came. (The
        // text has one key in `fields`: a Swift dictionary has an order of its own.)
        #expect(try JSONMapEncoder().encode(event, as: String.self) == Self.text)
    }

    @Test func decodedFromChunksOfAnySize() throws {
        for size in [1, 2, 7, 64] {
            let decoder = JSONChunkDecoder(Event.self)
            let bytes = Array(Self.text.utf8)
            for start in stride(from: 0, to: bytes.count, by: size) {
                try decoder.feed(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            #expect(try decoder.finish() == Self.expected, "chunks of \(size)")
        }
    }

    @Test func decodedFromTrees() throws {
        let tree = try JSONValue(parsing: Self.text)
        #expect(try JSONMapDecoder().decode(Event.self, from: tree) == Self.expected)
        let foundation = try JSONSerialization.jsonObject(with: Data(#"{"metadata":{"a":[1,"b",null,true]},"extra":null}"#.utf8))
        let event = try JSONMapDecoder().decode(Event.self, fromJSONObject: foundation)
        #expect(event.metadata == ["a": [1, "b", .null, true]])
        #expect(event.extra == nil)
    }

    @Test func scalarsNullAndAbsentKeys() throws {
        let scalars = try JSONMapDecoder(options: .strict).decode(Event.self, from: #"{"metadata":12.5,"extra":false,"tags":[null]}"#)
        #expect(scalars.metadata == .number(JSONNumber(text: "12.5")!))
        #expect(scalars.extra == false)
        #expect(scalars.tags == [.null])
        // `null` is a JSON value of its own for a JSONValue, and no value for a JSONValue?.
        let null = try JSONMapDecoder(options: .strict).decode(Event.self, from: #"{"metadata":{"a":1},"extra":null}"#)
        #expect(null.extra == nil)
        var updated = null
        try updated.update(fromJSON: #"{"metadata":null}"#)
        #expect(updated.metadata == .null)
        #expect(try JSONMapDecoder().decode(Event.self, from: "{}") == Event())
    }

    @Test func topLevelValues() throws {
        #expect(try JSONMapDecoder().decode(JSONValue.self, from: #"[1,{"a":"b"}]"#) == [1, ["a": "b"]])
        #expect(try JSONMapDecoder().decode(JSONValue.self, from: "null") == .null)
        #expect(try JSONMapDecoder().decode([String: JSONValue].self, from: #"{"a":[],"b":{}}"#) == ["a": [], "b": [:]])
        let ordered: JSONValue = ["b": 1, "a": [true]]
        #expect(try JSONMapEncoder().encode(ordered, as: String.self) == #"{"b":1,"a":[true]}"#)
    }

    /// A key shared by a raw property and a key path into it (captured once, fed to both).
    struct Shared: JSONMappable, Equatable {
        var user: JSONValue = .null
        var userID = 0
        static let jsonMapping = JSONMapping<Shared> {
            JSONMap(\.user, "user")
            JSONMap(\.userID, "user.id")
        }
    }

    @Test func sharedKeys() throws {
        let shared = try JSONMapDecoder().decode(Shared.self, from: #"{"user":{"id":3,"name":"ann"}}"#)
        #expect(shared == Shared(user: ["id": 3, "name": "ann"], userID: 3))
    }

    /// A model whose hook needs the whole object is decoded from a capture replayed as events.
    struct Hooked: JSONMappable, JSONWillMapHook, Equatable {
        var raw: JSONValue = .null
        var items: [Hooked] = []
        static let jsonMapping = JSONMapping<Hooked> {
            JSONMap(\.raw, "raw")
            JSONMap(\.items, "items")
        }
        static func willMap(_ object: JSONValue) throws -> JSONValue? { object }
    }

    @Test func insideModelsWithHooks() throws {
        let hooked = try JSONMapDecoder().decode(Hooked.self, from: #"{"raw":{"a":[1]},"items":[{"raw":[{"b":2}]}]}"#)
        #expect(hooked == Hooked(raw: ["a": [1]], items: [Hooked(raw: [["b": 2]])]))
    }

    @Test func deepRawTreesStopAtTheDepthLimit() {
        let deep = #"{"metadata":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Event.self, from: deep) }
    }

    @Test func errorsAfterARawTreeKeepTheirPaths() {
        #expect(throws: JSONMapperError.typeMismatch(path: "id", expected: "Int", found: "string \"x\"")) {
            try JSONMapDecoder().decode(Event.self, from: #"{"metadata":{"a":[{}]},"tags":[[]],"id":"x"}"#)
        }
    }
}
