import Foundation
import Testing
@testable import JSONMapper

/// `DecodingOptions.requiresNonOptionalKeys`: every mapped non-optional property must have its
/// key (and not `null`), as `JSONDecoder` would have it; off by default, where a missing key
/// leaves the property's default.
@Suite("Engine: requiring the keys of non-optional properties")
struct RequiredKeysOptionTests: CapturesMappingErrors {
    struct Point: JSONMappable, Equatable {
        var x = 0
        var y = 0
        static let jsonMapping = JSONMapping<Point> {
            JSONMap(\.x, "x")
            JSONMap(\.y, "y")
        }
    }

    struct Trip: JSONMappable, Equatable {
        var id = 0
        var distance = -1
        var note: String?
        var tags: [String] = []
        var start = Point()
        var name = ""
        static let jsonMapping = JSONMapping<Trip> {
            JSONMap(\.id, "id")
            JSONMap(\.distance, "distance.value")
            JSONMap(\.note, "note")
            JSONMap(\.tags, "tags")
            JSONMap(\.start, "start")
            JSONMap(\.name, ["name", "title"])
        }
    }

    /// Read from an array by position.
    struct Pair: JSONMappable, Equatable {
        var first = 0
        var second = 0
        static let jsonMapping = JSONMapping<Pair> {
            JSONMap(\.first, "[0]")
            JSONMap(\.second, "[1]")
        }
    }

    static let requiring = DecodingOptions(requiresNonOptionalKeys: true)
    static let complete = #"{"id":1,"distance":{"value":5},"tags":[],"start":{"x":1,"y":2},"title":"t"}"#
    static let misspelled = #"{"id":1,"distance":{"vlaue":5},"start":{"x":1}}"#

    @Test func byDefaultAMissingKeyLeavesTheDefault() throws {
        let trip = try JSONMapDecoder().decode(Trip.self, from: Self.misspelled)
        #expect(trip == Trip(id: 1, distance: -1, start: Point(x: 1)))
        #expect(try JSONMapDecoder().decode(Trip.self, from: #"{"id":null}"#).id == 0)
        #expect(DecodingOptions().requiresNonOptionalKeys == false)
    }

    @Test func everyNonOptionalKeyPresentDecodes() throws {
        let trip = try JSONMapDecoder(options: Self.requiring).decode(Trip.self, from: Self.complete)
        #expect(trip == Trip(id: 1, distance: 5, tags: [], start: Point(x: 1, y: 2), name: "t"))
    }

    @Test func aMissingKeyIsKeyNotFoundAtItsPath() {
        let error = Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: Self.requiring).decode(Trip.self, from: Self.misspelled)
        }
        #expect(error == .keyNotFound(path: "start.y"))
        // At the closing brace of the object that lacks it.
        #expect(error?.location == JSONLocation(offset: 45, line: 1, column: 46))
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: Self.requiring).decode(Trip.self, from: #"{"id":1,"distance":{"vlaue":5},"tags":[],"start":{"x":1,"y":2},"name":""}"#)
        } == .keyNotFound(path: "distance.value"))
    }

    @Test func nullForANonOptionalPropertyIsMissing() {
        let json = #"{"id":null,"distance":{"value":5},"tags":[],"start":{"x":1,"y":2},"name":"n"}"#
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder(options: Self.requiring).decode(Trip.self, from: json) }
                == .keyNotFound(path: "id"))
    }

    @Test func collectReportsEveryMissingKeyWithItsPath() throws {
        var options = Self.requiring
        options.invalidValuePolicy = .collect
        let (trip, issues) = try JSONMapDecoder(options: options).decodeReportingIssues(Trip.self, from: Data(Self.misspelled.utf8))
        #expect(trip == Trip(id: 1, distance: -1, start: Point(x: 1)))
        #expect(issues == [.keyNotFound(path: "start.y"), .keyNotFound(path: "distance.value"),
                           .keyNotFound(path: "tags"), .keyNotFound(path: "name")])
        let listed = try JSONMapDecoder(options: options).decodeReportingIssues([Point].self, from: Data(#"[{"x":1,"y":2},{},{"y":null}]"#.utf8))
        #expect(listed.value == [Point(x: 1, y: 2), Point(), Point()])
        #expect(listed.issues == [.keyNotFound(path: "[1].x"), .keyNotFound(path: "[1].y"),
                                  .keyNotFound(path: "[2].x"), .keyNotFound(path: "[2].y")])
    }

    @Test func trees() throws {
        var options = Self.requiring
        options.invalidValuePolicy = .collect
        let tree = try JSONValue(parsing: Self.misspelled)
        let issues = try JSONMapDecoder(options: options).decodeReportingIssues(Trip.self, from: tree).issues
        #expect(issues.map(\.path) == ["start.y", "distance.value", "tags", "name"])
    }

    @Test func positionsAreRequiredToo() {
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder(options: Self.requiring).decode(Pair.self, from: "[1]") }
                == .keyNotFound(path: "[1]"))
        #expect(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: Self.requiring).decode(Pair.self, from: "[1,2]") }
                == .success(Pair(first: 1, second: 2)))
    }

    @Test func anUpdateRequiresNothing() throws {
        var trip = Trip(id: 7)
        try trip.update(fromJSON: Data(#"{"name":"renamed"}"#.utf8), options: Self.requiring)
        #expect(trip == Trip(id: 7, name: "renamed"))
    }
}
