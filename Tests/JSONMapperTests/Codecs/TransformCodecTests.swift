import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Transforms

    struct Money: Equatable, Sendable { var cents = 0 }

    struct CentsTransformer: JSONValueTransformer {
        func value(from cents: Int) throws -> Money { Money(cents: cents) }
        func json(from money: Money) throws -> Int { money.cents }
    }

    struct CSVTransformer: JSONValueTransformer {
        func value(from text: String) throws -> [String] { text.split(separator: ",").map(String.init) }
        func json(from list: [String]) throws -> String { list.joined(separator: ",") }
    }

    struct SumTransformer: JSONValueTransformer {
        func value(from list: [Int]) throws -> Int { list.reduce(0, +) }
        func json(from total: Int) throws -> [Int] { [total] }
    }

    struct NameOfPerson: JSONValueTransformer {
        func value(from person: Person) throws -> String { person.name.uppercased() }
        func json(from name: String) throws -> Person { Person(name: name) }
    }

    struct UnwantedName: Error, CustomStringConvertible {
        var description: String { "an unwanted name" }
    }

    /// A name long enough that its string lives on the heap, so that destroying it twice
    /// would be caught.
    static let unwantedName = "nobody by that name at all"

    /// Joins names; throws on the unwanted one (the representation is an array, made in a frame).
    struct JoinedNames: JSONValueTransformer {
        func value(from names: [String]) throws -> String {
            guard !names.contains(MappingUnitTests.unwantedName) else { throw UnwantedName() }
            return names.joined(separator: " ")
        }
        func json(from text: String) throws -> [String] { text.split(separator: " ").map(String.init) }
    }

    /// A person's name; throws on the unwanted one (the representation is a model, made in a frame).
    struct NameOfNamedPerson: JSONValueTransformer {
        func value(from person: Person) throws -> String {
            guard person.name != MappingUnitTests.unwantedName else { throw UnwantedName() }
            return person.name
        }
        func json(from name: String) throws -> Person { Person(name: name) }
    }

    struct Named: JSONMappable, Equatable {
        var names = ""
        var owner = ""
        static let jsonMapping = JSONMapping<Named> {
            JSONMap(\.names, "names", transform: JoinedNames())
            JSONMap(\.owner, "owner", transform: NameOfNamedPerson())
        }
    }

    struct NonNegative: JSONValueTransformer {
        struct Negative: Error, CustomStringConvertible {
            let value: Int
            var description: String { "\(value) is negative" }
        }
        func value(from number: Int) throws -> Int {
            guard number >= 0 else { throw Negative(value: number) }
            return number
        }
        func json(from number: Int) throws -> Int { number }
    }

    struct Priced: JSONMappable, Equatable {
        var price = Money()
        var tags: [String] = []
        var total = 0
        var owner = ""
        var count = 5
        var nested = Money()
        static let jsonMapping = JSONMapping<Priced> {
            JSONMap(\.price, "price", transform: CentsTransformer())
            JSONMap(\.tags, "tags", transform: CSVTransformer())
            JSONMap(\.total, "scores", transform: SumTransformer())
            JSONMap(\.owner, "owner", transform: NameOfPerson())
            JSONMap(\.count, "count", transform: NonNegative())
            JSONMap(\.nested, ["money.cents", "cents"], transform: CentsTransformer())
        }
    }

    struct PricedList: JSONMappable, Equatable {
        var items: [Priced] = []
        static let jsonMapping = JSONMapping<PricedList> { JSONMap(\.items, "items") }
    }

    @Test func transformers() throws {
        let json = #"{"price":1999,"tags":"a,b,c","scores":[1,2,3,4],"owner":{"name":"ann"},"count":3,"money":{"cents":250}}"#
        #expect(try JSONMapDecoder().decode(Priced.self, from: json)
                == Priced(price: Money(cents: 1999), tags: ["a", "b", "c"], total: 10, owner: "ANN", count: 3, nested: Money(cents: 250)))
        // The JSON representation goes through the usual lenient coercion first.
        #expect(try JSONMapDecoder().decode(Priced.self, from: #"{"price":"42","cents":7}"#) == Priced(price: Money(cents: 42), nested: Money(cents: 7)))
    }

    @Test func throwingTransformerIsInvalidValueAtItsPath() throws {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Priced.self, from: #"{"count":-1}"#) })
        guard case .invalidValue(let path, let reason, _)? = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(path == "count")
        #expect(reason.contains("-1 is negative"))
        let nested = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(PricedList.self, from: #"{"items":[{"count":1},{"count":2},{"count":-3,"price":1}]}"#)
        })
        #expect(nested?.path == "items[2].count")
        // A transformer that throws on a container's value (an array, a model), under the
        // throw policy: the value it was handed is not destroyed again when the decode unwinds.
        for (json, expectedPath) in [(#"{"names":["a","b","\#(Self.unwantedName)"]}"#, "names"),
                                     (#"{"owner":{"name":"\#(Self.unwantedName)"},"names":["a"]}"#, "owner")] {
            let container = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Named.self, from: json) })
            guard case .invalidValue(let path, let reason, _)? = container else {
                Issue.record("expected invalidValue, got \(String(describing: container))")
                continue
            }
            #expect(path == expectedPath, "\(json)")
            #expect(reason.contains("an unwanted name"))
        }
        // Skip keeps the default.
        #expect(try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Priced.self, from: #"{"count":-1,"price":5}"#)
                == Priced(price: Money(cents: 5), count: 5))
    }
}
