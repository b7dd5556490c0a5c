import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Allow and ignore lists

    struct Allowed: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<Allowed>(allowing: [\.a, \.c]) {
            JSONMap(\.a, "a"); JSONMap(\.b, "b"); JSONMap(\.c, "c")
        }
    }

    struct Ignored: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<Ignored>(ignoring: [\.b]) {
            JSONMap(\.a, "a"); JSONMap(\.b, "b"); JSONMap(\.c, "c")
        }
    }

    struct AllowedAndIgnored: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<AllowedAndIgnored>(allowing: [\.a, \.b], ignoring: [\.b]) {
            JSONMap(\.a, "a"); JSONMap(\.b, "b"); JSONMap(\.c, "c")
        }
    }

    @Test func allowAndIgnoreLists() throws {
        let json = #"{"a":1,"b":2,"c":3}"#
        #expect(try JSONMapDecoder().decode(Allowed.self, from: json) == Allowed(a: 1, b: 0, c: 3))
        #expect(try JSONMapDecoder().decode(Ignored.self, from: json) == Ignored(a: 1, b: 0, c: 3))
        #expect(try JSONMapDecoder().decode(AllowedAndIgnored.self, from: json) == AllowedAndIgnored(a: 1, b: 0, c: 0))
        #expect(ModelRegistry.shared.codec(for: Allowed.self).meta.properties.count == 2)
        #expect(try DictionaryWalkTests.mappedKeyCount(AllowedAndIgnored.self) == 1)
    }

    // MARK: - Class models and inheritance

    final class Account: JSONMappable {
        var id = 0
        var name = ""
        var tags: [String] = []
        var owner: Person? = nil
        var friends: [Account] = []
        required init() {}
        static let jsonMapping = JSONMapping<Account> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.name, "profile.name")
            JSONMap(\.tags, "tags")
            JSONMap(\.owner, "owner")
            JSONMap(\.friends, "friends")
        }
    }

    @Test func classModels() throws {
        let json = #"{"id":1,"profile":{"name":"root"},"tags":["x"],"owner":{"name":"o","age":9},"friends":[{"id":2,"profile":{"name":"f"}},{"id":3}]}"#
        let account = try JSONMapDecoder().decode(Account.self, from: json)
        #expect(account.id == 1)
        #expect(account.name == "root")
        #expect(account.tags == ["x"])
        #expect(account.owner == Person(name: "o", age: 9))
        #expect(account.friends.map(\.id) == [2, 3])
        #expect(account.friends.map(\.name) == ["f", ""])
        #expect(account.friends[0] !== account.friends[1])
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Account.self, from: #"{"friends":[{"id":2},{}],"id":1}"#) })
                == .keyNotFound(path: "friends[1].id"))
    }

    class Shape: JSONMappable {
        var id = 0
        var name = ""
        required init() {}
        class var jsonMapping: JSONMapping<Shape> {
            JSONMapping {
                JSONMap(\.id, "id")
                JSONMap(\.name, "name")
            }
        }
    }

    class Circle: Shape {
        var radius = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Circle.self) { JSONMap(\.radius, "r") }
        }
    }

    final class Ring: Circle {
        var inner = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Ring.self) { JSONMap(\.inner, "inner") }
        }
    }

    @Test func subclassMappingExtendsTheSuperclassMapping() throws {
        let json = #"{"id":1,"name":"r","r":2.5,"inner":1.5}"#
        let ring = try JSONMapDecoder().decode(Ring.self, from: json)
        #expect(ring.id == 1 && ring.name == "r" && ring.radius == 2.5 && ring.inner == 1.5)
        let circle = try JSONMapDecoder().decode(Circle.self, from: json)
        #expect(type(of: circle) == Circle.self)
        #expect(circle.id == 1 && circle.name == "r" && circle.radius == 2.5)
        let shape = try JSONMapDecoder().decode(Shape.self, from: json)
        #expect(type(of: shape) == Shape.self)
        #expect(shape.id == 1 && shape.name == "r")
        let circles = try JSONMapDecoder().decode([Circle].self, from: #"[{"id":1,"r":1},{"id":2,"r":2}]"#)
        #expect(circles.map(\.radius) == [1, 2])
        #expect(ModelRegistry.shared.codec(for: Shape.self).meta.properties.count == 2)
        #expect(ModelRegistry.shared.codec(for: Circle.self).meta.properties.count == 3)
        #expect(ModelRegistry.shared.codec(for: Ring.self).meta.properties.count == 4)
    }

    class Animal: JSONMappable {
        var a = 0, b = 0
        required init() {}
        class var jsonMapping: JSONMapping<Animal> {
            JSONMapping(allowing: [\.a]) {
                JSONMap(\.a, "a")
                JSONMap(\.b, "b")
            }
        }
    }

    final class Dog: Animal {
        var c = 0, d = 0
        override class var jsonMapping: JSONMapping<Animal> {
            super.jsonMapping.extended(for: Dog.self, allowing: [\.c]) {
                JSONMap(\.c, "c")
                JSONMap(\.d, "d")
            }
        }
    }

    @Test func allowListsAccumulateThroughInheritance() throws {
        let dog = try JSONMapDecoder().decode(Dog.self, from: #"{"a":1,"b":2,"c":3,"d":4}"#)
        #expect([dog.a, dog.b, dog.c, dog.d] as [Int] == [1, 0, 3, 0])
        let animal = try JSONMapDecoder().decode(Animal.self, from: #"{"a":1,"b":2,"c":3,"d":4}"#)
        #expect([animal.a, animal.b] as [Int] == [1, 0])
    }
}
