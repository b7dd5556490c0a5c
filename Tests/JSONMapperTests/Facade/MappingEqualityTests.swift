import Foundation
import Testing
@testable import JSONMapper

/// `jsonMappingEquals` / `jsonMappingHash` compare what the values mean: a set by its
/// members and a dictionary by its keys, whatever order they were filled in.
@Suite("Helpers: mapping equality and hash")
struct MappingEqualityTests {
    final class Tagged: JSONMappable {
        var tags: Set<String> = []
        var scores: [String: Int] = [:]
        var nested: [Set<Int>] = []
        required init() {}
        static var jsonMapping: JSONMapping<Tagged> {
            JSONMapping {
                JSONMap(\.tags, "tags")
                JSONMap(\.scores, "scores")
                JSONMap(\.nested, "nested")
            }
        }
    }

    static func hash(_ model: Tagged) -> Int {
        var hasher = Hasher()
        model.jsonMappingHash(into: &hasher)
        return hasher.finalize()
    }

    static let letters = ["a", "b", "c", "d", "e", "f", "g", "h"]

    static func decoded(_ tags: [String], _ scores: [(String, Int)], _ nested: [Int]) throws -> Tagged {
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        let scoreList = scores.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        let nestedList = nested.map(String.init).joined(separator: ",")
        return try JSONMapDecoder().decode(Tagged.self, from: #"{"tags":[\#(tagList)],"scores":{\#(scoreList)},"nested":[[\#(nestedList)]]}"#)
    }

    @Test func setsAndDictionariesFilledInAnotherOrderAreEqualWithEqualHashes() throws {
        let scores = Self.letters.enumerated().map { ($0.element, $0.offset) }
        let numbers = Array(0..<40)
        let a = try Self.decoded(Self.letters, scores, numbers)
        let b = try Self.decoded(Self.letters.reversed(), scores.reversed(), numbers.reversed())
        #expect(a.tags == b.tags)
        #expect(a.scores == b.scores)
        #expect(a.jsonMappingEquals(b))
        #expect(b.jsonMappingEquals(a))
        #expect(Self.hash(a) == Self.hash(b))
    }

    @Test func differentMembersAreNotEqual() throws {
        let a = try Self.decoded(Self.letters, [("a", 1)], [1, 2])
        let b = try Self.decoded(Array(Self.letters.dropLast()) + ["z"], [("a", 1)], [1, 2])
        let c = try Self.decoded(Self.letters, [("a", 2)], [1, 2])
        let d = try Self.decoded(Self.letters, [("a", 1)], [1, 3])
        #expect(!a.jsonMappingEquals(b))
        #expect(!a.jsonMappingEquals(c))
        #expect(!a.jsonMappingEquals(d))
    }
}
