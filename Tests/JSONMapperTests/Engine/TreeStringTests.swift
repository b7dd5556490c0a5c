import Foundation
import JSONMapper
import Testing

/// Strings decoded from a tree are the tree's own strings, not copies of their bytes.
@Suite("Tree strings")
struct TreeStringTests {
    struct Note: JSONMappable, Equatable {
        var title = ""
        var tags: [String: String] = [:]
        var count = 0
        static let jsonMapping = JSONMapping<Note> {
            JSONMap(\.title, "title")
            JSONMap(\.tags, "tags")
            JSONMap(\.count, "count")
        }
    }

    /// The address of a native string's UTF-8 storage (strings this long are never inline).
    private func storage(_ string: String) -> UnsafeRawPointer? {
        string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func stringsFromAFoundationTreeShareTheirStorage() throws {
        let title = String(repeating: "a long title, well past the inline size ", count: 3)
        let key = String(repeating: "a long dictionary key ", count: 2)
        let note = try JSONMapDecoder().decode(Note.self, fromJSONObject: ["title": title, "tags": [key: title]])
        #expect(note.title == title)
        #expect(storage(note.title) == storage(title))
        let (decodedKey, decodedValue) = try #require(note.tags.first)
        #expect(decodedKey == key && storage(decodedKey) == storage(key))
        #expect(storage(decodedValue) == storage(title))
    }

    @Test func stringsFromAJSONValueShareTheirStorage() throws {
        let title = String(repeating: "another long title for the test ", count: 3)
        let note = try JSONMapDecoder().decode(Note.self, from: JSONValue.object(JSONObject([("title", .string(title))])))
        #expect(storage(note.title) == storage(title))
    }

    @Test func aStringIsStillCoercedWhereTheTargetIsNotAString() throws {
        let note = try JSONMapDecoder().decode(Note.self, fromJSONObject: ["title": 42, "count": "17"])
        #expect(note == Note(title: "42", count: 17))
    }
}
