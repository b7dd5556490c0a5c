import Foundation
import Testing
@testable import JSONMapper

/// Protocol-typed properties decoded through a `JSONPolymorphicFamily`.
@Suite("Polymorphic families")
struct PolymorphicFamilyTests {
    protocol Animal {
        var name: String { get }
        var sound: String { get }
    }

    struct Dog: Animal, JSONMappable, Equatable {
        var name = ""
        var sound: String { "woof" }
        static let jsonMapping = JSONMapping<Dog> { JSONMap(\.name, "name", required: true) }
    }

    struct Cat: Animal, JSONMappable, Equatable {
        var name = ""
        var lives = 9
        var sound: String { "meow" }
        static let jsonMapping = JSONMapping<Cat> {
            JSONMap(\.name, "name")
            JSONMap(\.lives, "lives")
        }
    }

    /// Not an Animal: choosing it is an error.
    struct Rock: JSONMappable {
        static let jsonMapping = JSONMapping<Rock> {}
    }

    enum Animals: JSONPolymorphicFamily {
        static func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            switch object["kind"]?.string {
            case "dog": Dog.self
            case "rock": Rock.self
            default: Cat.self
            }
        }

        static func member(_ model: any JSONMappable) -> (any Animal)? { model as? any Animal }
    }

    struct Zoo: JSONMappable {
        var star: any Animal = Cat()
        var keeper: (any Animal)?
        var animals: [any Animal] = []
        var visitors = 0
        static let jsonMapping = JSONMapping<Zoo> {
            JSONMap(\.star, "star", family: Animals.self)
            JSONMap(\.keeper, "keeper", family: Animals.self)
            JSONMap(\.animals, "animals", family: Animals.self)
            JSONMap(\.visitors, "visitors")
        }
    }

    static let json = #"""
    {"animals": [{"name": "Rex", "kind": "dog"}, {"lives": 3, "name": "Tom"}, {"name": "Fido", "kind": "dog"}],
     "star": {"name": "Lassie", "kind": "dog"}, "keeper": null, "visitors": 12}
    """#

    @Test func decodesEachObjectAsItsChosenType() throws {
        let zoo = try JSONMapDecoder().decode(Zoo.self, from: Self.json)
        #expect(zoo.animals.map(\.name) == ["Rex", "Tom", "Fido"])
        #expect(zoo.animals.map(\.sound) == ["woof", "meow", "woof"])
        #expect((zoo.animals[1] as? Cat)?.lives == 3)
        #expect((zoo.star as? Dog) == Dog(name: "Lassie"))
        #expect(zoo.keeper == nil)
        #expect(zoo.visitors == 12)
    }

    @Test func treeDecodingGivesTheSameResult() throws {
        let zoo = try JSONMapDecoder().decode(Zoo.self, from: JSONValue(parsing: Self.json))
        #expect(zoo.animals.map(\.name) == ["Rex", "Tom", "Fido"])
        #expect(zoo.animals.map(\.sound) == ["woof", "meow", "woof"])
        let object = try JSONSerialization.jsonObject(with: Data(Self.json.utf8))
        let fromFoundation = try JSONMapDecoder().decode(Zoo.self, fromJSONObject: object)
        #expect((fromFoundation.star as? Dog)?.name == "Lassie")
    }

    @Test func errorsInsideAMemberCarryTheFullPath() {
        let json = #"{"animals": [{"name": "Rex", "kind": "dog"}, {"kind": "dog"}]}"#
        #expect(throws: JSONMapperError.keyNotFound(path: "animals[1].name")) {
            try JSONMapDecoder().decode(Zoo.self, from: json)
        }
    }

    @Test func choosingATypeOutsideTheFamilyIsAnInvalidValue() throws {
        let json = #"{"animals": [{"kind": "rock"}, {"name": "Tom"}]}"#
        do throws(JSONMapperError) {
            _ = try JSONMapDecoder().decode(Zoo.self, from: json)
            Issue.record("expected an error")
        } catch {
            guard case .invalidValue(let path, _, _) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(path == "animals[0]")
        }
        let collected = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect)).decodeReportingIssues(Zoo.self, from: Array(json.utf8))
        #expect(collected.value.animals.map(\.name) == ["Tom"])
        #expect(collected.issues.map(\.path) == ["animals[0]"])
    }

    @Test func aScalarWhereAMemberBelongsIsATypeMismatch() {
        #expect(throws: JSONMapperError.typeMismatch(path: "star", expected: "an object (Animals)", found: "number 5")) {
            try JSONMapDecoder().decode(Zoo.self, from: #"{"star": 5}"#)
        }
    }
}
