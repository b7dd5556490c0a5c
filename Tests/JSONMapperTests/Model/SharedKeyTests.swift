import Foundation
import Testing
@testable import JSONMapper

/// Several properties on one key: each is set from it; encoding writes the key from the first
/// declared; the mapping-equality helpers still see the others; and a mapping whose properties
/// would write the key differently says so.
@Suite("Model: properties sharing a key")
struct SharedKeyTests {
    /// The issue's case: the key read plainly and through a date format.
    struct Post: JSONMappable {
        var raw = ""
        var day = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<Post> {
            JSONMap(\.raw, "date")
            JSONMap(\.day, "date", transform: .date(format: "yyyy-MM-dd"))
        }
    }

    /// Two properties of one type read the key the same way: nothing to warn about.
    struct Mirror: JSONMappable {
        var id = 0
        var copy = 0
        var name = ""
        static let jsonMapping = JSONMapping<Mirror> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name")
            JSONMap(\.copy, "id")
        }
    }

    struct TwoFormats: JSONMappable {
        var day = Date(timeIntervalSince1970: 0)
        var stamp = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<TwoFormats> {
            JSONMap(\.day, "when", transform: .date(format: "yyyy-MM-dd"))
            JSONMap(\.stamp, "when", transform: .date(format: "dd/MM/yyyy"))
        }
    }

    /// A key path below a key another property writes whole.
    struct Nested: JSONMappable {
        var profile = JSONValue.null
        var city = ""
        static let jsonMapping = JSONMapping<Nested> {
            JSONMap(\.profile, "profile")
            JSONMap(\.city, "profile.city")
        }
    }

    @Test func eachPropertyIsSetAndTheFirstDeclaredWritesTheKey() throws {
        var post = try JSONMapDecoder().decode(Post.self, from: #"{"date":"2013-01-07"}"#)
        #expect(post.raw == "2013-01-07")
        #expect(post.day == Date(timeIntervalSince1970: 1_357_516_800))
        post.day = Date(timeIntervalSince1970: 0)
        post.raw = "2020-02-02"
        #expect(try JSONMapEncoder().encode(post, as: String.self) == #"{"date":"2020-02-02"}"#)
    }

    @Test func mappingEqualityComparesThePropertiesThatAreNotWritten() throws {
        let a = try JSONMapDecoder().decode(Post.self, from: #"{"date":"2013-01-07"}"#)
        var b = a
        #expect(a.jsonMappingEquals(b))
        b.day = Date(timeIntervalSince1970: 86_400)
        #expect(!a.jsonMappingEquals(b))
        #expect(!b.jsonMappingEquals(a))

        let nested = try JSONMapDecoder().decode(Nested.self, from: #"{"profile":{"city":"Oslo"}}"#)
        var moved = nested
        #expect(nested.jsonMappingEquals(moved))
        moved.city = "Bergen"
        #expect(!nested.jsonMappingEquals(moved))
        // The encoder's own output is unchanged: the object alone.
        #expect(try JSONMapEncoder().encode(moved, as: String.self) == #"{"profile":{"city":"Oslo"}}"#)
    }

    @Test func equalModelsWithUnwrittenPropertiesHashAlike() throws {
        let a = try JSONMapDecoder().decode(Post.self, from: #"{"date":"2013-01-07"}"#)
        let b = try JSONMapDecoder().decode(Post.self, from: #"{"date":"2013-01-07"}"#)
        var first = Hasher(), second = Hasher()
        a.jsonMappingHash(into: &first)
        b.jsonMappingHash(into: &second)
        #expect(first.finalize() == second.finalize())
    }

    @Test func propertiesThatWouldWriteASharedKeyDifferentlyAreWarnedAbout() {
        #expect(Post.jsonMappingWarnings == [
            #"Post: \Post.day and \Post.raw share the key "date"; encoding writes only \Post.raw (the first declared), which writes it differently, so the JSON may not decode back into \Post.day"#,
        ])
        #expect(TwoFormats.jsonMappingWarnings.count == 1)
        #expect(Mirror.jsonMappingWarnings.isEmpty)
        #expect(Nested.jsonMappingWarnings.isEmpty)
    }
}
