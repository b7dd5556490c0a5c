import Foundation
import Testing
@testable import JSONMapper

/// From bytes, the keys of a model's object are looked up by the parser's C key callback (in each
/// `ObjectHandler`'s `KeyRoute`), from a tree by `ObjectHandler.key`. Both must find the same
/// entries, for every key length the lookup treats apart, at every level of a model, and around
/// values that are skipped or captured.
@Suite("Codecs: model keys looked up in C")
struct KeyRouteTests {
    /// Keys of every length class the lookup compares differently: up to three bytes, four to
    /// seven, eight to sixteen (two words) and longer (two words and the middle bytes).
    struct Lengths: JSONMappable, Equatable {
        var one = 0
        var three = 0
        var four = 0
        var seven = 0
        var eight = 0
        var sixteen = 0
        var long = 0
        static let jsonMapping = JSONMapping<Lengths> {
            JSONMap(\.one, "a")
            JSONMap(\.three, "abc")
            JSONMap(\.four, "abcd")
            JSONMap(\.seven, "abcdefg")
            JSONMap(\.eight, "abcdefgh")
            JSONMap(\.sixteen, "sixteen_bytes_ky")
            JSONMap(\.long, "a_key_longer_than_16_X_end")
        }
    }

    struct Item: JSONMappable, Equatable {
        var id = 0
        var tag = ""
        static let jsonMapping = JSONMapping<Item> {
            JSONMap(\.id, "id")
            JSONMap(\.tag, "tag")
        }
    }

    /// Has the did-map hook, so its object is captured whole before it is read.
    struct Hooked: JSONMappable, JSONDidMapHook, Equatable {
        var id = 0
        var keys = 0
        static let jsonMapping = JSONMapping<Hooked> { JSONMap(\.id, "id") }
        mutating func didMap(from object: JSONValue) throws { keys = object.object?.count ?? -1 }
    }

    struct Outer: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var city = ""
        var items: [Item] = []
        var hooked = Hooked()
        var after = ""
        static let jsonMapping = JSONMapping<Outer> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "user.name")
            JSONMap(\.city, "user.address.city")
            JSONMap(\.items, "items")
            JSONMap(\.hooked, "hooked")
            JSONMap(\.after, "after")
        }
    }

    /// `text` decoded whole, in chunks, as a record of a stream, and from its tree.
    static func decodings<T: JSONMappable & Sendable>(_ type: T.Type, _ text: String,
                                                      options: DecodingOptions = DecodingOptions()) -> [Result<T, JSONMapperError>] {
        let bytes = Array(text.utf8)
        var results = [Result { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(T.self, from: bytes) }]
        for size in [1, 6] {
            results.append(Result { () throws(JSONMapperError) in
                try TokenJoinerTests.decodeInChunks(T.self, bytes, chunkSize: size, options: options)
            })
        }
        var rejection: JSONMapperError?
        let records = JSONRecordDecoder(options: options, workers: 2).records(T.self, from: .bytes(bytes + [0x0A])) { rejection = $0.error }
        let record = records.first { _ in true }.map { $0.map(\.value) }
        results.append(record ?? .failure(rejection ?? .invalidValue(path: "", reason: "neither a record nor a rejection")))
        results.append(Result { () throws(JSONMapperError) in
            try JSONMapDecoder(options: options).decode(T.self, from: try JSONValue(parsing: bytes, options: options))
        })
        return results
    }

    @Test func keysOfEveryLengthFindTheirProperties() throws {
        // Each unknown key follows a known one of its length (a key found twice would take the
        // second value); the last two share its first and last eight bytes too, and differ only
        // in the middle: in its first middle word, and in the second alone (byte 16).
        let text = #"""
        {"a": 1, "b": 90, "abc": 3, "abd": 91, "abcd": 4, "abce": 92, "abcdefg": 7, "abcdefh": 93,
         "abcdefgh": 8, "abcdefgi": 94, "sixteen_bytes_ky": 16, "sixteen_bytes_kz": 95,
         "a_key_longer_than_16_X_end": 26, "a_key_loNGER_than_16_X_end": 96, "a_key_longer_thaN_16_X_end": 97}
        """#
        let expected = Lengths(one: 1, three: 3, four: 4, seven: 7, eight: 8, sixteen: 16, long: 26)
        for result in Self.decodings(Lengths.self, text) { #expect(try result.get() == expected) }
    }

    @Test func eachLevelFindsOnlyItsOwnKeys() throws {
        let text = #"""
        {"items": [{"id": 10, "name": "no", "tag": "x"}, {"tag": "y", "id": 11, "after": "no"}],
         "user": {"id": 99, "name": "Ann", "address": {"name": "no", "city": "Oslo", "id": 98}},
         "hooked": {"id": 5, "after": "no", "skip": {"id": 97}}, "after": "yes", "id": 1, "name": "no"}
        """#
        let expected = Outer(id: 1, name: "Ann", city: "Oslo", items: [Item(id: 10, tag: "x"), Item(id: 11, tag: "y")],
                             hooked: Hooked(id: 5, keys: 3), after: "yes")
        for result in Self.decodings(Outer.self, text) { #expect(try result.get() == expected) }
    }

    @Test func keysAfterSkippedAndMismatchedValuesAreFound() throws {
        let text = #"""
        {"user": [1, {"name": "no"}], "skip": {"id": 96, "user": {"name": "no"}}, "items": {"id": 95},
         "id": 2, "user": {"address": 7, "name": "Bo"}, "after": "z"}
        """#
        let options = DecodingOptions(invalidValuePolicy: .skip)
        let expected = Outer(id: 2, name: "Bo", after: "z")
        for result in Self.decodings(Outer.self, text, options: options) { #expect(try result.get() == expected) }
    }

    @Test func anUnknownKeysValueNestsWithinTheDepthLimit() throws {
        // The object under "user" is at depth 2; the unknown key's value opens three more.
        let text = #"{"user": {"other": [[{"x": 1}]], "name": "Cy"}, "id": 3}"#
        for result in Self.decodings(Outer.self, text, options: DecodingOptions(maxDepth: 5)) {
            #expect(try result.get() == Outer(id: 3, name: "Cy"))
        }
        for result in Self.decodings(Outer.self, text, options: DecodingOptions(maxDepth: 4)) {
            guard case .failure(.depthLimitExceeded) = result else {
                Issue.record("\(result) is not a depth-limit error")
                continue
            }
        }
    }

    @Test func aKeyOverTheStringLimitFailsAsEverywhere() {
        let text = #"{"user": {"a_key_of_twenty_bytes": 1}, "id": 4}"#
        let options = DecodingOptions(maxStringBytes: 12)
        guard case .failure(let expected) = Result(catching: { () throws(JSONMapperError) in
            try JSONValue(parsing: Array(text.utf8), options: options)
        }) else {
            Issue.record("the key passes the string limit")
            return
        }
        for result in Self.decodings(Outer.self, text, options: options) {
            guard case .failure(let error) = result else {
                Issue.record("\(result) decoded past a key over the limit")
                continue
            }
            #expect(error.location == expected.location)
            #expect("\(error)" == "\(expected)")
        }
    }
}
