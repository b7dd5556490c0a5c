import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Concurrency: first use of several types from many tasks at once

    struct ConcLeaf: JSONMappable, Equatable, Sendable {
        var v = 0
        var s = ""
        static let jsonMapping = JSONMapping<ConcLeaf> {
            JSONMap(\.v, "v")
            JSONMap(\.s, ["s", "S"])
        }
    }

    struct ConcNode: JSONMappable, Equatable, Sendable {
        var id: Int64 = 0
        var leaves: [ConcLeaf] = []
        var children: [ConcNode] = []
        var city = ""
        var tags: Set<String> = []
        static let jsonMapping = JSONMapping<ConcNode> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.leaves, "leaves")
            JSONMap(\.children, "children")
            JSONMap(\.city, "addr.city")
            JSONMap(\.tags, "tags")
        }
    }

    struct ConcSnake: JSONMappable, Equatable, Sendable {
        var userName = ""
        var score = 0.0
        var nodes: [String: ConcNode] = [:]
        static let jsonMapping = JSONMapping<ConcSnake>(keyStrategy: .snakeCase) {
            JSONMap(\.userName, "userName")
            JSONMap(\.score, "scoreValue")
            JSONMap(\.nodes, "nodes")
        }
    }

    final class ConcClass: JSONMappable {
        var id = 0
        var leaf = ConcLeaf()
        required init() {}
        static let jsonMapping = JSONMapping<ConcClass> {
            JSONMap(\.id, "id")
            JSONMap(\.leaf, "leaf")
        }
    }

    struct ConcResult: Equatable, Sendable {
        var node: ConcNode
        var snake: ConcSnake
        var classID: Int
        var classLeaf: ConcLeaf
        var leaves: [ConcLeaf]
    }

    static let concNodeJSON = #"{"id":1,"leaves":[{"v":1,"s":"a"},{"S":"b","v":2}],"children":[{"id":2,"addr":{"city":"Rome"},"tags":["t","t","u"]}],"addr":{"city":"Oslo"}}"#
    static let concSnakeJSON = #"{"user_name":"ann","score_value":"2.5","nodes":{"n":{"id":9}}}"#
    static let concClassJSON = #"{"id":7,"leaf":{"v":3,"S":"c"}}"#
    static let concLeavesJSON = #"[{"v":10},{"s":"z","S":"y"}]"#

    static func decodeConcurrencyTypes() throws(JSONMapperError) -> ConcResult {
        let node = try JSONMapDecoder().decode(ConcNode.self, from: concNodeJSON)
        let snake = try JSONMapDecoder().decode(ConcSnake.self, from: concSnakeJSON)
        let object = try JSONMapDecoder().decode(ConcClass.self, from: concClassJSON)
        let leaves = try JSONMapDecoder().decode([ConcLeaf].self, from: concLeavesJSON)
        return ConcResult(node: node, snake: snake, classID: object.id, classLeaf: object.leaf, leaves: leaves)
    }

    @Test func concurrentFirstUseOfNewTypes() async throws {
        let results = try await withThrowingTaskGroup(of: [ConcResult].self) { group in
            for _ in 0..<32 {
                group.addTask {
                    var results: [ConcResult] = []
                    for _ in 0..<20 { results.append(try Self.decodeConcurrencyTypes()) }
                    return results
                }
            }
            var all: [ConcResult] = []
            for try await batch in group { all += batch }
            return all
        }
        #expect(results.count == 32 * 20)

        let single = try Self.decodeConcurrencyTypes()
        let expected = ConcResult(
            node: ConcNode(id: 1, leaves: [ConcLeaf(v: 1, s: "a"), ConcLeaf(v: 2, s: "b")],
                           children: [ConcNode(id: 2, city: "Rome", tags: ["t", "u"])], city: "Oslo"),
            snake: ConcSnake(userName: "ann", score: 2.5, nodes: ["n": ConcNode(id: 9)]),
            classID: 7, classLeaf: ConcLeaf(v: 3, s: "c"),
            leaves: [ConcLeaf(v: 10), ConcLeaf(v: 0, s: "z")])
        #expect(single == expected)
        #expect(results.allSatisfy { $0 == single })
    }
}
