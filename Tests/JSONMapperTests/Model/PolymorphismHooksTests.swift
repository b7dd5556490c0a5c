import Foundation
import Testing
@testable import JSONMapper

/// The type-choice hook (`JSONPolymorphic.mappedType(for:)`): a class hierarchy decoded
/// through its base class, from a `"type"` discriminator wherever it appears in the object,
/// in arrays, dictionaries, nested and optional properties, key paths; through every decoder.
@Suite("Hooks: polymorphic type choice")
struct PolymorphismHooksTests: CapturesMappingErrors {

    // MARK: - Models

    class Shape: JSONMappable, JSONPolymorphic {
        var id = 0
        var name = ""
        required init() {}
        class var jsonMapping: JSONMapping<Shape> {
            JSONMapping {
                JSONMap(\.id, "id")
                JSONMap(\.name, "name")
            }
        }
        class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            switch object["type"]?.string {
            case "circle": Circle.self
            case "polygon": Polygon.self
            case "square": Square.self
            case "alien": Alien.self
            case "stranger": Stranger.self
            default: self
            }
        }
    }

    final class Circle: Shape, JSONDidMapHook {
        var radius = 0.0
        var area = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Circle.self) { JSONMap(\.radius, "radius") }
        }
        func didMap(from object: JSONValue) throws {
            area = (radius * radius * 100).rounded() / 100 * 3
        }
    }

    class Polygon: Shape {
        var points: [[Double]] = []
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Polygon.self) { JSONMap(\.points, "points") }
        }
    }

    final class Square: Polygon {
        var side = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Square.self) { JSONMap(\.side, "side") }
        }
    }

    /// A model outside the hierarchy.
    struct Alien: JSONMappable {
        var id = 0
        static let jsonMapping = JSONMapping<Alien> { JSONMap(\.id, "id") }
    }

    /// A class outside the hierarchy.
    final class Stranger: JSONMappable {
        var id = 0
        init() {}
        static var jsonMapping: JSONMapping<Stranger> { JSONMapping { JSONMap(\.id, "id") } }
    }

    struct Scene: JSONMappable {
        var shapes: [Shape] = []
        var grid: [[Shape]] = []
        var named: [String: Shape] = [:]
        var main = Shape()
        var maybe: Shape?
        var featured: Shape?
        var circles: [Circle] = []
        static let jsonMapping = JSONMapping<Scene> {
            JSONMap(\.shapes, "shapes")
            JSONMap(\.grid, "grid")
            JSONMap(\.named, "named")
            JSONMap(\.main, "main")
            JSONMap(\.maybe, "maybe")
            JSONMap(\.featured, "data.featured")
            JSONMap(\.circles, "circles")
        }
    }

    /// A shape as text, by its dynamic type.
    static func describe(_ shape: Shape?) -> String {
        switch shape {
        case nil: "nil"
        case let circle as Circle: "Circle \(circle.id) \(circle.name) r=\(circle.radius) area=\(circle.area)"
        case let square as Square: "Square \(square.id) \(square.name) side=\(square.side) points=\(square.points)"
        case let polygon as Polygon: "Polygon \(polygon.id) \(polygon.name) points=\(polygon.points)"
        case let shape?: "\(type(of: shape)) \(shape.id) \(shape.name)"
        }
    }

    static func wideCircle() -> JSONValue {
        var members: [(String, JSONValue)] = (0..<57).map { ("extra\($0)", .string("e\($0)")) }
        members.insert(("id", 20), at: 5)
        members.insert(("radius", 2), at: 30)
        members.append(("type", "circle"))
        return .object(JSONObject(members))
    }

    static let sceneText = #"""
    {"shapes": [{"id": 1, "radius": 1.5, "name": "c1", "type": "circle"},
                {"points": [[0, 0], [1, 0], [0, 1]], "id": 2, "type": "polygon"},
                {"id": 3, "name": "plain"},
                {"side": 2, "type": "square", "points": [[0, 0]], "id": 4},
                {"type": "circle", "radius": 2, "id": 5},
                {"id": 6, "meta": {"type": "circle"}, "radius": 9}],
     "grid": [[{"id": 7, "radius": 1, "type": "circle"}], [], [{"id": 8}, {"id": 9, "type": "polygon", "points": []}]],
     "named": {"a": {"radius": 3, "id": 10, "type": "circle"}, "b": {"id": 11, "type": "square", "side": 1.5}, "c": {"id": 12}},
     "main": {"id": 13, "points": [[5, 5]], "type": "polygon"},
     "maybe": {"id": 14, "radius": 0.5, "type": "circle"},
     "data": {"featured": {"type": "square", "id": 15, "side": 3}},
     "circles": [{"id": 16, "radius": 1, "type": "circle"}, {"id": 17, "radius": 4}]}
    """#

    static let expectedShapes = [
        "Circle 1 c1 r=1.5 area=6.75",
        "Polygon 2  points=[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]",
        "Shape 3 plain",
        "Square 4  side=2.0 points=[[0.0, 0.0]]",
        "Circle 5  r=2.0 area=12.0",
        "Shape 6 ",
    ]

    static func checkScene(_ scene: Scene, _ source: String) {
        #expect(scene.shapes.map(describe) == expectedShapes, "\(source)")
        #expect(scene.grid.map { $0.map(describe) } == [
            ["Circle 7  r=1.0 area=3.0"], [], ["Shape 8 ", "Polygon 9  points=[]"],
        ], "\(source)")
        #expect(scene.named.mapValues(describe) == [
            "a": "Circle 10  r=3.0 area=27.0", "b": "Square 11  side=1.5 points=[]", "c": "Shape 12 ",
        ], "\(source)")
        #expect(describe(scene.main) == "Polygon 13  points=[[5.0, 5.0]]", "\(source)")
        #expect(describe(scene.maybe) == "Circle 14  r=0.5 area=0.75", "\(source)")
        #expect(describe(scene.featured) == "Square 15  side=3.0 points=[]", "\(source)")
        #expect(scene.circles.map(describe) == ["Circle 16  r=1.0 area=3.0", "Circle 17  r=4.0 area=48.0"], "\(source)")
    }


    static func chunked<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        let decoder = JSONChunkDecoder(Value.self, options: options)
        for byte in Array(text.utf8) { try decoder.feed([byte]) }
        return try decoder.finish()
    }

    static func foundation(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    static func decodeAllWays<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions = DecodingOptions()) throws -> [(String, Value)] {
        [
            ("bytes", try JSONMapDecoder(options: options).decode(Value.self, from: text)),
            ("chunks", try chunked(Value.self, text, options: options)),
            ("JSONValue", try JSONMapDecoder(options: options).decode(Value.self, from: JSONValue(parsing: text))),
            ("[String: Any]", try JSONMapDecoder(options: options).decode(Value.self, fromJSONObject: foundation(text))),
        ]
    }

    static func errorsAllWays<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions = DecodingOptions()) throws -> [(String, JSONMapperError?)] {
        let value = try JSONValue(parsing: text)
        let object = try foundation(text)
        return [
            ("bytes", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, from: text) }),
            ("chunks", failure { () throws(JSONMapperError) in try chunked(Value.self, text, options: options) }),
            ("JSONValue", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, from: value) }),
            ("[String: Any]", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, fromJSONObject: object) }),
        ]
    }

    // MARK: - Choosing the type

    @Test func everyPositionChoosesItsSubclassWithEveryDecoder() throws {
        for (source, scene) in try Self.decodeAllWays(Scene.self, Self.sceneText) {
            Self.checkScene(scene, source)
        }
    }

    @Test func topLevelArraysAndDictionariesOfShapes() throws {
        let list = #"[{"id": 1, "type": "circle", "radius": 1}, {"id": 2}, {"type": "polygon", "id": 3}]"#
        for (source, shapes) in try Self.decodeAllWays([Shape].self, list) {
            #expect(shapes.map(Self.describe) == ["Circle 1  r=1.0 area=3.0", "Shape 2 ", "Polygon 3  points=[]"], "\(source)")
        }
        let byName = #"{"x": {"side": 5, "type": "square"}, "y": {"type": "circle"}}"#
        for (source, shapes) in try Self.decodeAllWays([String: Shape].self, byName) {
            #expect(shapes.mapValues(Self.describe) == ["x": "Square 0  side=5.0 points=[]", "y": "Circle 0  r=0.0 area=0.0"], "\(source)")
        }
        for (source, shape) in try Self.decodeAllWays(Shape.self, #"{"radius": 2, "name": "top", "type": "circle"}"#) {
            #expect(Self.describe(shape) == "Circle 0 top r=2.0 area=12.0", "\(source)")
        }
    }

    @Test func optionalAndDefaultPropertiesOfTheBaseType() throws {
        for (source, scene) in try Self.decodeAllWays(Scene.self, #"{"maybe": null, "main": null}"#) {
            #expect(Self.describe(scene.maybe) == "nil", "\(source)")
            #expect(Self.describe(scene.main) == "Shape 0 ", "\(source)")
        }
        for (source, scene) in try Self.decodeAllWays(Scene.self, "{}") {
            #expect(Self.describe(scene.maybe) == "nil", "\(source)")
            #expect(Self.describe(scene.featured) == "nil", "\(source)")
        }
        for (source, scene) in try Self.decodeAllWays(Scene.self, #"{"maybe": {"type": "square"}}"#) {
            #expect(Self.describe(scene.maybe) == "Square 0  side=0.0 points=[]", "\(source)")
        }
    }

    @Test func aWideObjectWithTheDiscriminatorLast() throws {
        let value: JSONValue = ["shapes": [Self.wideCircle(), ["id": 21, "type": "polygon"]]]
        for (source, scene) in try Self.decodeAllWays(Scene.self, value.description) {
            #expect(scene.shapes.map(Self.describe) == ["Circle 20  r=2.0 area=12.0", "Polygon 21  points=[]"], "\(source)")
        }
    }

    @Test func aSubclassDecodedDirectlyChoosesWithinItself() throws {
        for (source, circle) in try Self.decodeAllWays(Circle.self, #"{"id": 1, "radius": 1}"#) {
            #expect(Self.describe(circle) == "Circle 1  r=1.0 area=3.0", "\(source)")
        }
        for (source, polygons) in try Self.decodeAllWays([Polygon].self, #"[{"id": 1}, {"id": 2, "type": "square", "side": 1}]"#) {
            #expect(polygons.map(Self.describe) == ["Polygon 1  points=[]", "Square 2  side=1.0 points=[]"], "\(source)")
        }
        // A circle is not a polygon.
        for (source, error) in try Self.errorsAllWays([Polygon].self, #"[{"id": 1}, {"type": "circle"}]"#) {
            #expect(error == .invalidValue(path: "[1]", reason: "Shape.mappedType chose Circle, which is not a Polygon (decoding Polygon directly still asks Shape.mappedType)"), "\(source)")
        }
    }

    // MARK: - Choices outside the hierarchy

    @Test func aTypeOutsideTheHierarchyIsAnInvalidValue() throws {
        let cases: [(String, JSONMapperError)] = [
            (#"{"shapes": [{"id": 1}, {"id": 2, "type": "alien"}]}"#,
             .invalidValue(path: "shapes[1]", reason: "Shape.mappedType chose Alien, which is not a Shape")),
            (#"{"named": {"k": {"type": "stranger"}}}"#,
             .invalidValue(path: "named.k", reason: "Shape.mappedType chose Stranger, which is not a Shape")),
            (#"{"main": {"id": 1, "type": "alien"}}"#,
             .invalidValue(path: "main", reason: "Shape.mappedType chose Alien, which is not a Shape")),
            (#"{"data": {"featured": {"type": "alien"}}}"#,
             .invalidValue(path: "data.featured", reason: "Shape.mappedType chose Alien, which is not a Shape")),
        ]
        for (text, expected) in cases {
            for (source, error) in try Self.errorsAllWays(Scene.self, text) {
                #expect(error == expected, "\(source): \(text)")
            }
        }
    }

    @Test func aTypeOutsideTheHierarchyUnderSkipAndCollect() throws {
        let text = #"{"shapes": [{"id": 1, "type": "alien"}, {"id": 2, "type": "circle", "radius": 1}], "main": {"id": 3, "type": "stranger"}, "maybe": {"type": "alien"}}"#
        for (source, scene) in try Self.decodeAllWays(Scene.self, text, options: DecodingOptions(invalidValuePolicy: .skip)) {
            #expect(scene.shapes.map(Self.describe) == ["Circle 2  r=1.0 area=3.0"], "\(source)")
            #expect(Self.describe(scene.main) == "Shape 0 ", "\(source)")
            #expect(Self.describe(scene.maybe) == "nil", "\(source)")
        }
        let collected = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect)).decodeReportingIssues(Scene.self, from: Data(text.utf8))
        #expect(collected.value.shapes.map(Self.describe) == ["Circle 2  r=1.0 area=3.0"])
        #expect(collected.issues == [
            .invalidValue(path: "shapes[0]", reason: "Shape.mappedType chose Alien, which is not a Shape"),
            .invalidValue(path: "main", reason: "Shape.mappedType chose Stranger, which is not a Shape"),
            .invalidValue(path: "maybe", reason: "Shape.mappedType chose Alien, which is not a Shape"),
        ])
    }

    // MARK: - With a will-map hook

    class Animal: JSONMappable, JSONPolymorphic, JSONWillMapHook {
        var name = ""
        required init() {}
        class var jsonMapping: JSONMapping<Animal> { JSONMapping { JSONMap(\.name, "name") } }
        /// Older documents say "kind"; the type choice sees the replacement.
        class func willMap(_ object: JSONValue) throws -> JSONValue? {
            guard var members = object.object else { return object }
            if let kind = members["kind"] { members["type"] = kind }
            return .object(members)
        }
        class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            object["type"] == "dog" ? Dog.self : self
        }
    }

    final class Dog: Animal {
        var barks = false
        override class var jsonMapping: JSONMapping<Animal> {
            super.jsonMapping.extended(for: Dog.self) { JSONMap(\.barks, "barks") }
        }
    }

    @Test func theTypeChoiceSeesTheWillMapReplacement() throws {
        let text = #"[{"name": "rex", "barks": true, "kind": "dog"}, {"name": "tom", "kind": "cat"}, {"type": "dog", "name": "fido"}]"#
        for (source, animals) in try Self.decodeAllWays([Animal].self, text) {
            let described = animals.map { animal in
                (animal as? Dog).map { "Dog \($0.name) \($0.barks)" } ?? "\(type(of: animal)) \(animal.name)"
            }
            #expect(described == ["Dog rex true", "Animal tom", "Dog fido false"], "\(source)")
        }
    }

    @Test func polymorphicModelsCaptureTheirObjects() {
        #expect(ModelRegistry.shared.codec(for: Shape.self).meta.hooks.chooseType != nil)
        #expect(ModelRegistry.shared.codec(for: Shape.self).meta.hooks.needsObject)
        #expect(ModelRegistry.shared.codec(for: Scene.self).meta.hooks.needsObject == false)
        #expect(ModelRegistry.shared.codec(for: Alien.self).meta.hooks.needsObject == false)
    }
}
