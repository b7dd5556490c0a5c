import Foundation
import Testing
@testable import JSONMapper

/// Each row of the "Coming from JSONDecoder" article, checked against both decoders, and the
/// README's first screen links the article.
@Suite("Facade: what differs from JSONDecoder")
struct ComingFromJSONDecoderTests {
    struct Event: JSONMappable, Codable, Equatable {
        var id = 0
        var name = "none"
        var at = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name")
            JSONMap(\.at, "at")
        }
    }

    struct Flag: JSONMappable, Codable, Equatable {
        var on = false
        static let jsonMapping = JSONMapping<Flag> { JSONMap(\.on, "on") }
    }

    static func foundation<T: Decodable>(_ type: T.Type, _ json: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static func mapper<T: JSONMappableValue>(_ type: T.Type, _ json: String, _ options: DecodingOptions = DecodingOptions()) -> T? {
        try? JSONMapDecoder(options: options).decode(type, from: json)
    }

    @Test func numericDatesAreUnixTimeNot2001() {
        let json = #"{"id":1,"name":"a","at":1000000000}"#
        #expect(Self.mapper(Event.self, json)?.at == Date(timeIntervalSince1970: 1_000_000_000))
        #expect(Self.foundation(Event.self, json)?.at == Date(timeIntervalSinceReferenceDate: 1_000_000_000))
        // Milliseconds on request.
        #expect(Self.mapper(Event.self, #"{"at":1000000000000}"#, DecodingOptions(dateUnit: .millisecondsSince1970))?.at
                == Date(timeIntervalSince1970: 1_000_000_000))
    }

    @Test func datesAreWrittenAsISO8601() throws {
        let event = Event(id: 1, name: "a", at: Date(timeIntervalSince1970: 0))
        #expect(try JSONMapEncoder().encode(event, as: String.self) == #"{"id":1,"name":"a","at":"1970-01-01T00:00:00Z"}"#)
        let foundation = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(foundation.contains(#""at":-978307200"#))
    }

    @Test func coercionIsLenientByDefault() {
        #expect(Self.mapper(Event.self, #"{"id":"42"}"#)?.id == 42)
        #expect(Self.foundation(Event.self, #"{"id":"42","name":"a","at":0}"#) == nil)
        #expect(Self.mapper(Flag.self, #"{"on":1}"#)?.on == true)
        #expect(Self.foundation(Flag.self, #"{"on":1}"#) == nil)
        #expect(Self.mapper(Event.self, #"{"id":20.0,"name":7}"#) == Event(id: 20, name: "7"))
        #expect(Self.foundation(Event.self, #"{"id":1,"name":7,"at":0}"#) == nil)
        #expect(Self.mapper(Event.self, #"{"id":"42"}"#, .strict) == nil)
    }

    @Test func dateStringsAreReadWithoutAStrategy() {
        let json = #"{"at":"2013-01-07T12:00:24Z"}"#
        #expect(Self.mapper(Event.self, json)?.at == Date(timeIntervalSince1970: 1_357_560_024))
        #expect(Self.foundation(Event.self, #"{"id":1,"name":"a","at":"2013-01-07T12:00:24Z"}"#) == nil)
    }

    @Test func aRepeatedKeyKeepsTheLastValue() {
        #expect(Self.mapper(Event.self, #"{"id":1,"id":2}"#)?.id == 2)
        #expect(Self.foundation(Event.self, #"{"id":1,"id":2,"name":"a","at":0}"#)?.id == 1)
    }

    @Test func missingKeysAndNullKeepDefaults() {
        #expect(Self.mapper(Event.self, #"{"id":1}"#) == Event(id: 1))
        #expect(Self.mapper(Event.self, #"{"id":1,"name":null}"#) == Event(id: 1))
        #expect(Self.foundation(Event.self, #"{"id":1}"#) == nil)
        #expect(Self.foundation(Event.self, #"{"id":1,"name":null,"at":0}"#) == nil)
        #expect(Self.mapper(Event.self, #"{"id":1}"#, DecodingOptions(requiresNonOptionalKeys: true)) == nil)
    }

    @Test func theReadmeFirstScreenLinksTheArticle() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(25).joined(separator: "\n")
        let article = "Sources/JSONMapper/Documentation.docc/ComingFromJSONDecoder.md"
        #expect(firstScreen.contains("(\(article))"))
        let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
        #expect(text.hasPrefix("# Coming from JSONDecoder"))
        let catalog = try String(contentsOf: root.appendingPathComponent("Sources/JSONMapper/Documentation.docc/JSONMapper.md"), encoding: .utf8)
        #expect(catalog.contains("<doc:ComingFromJSONDecoder>"))
    }
}
