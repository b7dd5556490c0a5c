import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Recursive models and containers

    struct Graph: JSONMappable, Equatable {
        var id = 0
        var friends: [Graph] = []
        var byName: [String: Person] = [:]
        var profile: Person? = nil
        var tags: Set<String> = []
        var grid: [[Int]] = []
        var maybePeople: [Person?] = []
        var teams: [[Person]] = []
        var lookup: [String: [Int]] = [:]
        var children: [String: Graph] = [:]
        static let jsonMapping = JSONMapping<Graph> {
            JSONMap(\.id, "id")
            JSONMap(\.friends, "friends")
            JSONMap(\.byName, "byName")
            JSONMap(\.profile, "profile")
            JSONMap(\.tags, "tags")
            JSONMap(\.grid, "grid")
            JSONMap(\.maybePeople, "maybePeople")
            JSONMap(\.teams, "teams")
            JSONMap(\.lookup, "lookup")
            JSONMap(\.children, "children")
        }
    }

    @Test func recursiveModelsAndContainers() throws {
        let json = #"""
        {"id":1,
         "friends":[{"id":2,"friends":[{"id":3}]},{"id":4,"profile":null}],
         "byName":{"ann":{"name":"ann","age":3},"bob":{"name":"bob"}},
         "profile":{"name":"me","age":40},
         "tags":["x","y","x"],
         "grid":[[1,2],[],[3]],
         "maybePeople":[{"name":"p"},null],
         "teams":[[{"name":"a"}],[{"name":"b"},{"name":"c"}]],
         "lookup":{"odd":[1,3],"even":[]},
         "children":{"k":{"id":5,"children":{"kk":{"id":6}}}}}
        """#
        var expected = Graph(id: 1)
        expected.friends = [Graph(id: 2, friends: [Graph(id: 3)]), Graph(id: 4)]
        expected.byName = ["ann": Person(name: "ann", age: 3), "bob": Person(name: "bob")]
        expected.profile = Person(name: "me", age: 40)
        expected.tags = ["x", "y"]
        expected.grid = [[1, 2], [], [3]]
        expected.maybePeople = [Person(name: "p"), nil]
        expected.teams = [[Person(name: "a")], [Person(name: "b"), Person(name: "c")]]
        expected.lookup = ["odd": [1, 3], "even": []]
        expected.children = ["k": Graph(id: 5, children: ["kk": Graph(id: 6)])]
        #expect(try JSONMapDecoder().decode(Graph.self, from: json) == expected)
    }

    @Test func optionalNestedModel() throws {
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"id":1}"#).profile == nil)
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":null}"#).profile == nil)
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":{}}"#).profile == Person())
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":{"age":2}}"#).profile == Person(name: "", age: 2))
    }
}
