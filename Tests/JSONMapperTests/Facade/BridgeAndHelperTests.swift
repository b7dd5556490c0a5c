import Foundation
import Testing
@testable import JSONMapper

/// Codable bridging and the mapping-based helpers for class models.
@Suite("Codable bridge and model helpers")
struct BridgeAndHelperTests {
    struct Point: JSONMappable, JSONMappableCodable, Equatable {
        var x = 0.0
        var y = 0.0
        var label: String?
        static let jsonMapping = JSONMapping<Point> {
            JSONMap(\.x, "coords.x")
            JSONMap(\.y, "coords.y")
            JSONMap(\.label, "label")
        }
    }

    struct Route: JSONMappable, JSONMappableCodable, Equatable {
        var id: Int64 = 0
        var points: [Point] = []
        static let jsonMapping = JSONMapping<Route> {
            JSONMap(\.id, "route_id")
            JSONMap(\.points, "points")
        }
    }

    static let route = Route(id: 505874924095815681, points: [Point(x: 1.5, y: -2, label: "start"), Point(x: 0.1, y: 3)])

    @Test func codableThroughTheMapping() throws {
        let data = try JSONEncoder().encode(Self.route)
        // JSONEncoder writes the mapping's keys and nesting.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["route_id"] != nil)
        let first = try #require((object["points"] as? [[String: Any]])?.first)
        #expect((first["coords"] as? [String: Any])?["x"] as? Double == 1.5)
        #expect(try JSONDecoder().decode(Route.self, from: data) == Self.route)
        let plist = try PropertyListEncoder().encode(Self.route)
        #expect(try PropertyListDecoder().decode(Route.self, from: plist) == Self.route)
    }

    final class Note: JSONMappable {
        var title = ""
        var tags: [String] = []
        var body: String?
        required init() {}
        static var jsonMapping: JSONMapping<Note> {
            JSONMapping {
                JSONMap(\.title, "title")
                JSONMap(\.tags, "tags")
                JSONMap(\.body, "body")
            }
        }
    }

    @Test func classHelpersCompareThroughTheMapping() throws {
        let a = Note()
        a.title = "t"
        a.tags = ["x"]
        let b = try a.jsonMappingCopy()
        #expect(a !== b)
        #expect(b.title == "t" && b.tags == ["x"] && b.body == nil)
        #expect(a.jsonMappingEquals(b))
        var hashA = Hasher(), hashB = Hasher()
        a.jsonMappingHash(into: &hashA)
        b.jsonMappingHash(into: &hashB)
        #expect(hashA.finalize() == hashB.finalize())
        b.tags.append("y")
        #expect(!a.jsonMappingEquals(b))
        #expect(a.jsonDescription == "Note {\n  \"tags\": [\n    \"x\"\n  ],\n  \"title\": \"t\"\n}")
    }
}

/// The will-encode hook.
@Suite("Will-encode hook")
struct WillEncodeHookTests {
    struct Versioned: JSONMappable, JSONWillEncodeHook {
        var name = ""
        var secret = false
        static let jsonMapping = JSONMapping<Versioned> { JSONMap(\.name, "name") }
        func willEncode(_ object: JSONValue) throws -> JSONValue? {
            if secret { return nil }
            guard var members = object.object else { return object }
            members["version"] = 2
            return .object(members)
        }
    }

    @Test func theHookAdjustsOrRefusesTheObject() throws {
        #expect(try JSONMapEncoder().encode(Versioned(name: "a"), as: String.self) == #"{"name":"a","version":2}"#)
        #expect(try JSONMapEncoder(options: EncodingOptions(sortsKeys: true)).encode([Versioned(name: "b")], as: String.self) == #"[{"name":"b","version":2}]"#)
        #expect(throws: JSONMapperError.invalidValue(path: "[1]", reason: "Versioned.willEncode refused the model")) {
            try JSONMapEncoder().encode([Versioned(name: "c"), Versioned(name: "d", secret: true)], as: String.self)
        }
    }
}
