import Foundation
import Testing
@testable import JSONMapper

/// A model nested as deep as the default `maxDepth` lets it decode also encodes on a thread
/// with a 512 KiB stack (R5 of issue 13): the encode walk moves to a fresh stack every
/// `JSONWriter.modelsPerStack` models instead of running off the end of its thread's.
@Suite("Codecs: encoding deep models")
struct ModelEncodeDepthTests {
    // Sendable: a chain is built before the encode and only read by it, on whichever thread writes it.
    final class Chain: JSONMappable, @unchecked Sendable {
        var next: Chain?
        var value = 0.0
        required init() {}
        static let jsonMapping = JSONMapping<Chain> {
            JSONMap(\.next, "next")
            JSONMap(\.value, "value")
        }
    }

    struct Tree: JSONMappable, Sendable {
        var a: [Tree] = []
        var leaf = 0
        static let jsonMapping = JSONMapping<Tree> {
            JSONMap(\.a, "a")
            JSONMap(\.leaf, "leaf")
        }
    }

    /// `levels` objects nested through `key`, with `inner` innermost: a JSON object level per
    /// model, or an object and an array with `inArray`.
    static func nested(_ levels: Int, key: String, inArray: Bool, inner: String) -> String {
        let open = inArray ? "{\"\(key)\":[" : "{\"\(key)\":"
        let close = inArray ? "]}" : "}"
        return String(repeating: open, count: levels - 1) + inner + String(repeating: close, count: levels - 1)
    }

    /// Decodes `json` with the default options (so it is within `maxDepth`), then encodes the
    /// model on a 512 KiB stack; the model is released on a large stack (Swift releases
    /// nested values recursively).
    static func roundTrip<T: JSONMappable & Sendable>(_ type: T.Type, _ json: String) throws -> String {
        try onLargeStack {
            let model = try JSONMapDecoder().decode(T.self, from: json)
            return try onSmallStack { try JSONMapEncoder().encode(model, as: String.self) }
        }
    }

    @Test func aChainOfObjectsAsDeepAsTheDefaultLimitEncodes() throws {
        let levels = DecodingOptions().maxDepth
        let json = Self.nested(levels, key: "next", inArray: false, inner: #"{"value":1.5}"#)
        // Every level but the innermost writes its default value after the level inside.
        let expected = String(repeating: #"{"next":"#, count: levels - 1) + #"{"value":1.5}"# + String(repeating: #","value":0}"#, count: levels - 1)
        #expect(try Self.roundTrip(Chain.self, json) == expected)
    }

    @Test func aTreeOfArraysAsDeepAsTheDefaultLimitEncodes() throws {
        let levels = DecodingOptions().maxDepth / 2
        let json = Self.nested(levels, key: "a", inArray: true, inner: #"{"a":[],"leaf":7}"#)
        let expected = String(repeating: #"{"a":["#, count: levels - 1) + #"{"a":[],"leaf":7}"# + String(repeating: #"],"leaf":0}"#, count: levels - 1)
        #expect(try Self.roundTrip(Tree.self, json) == expected)
    }

    @Test func anErrorDeepInsideNamesItsWholePath() throws {
        let levels = 100
        let error = try onLargeStack {
            let chain = Chain()
            var last = chain
            for _ in 1..<levels {
                let next = Chain()
                last.next = next
                last = next
            }
            last.value = .nan
            return try onSmallStack {
                Result { () throws(JSONMapperError) in try JSONMapEncoder().encode(chain, as: String.self) }
            }
        }
        guard case .failure(.invalidValue(let path, _, _)) = error else {
            Issue.record("expected an invalid value, got \(error)")
            return
        }
        #expect(path == String(repeating: "next.", count: levels - 1) + "value")
    }
}
