import Foundation
import Testing
@testable import JSONMapper

/// Family members are decoded in the same session as the model around them, so the
/// invalid-value policy sees every problem inside a member, with its full path.
@Suite("Codecs: polymorphic family members under the invalid-value policy")
struct FamilyCodecTests {
    protocol Shape {}

    struct Circle: Shape, JSONMappable {
        var radius = 0.0
        static let jsonMapping = JSONMapping<Circle> { JSONMap(\.radius, "radius") }
    }

    struct Square: Shape, JSONMappable {
        var side = 0
        var label = ""
        static let jsonMapping = JSONMapping<Square> {
            JSONMap(\.side, "side", required: true)
            JSONMap(\.label, "label")
        }
    }

    enum Shapes: JSONPolymorphicFamily {
        static func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            object["kind"]?.string == "square" ? Square.self : Circle.self
        }
        static func member(_ model: any JSONMappable) -> (any Shape)? { model as? any Shape }
    }

    struct Drawing: JSONMappable {
        var shapes: [any Shape] = []
        var main: any Shape = Circle()
        var title = ""
        static let jsonMapping = JSONMapping<Drawing> {
            JSONMap(\.shapes, "shapes", family: Shapes.self)
            JSONMap(\.main, "main", family: Shapes.self)
            JSONMap(\.title, "title")
        }
    }

    static let json = #"""
    {"shapes": [{"radius": 1}, {"kind": "square", "side": 2}, {"radius": "big"}, {"kind": "square", "label": 5}],
     "main": {"kind": "square", "side": [1]}, "title": "t"}
    """#

    static let collect = DecodingOptions(coercion: .strict, invalidValuePolicy: .collect)

    /// The problems, by path: a mismatched value, then (for `side`) the required key it left unset.
    static let expectedIssues: [JSONMapperError] = [
        .typeMismatch(path: "main.side", expected: "Int", found: "an array"),
        .keyNotFound(path: "main.side"),
        .typeMismatch(path: "shapes[2].radius", expected: "Double", found: #"string "big""#),
        .typeMismatch(path: "shapes[3].label", expected: "String", found: "number 5"),
        .keyNotFound(path: "shapes[3].side"),
    ]

    /// A Foundation dictionary has no member order, so issues are compared by path.
    static func check(_ result: (value: Drawing, issues: [JSONMapperError])) {
        #expect(result.issues.sorted { ($0.path ?? "") < ($1.path ?? "") } == Self.expectedIssues)
        #expect(result.value.shapes.count == 4)
        #expect((result.value.shapes[2] as? Circle)?.radius == 0)
        #expect((result.value.shapes[1] as? Square)?.side == 2)
        #expect(result.value.title == "t")
    }

    @Test func collectReportsErrorsInsideMembersWithTheirPaths() throws {
        Self.check(try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Drawing.self, from: Array(Self.json.utf8)))
    }

    @Test func collectFromTreesReportsTheSamePaths() throws {
        let decoder = JSONMapDecoder(options: Self.collect)
        Self.check(try decoder.decodeReportingIssues(Drawing.self, from: try JSONValue(parsing: Self.json)))
        let object = try JSONSerialization.jsonObject(with: Data(Self.json.utf8))
        Self.check(try decoder.decodeReportingIssues(Drawing.self, fromJSONObject: object))
    }

    @Test func throwNamesTheFirstErrorInsideAMember() {
        #expect(throws: JSONMapperError.typeMismatch(path: "shapes[2].radius", expected: "Double", found: #"string "big""#)) {
            try JSONMapDecoder(options: DecodingOptions(coercion: .strict)).decode(Drawing.self, from: Self.json)
        }
    }

    /// The codecs of the members' types come from the thread's own copy of the registry once
    /// the thread has met them: decoding members takes no lock per value.
    @Test func membersTakeNoLockPerValue() throws {
        let members = (0..<200).map { $0 % 2 == 0 ? #"{"radius": 1}"# : #"{"kind": "square", "side": 2}"# }
        let json = Array(#"{"shapes": [\#(members.joined(separator: ","))], "main": {"radius": 2}}"#.utf8)
        _ = try JSONMapDecoder().decode(Drawing.self, from: json)
        let before = ModelRegistry.shared.lockedLookupsOnThisThread
        let drawing = try JSONMapDecoder().decode(Drawing.self, from: json)
        #expect(ModelRegistry.shared.lockedLookupsOnThisThread == before)
        #expect(drawing.shapes.count == 200 && (drawing.shapes[1] as? Square)?.side == 2)
    }
}
