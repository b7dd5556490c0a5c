import Foundation
import Testing
@testable import JSONMapper

/// Decoding from a tree in memory (a `JSONValue`, Foundation objects) walks it without
/// recursion, so a raised `maxDepth` is safe on any thread, as it is for parsed bytes.
@Suite("Engine: deep trees")
struct TreeDepthTests {
    struct Node: JSONMappable {
        var a: [Node] = []
        var leaf = 0
        static let jsonMapping = JSONMapping<Node> {
            JSONMap(\.a, "a")
            JSONMap(\.leaf, "leaf")
        }

        /// Takes the chain apart level by level, returning its depth and its leaf: releasing a
        /// deep chain whole would recurse once per level in Swift's own deinit.
        consuming func dismantle() -> (depth: Int, leaf: Int) {
            var depth = 1
            var node = self
            while let next = node.a.popLast() {
                node = next
                depth += 1
            }
            return (depth, node.leaf)
        }
    }

    /// Deep enough that a walk of a few hundred bytes of stack per level overflows 512 KiB.
    static let depth = 2_000
    static let unlimited = DecodingOptions(maxDepth: 1_000_000)

    /// `{"a":[{"a":[… {"leaf":7} …]}]}`
    static var deepValue: JSONValue {
        var value: JSONValue = ["leaf": 7]
        for _ in 1..<depth { value = ["a": [value]] }
        return value
    }

    static var deepFoundation: [String: Any] {
        var value: [String: Any] = ["leaf": 7]
        for _ in 1..<depth { value = ["a": [value]] }
        return value
    }

    // The trees are built and released on a large stack (Swift releases nested containers
    // recursively); only the decode runs on the small one.

    @Test func aDeepJSONValueDecodesOnASmallStack() throws {
        let (depth, leaf) = try onLargeStack {
            let value = Self.deepValue
            return try onSmallStack { try JSONMapDecoder(options: Self.unlimited).decode(Node.self, from: value) }.dismantle()
        }
        #expect(depth == Self.depth)
        #expect(leaf == 7)
    }

    @Test func aDeepFoundationTreeDecodesOnASmallStack() throws {
        let (depth, leaf) = try onLargeStack {
            // `[String: Any]` is not Sendable; the small-stack thread only reads it while this one waits.
            nonisolated(unsafe) let object = Self.deepFoundation
            return try onSmallStack { try JSONMapDecoder(options: Self.unlimited).decode(Node.self, fromJSONObject: object) }.dismantle()
        }
        #expect(depth == Self.depth)
        #expect(leaf == 7)
    }

    @Test func theDepthLimitStillHoldsForTrees() throws {
        let errors = try onLargeStack {
            let limited = JSONMapDecoder(options: DecodingOptions(maxDepth: 100))
            let value = Self.deepValue
            nonisolated(unsafe) let object = Self.deepFoundation
            return [Result { () throws(JSONMapperError) in _ = try limited.decode(Node.self, from: value) },
                    Result { () throws(JSONMapperError) in _ = try limited.decode(Node.self, fromJSONObject: object) }]
        }
        for result in errors {
            guard case .failure(.depthLimitExceeded(let path, _)) = result else {
                Issue.record("expected a depth error, got \(result)")
                continue
            }
            // The 101st container: `a` then `[0]` fifty times.
            #expect(path == Array(repeating: "a[0]", count: 50).joined(separator: "."))
        }
    }
}
