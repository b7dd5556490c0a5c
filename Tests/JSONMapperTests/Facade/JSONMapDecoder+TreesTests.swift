import Foundation
import Testing
@testable import JSONMapper

/// JSONValue, decoding from trees (both walks of the YYModel choice), hooks and class
/// polymorphism. Expected values are written by hand.
@Suite("Trees and hooks")
struct TreeAndHookTests {

    // MARK: - Models

    struct Profile: JSONMappable, Equatable {
        var id: Int64 = 0
        var name = ""
        var avatar = ""
        var city = ""
        var tags: [String] = []
        var first = ""
        static let jsonMapping = JSONMapping<Profile> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.name, ["screen_name", "name"])
            JSONMap(\.avatar, "images.avatar")
            JSONMap(\.city, "address.city")
            JSONMap(\.tags, "tags")
            JSONMap(\.first, "tags[0]")
        }
    }

    struct Feed: JSONMappable, Equatable {
        var profiles: [Profile] = []
        var byName: [String: Profile] = [:]
        static let jsonMapping = JSONMapping<Feed> {
            JSONMap(\.profiles, "profiles")
            JSONMap(\.byName, "byName")
        }
    }

    // MARK: - JSONValue

    @Test func jsonValueKeepsOrderLastDuplicateAndExactNumbers() throws {
        let value = try JSONValue(parsing: #"{"b": 1, "a": [true, null, "x"], "b": 2, "big": 18446744073709551615, "d": 0.1}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["b", "a", "big", "d"])
        #expect(value["b"] == 2)
        #expect(value["a"]?[2] == "x")
        #expect(value["a"]?[1]?.isNull == true)
        #expect(value["big"]?.number?.uint64Value == UInt64.max)
        #expect(value["big"]?.number?.int64Value == nil)
        #expect(value["d"]?.number?.decimalValue == Decimal(string: "0.1"))
        #expect(value["d"]?.number?.doubleValue == 0.1)
        #expect(value[path: "a[2]"] == "x")
        #expect(value[path: "a[7]"] == nil)
        #expect(value.description == #"{"b":2,"a":[true,null,"x"],"big":18446744073709551615,"d":0.1}"#)
    }

    @Test func jsonValueEqualityIgnoresKeyOrder() throws {
        #expect(try JSONValue(parsing: #"{"a": 1, "b": [1, 2]}"#) == JSONValue(parsing: #"{"b": [1, 2], "a": 1}"#))
        #expect(try JSONValue(parsing: "[1, 2]") != JSONValue(parsing: "[2, 1]"))
    }

    @Test func jsonValueParsingErrors() {
        #expect(throws: JSONMapperError.emptyInput) { try JSONValue(parsing: "  ") }
        // The 11th array is too deep; its path is [0] for each of the ten around it.
        #expect(throws: JSONMapperError.depthLimitExceeded(path: String(repeating: "[0]", count: 10))) {
            try JSONValue(parsing: String(repeating: "[", count: 20) + String(repeating: "]", count: 20),
                          options: DecodingOptions(maxDepth: 10))
        }
        do throws(JSONMapperError) {
            _ = try JSONValue(parsing: "{\"a\" 1}")
            Issue.record("expected a syntax error")
        } catch {
            guard case .syntax(_, let location) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(location == JSONLocation(offset: 5, line: 1, column: 6))
        }
    }

    // MARK: - Tree decoding, both walks

    static let wide: JSONValue = {
        var members: [(String, JSONValue)] = (0..<60).map { ("extra\($0)", .number(JSONNumber($0))) }
        members += [("name", "fallback"), ("id", 7), ("images", ["avatar": "a.png"]),
                    ("address", ["city": "Lyon", "zip": "69000"]), ("tags", ["x", "y"]), ("screen_name", "preferred")]
        return .object(JSONObject(members))
    }()

    static let narrow: JSONValue = ["screen_name": "preferred", "id": 7]

    @Test func wideObjectsAreWalkedByTheModelsKeysNarrowOnesByTheirMembers() throws {
        let session = DecodingSession(options: DecodingOptions(), checksWholeDocument: false)
        let codec = valueCodec(for: Profile.self)
        let root = RootHandler(codec: codec)
        var result: Profile?
        try withUnsafeMutablePointer(to: &result) { slot in
            defer { session.unwind() }
            session.pushBorrowed(handler: .passUnretained(root), storage: UnsafeMutableRawPointer(slot), state: nil)
            let before = session.frameCount
            try codec.begin(isObject: true, session)
            if case .mappedKeys(let keys) = session.memberWalk(count: 66, framesBefore: before) {
                #expect(Set(keys) == ["id", "screen_name", "name", "images", "address", "tags"])
            } else {
                Issue.record("a 66-key object against a 6-key model should be walked by the model's keys")
            }
            if case .all = session.memberWalk(count: 2, framesBefore: before) {} else {
                Issue.record("a 2-key object should be walked member by member")
            }
        }
        withExtendedLifetime(root) {}
    }

    @Test func bothWalksGiveTheModelThatStreamingGives() throws {
        let expected = Profile(id: 7, name: "preferred", avatar: "a.png", city: "Lyon", tags: ["x", "y"], first: "x")
        let fromText = try JSONMapDecoder().decode(Profile.self, from: Self.wide.description)
        #expect(fromText == expected)
        #expect(try Profile(jsonValue: Self.wide) == expected)
        let foundation = try JSONSerialization.jsonObject(with: Data(Self.wide.description.utf8)) as! [String: Any]
        #expect(try Profile(dictionary: foundation) == expected)

        let narrowExpected = Profile(id: 7, name: "preferred")
        #expect(try JSONMapDecoder().decode(Profile.self, from: Self.narrow.description) == narrowExpected)
        #expect(try Profile(jsonValue: Self.narrow) == narrowExpected)
        #expect(try Profile(dictionary: ["id": 7, "screen_name": "preferred"]) == narrowExpected)
    }

    @Test func missingRequiredKeysAndArraysOfModelsFromTrees() throws {
        let feed: [String: Any] = [
            "profiles": [["id": 1, "name": "a"], ["name": "b"]],
            "byName": ["c": ["id": 3, "tags": ["t"]]],
        ]
        #expect(throws: JSONMapperError.keyNotFound(path: "profiles[1].id")) { try Feed(dictionary: feed) }
        let fixed: [String: Any] = ["profiles": [["id": 1, "name": "a"]], "byName": ["c": ["id": 3, "tags": ["t"]]]]
        let decoded = try Feed(dictionary: fixed)
        #expect(decoded.profiles == [Profile(id: 1, name: "a")])
        #expect(decoded.byName == ["c": Profile(id: 3, tags: ["t"], first: "t")])
        let array = try JSONMapDecoder().decode([Profile].self, fromJSONObject: [["id": 5], ["id": 6, "screen_name": "s"]])
        #expect(array == [Profile(id: 5), Profile(id: 6, name: "s")])
    }

    @Test func foundationNumbersKeepTheirKind() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(#"{"id": 505874924095815681, "flag": true, "one": 1}"#.utf8))
        struct Kinds: JSONMappable, Equatable {
            var id: Int64 = 0
            var flag = false
            var one = 0
            static let jsonMapping = JSONMapping<Kinds> { JSONMap(\.id, "id"); JSONMap(\.flag, "flag"); JSONMap(\.one, "one") }
        }
        #expect(try JSONMapDecoder().decode(Kinds.self, fromJSONObject: parsed) == Kinds(id: 505874924095815681, flag: true, one: 1))
        // Strict: a boolean is not an Int, a number is not a Bool.
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder(options: .strict).decode(Kinds.self, fromJSONObject: ["one": true])
        }
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder(options: .strict).decode(Kinds.self, fromJSONObject: ["flag": 1])
        }
    }

    // MARK: - Hooks

    struct Event: JSONMappable, JSONWillMapHook, JSONDidMapHook, Equatable {
        var name = ""
        var count = 0
        var memberCount = 0
        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.name, "name")
            JSONMap(\.count, "count")
        }
        static func willMap(_ object: JSONValue) throws -> JSONValue? {
            if object["deleted"] == true { return nil }
            guard var members = object.object else { return object }
            if members["name"] == nil { members["name"] = "unnamed" }
            return .object(members)
        }
        mutating func didMap(from object: JSONValue) throws {
            memberCount = object.object?.count ?? 0
            if count < 0 { throw JSONMapperError.invalidValue(path: "", reason: "negative count") }
        }
    }

    struct Calendar: JSONMappable {
        var events: [Event] = []
        static let jsonMapping = JSONMapping<Calendar> { JSONMap(\.events, "events") }
    }

    static let calendar = #"{"events": [{"count": 2}, {"name": "gone", "deleted": true}, {"name": "n", "count": -1}]}"#

    @Test func hooksRunWithThePoliciesFromBytesAndTrees() throws {
        let options = DecodingOptions(invalidValuePolicy: .collect)
        let streamed = try JSONMapDecoder(options: options).decodeReportingIssues(Calendar.self, from: Array(Self.calendar.utf8))
        // Both rejected events are left out and listed.
        #expect(streamed.value.events == [Event(name: "unnamed", count: 2, memberCount: 2)])
        #expect(streamed.issues == [
            .invalidValue(path: "events[1]", reason: "Event.willMap rejected the object"),
            .invalidValue(path: "events[2]", reason: "negative count"),
        ])
        let tree = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Calendar.self, from: JSONValue(parsing: Self.calendar))
        #expect(tree.events.map(\.name) == ["unnamed"])
        #expect(throws: JSONMapperError.invalidValue(path: "events[1]", reason: "Event.willMap rejected the object")) {
            try JSONMapDecoder().decode(Calendar.self, from: Self.calendar)
        }
    }

    @Test func onlyModelsWithHooksCaptureTheirObjects() {
        #expect(ModelRegistry.shared.codec(for: Event.self).meta.hooks.needsObject)
        #expect(!ModelRegistry.shared.codec(for: Profile.self).meta.hooks.needsObject)
    }

    // MARK: - Class polymorphism

    class Shape: JSONMappable, JSONPolymorphic {
        var id = 0
        required init() {}
        class var jsonMapping: JSONMapping<Shape> { JSONMapping { JSONMap(\.id, "id") } }
        class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            switch object["type"]?.string {
            case "circle": Circle.self
            case "polygon": Polygon.self
            case "bogus": Profile.self
            default: Shape.self
            }
        }
    }

    final class Circle: Shape {
        var radius = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Circle.self) { JSONMap(\.radius, "radius") }
        }
    }

    final class Polygon: Shape {
        var points: [[Double]] = []
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Polygon.self) { JSONMap(\.points, "points") }
        }
    }

    struct Scene: JSONMappable {
        var shapes: [Shape] = []
        var named: [String: Shape] = [:]
        var main: Shape?
        static let jsonMapping = JSONMapping<Scene> {
            JSONMap(\.shapes, "shapes")
            JSONMap(\.named, "named")
            JSONMap(\.main, "main")
        }
    }

    static let scene = #"""
    {"shapes": [{"id": 1, "radius": 2.5, "type": "circle"}, {"points": [[0, 1]], "id": 2, "type": "polygon"}, {"id": 3}],
     "named": {"c": {"radius": 1, "type": "circle", "id": 4}}, "main": {"type": "polygon", "id": 5, "points": []}}
    """#

    @Test func typeDiscriminatorAfterOtherKeysChoosesTheSubclass() throws {
        for scene in [try JSONMapDecoder().decode(Scene.self, from: Self.scene),
                      try JSONMapDecoder().decode(Scene.self, from: JSONValue(parsing: Self.scene))] {
            #expect(scene.shapes.map(\.id) == [1, 2, 3])
            #expect((scene.shapes[0] as? Circle)?.radius == 2.5)
            #expect((scene.shapes[1] as? Polygon)?.points == [[0, 1]])
            #expect(type(of: scene.shapes[2]) == Shape.self)
            #expect((scene.named["c"] as? Circle)?.radius == 1)
            #expect(scene.main is Polygon)
        }
    }

    @Test func choosingATypeOutsideTheHierarchyIsAnInvalidValue() {
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder().decode([Shape].self, from: #"[{"type": "bogus"}]"#)
        }
    }
}
