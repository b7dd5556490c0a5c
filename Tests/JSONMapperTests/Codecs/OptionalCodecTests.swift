import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - null keeps the default

    struct Inner: JSONMappable, Equatable, Hashable {
        var x = 0
        static let jsonMapping = JSONMapping<Inner> { JSONMap(\.x, "x") }
    }

    struct Defaults: JSONMappable, Equatable {
        var int = 7
        var int8: Int8 = -7
        var uint64: UInt64 = 7
        var double = 7.5
        var float: Float = 7.5
        var decimal = Decimal(sign: .plus, exponent: -2, significand: 725)
        var bool = true
        var string = "seven"
        var date = Date(timeIntervalSince1970: 7)
        var url = URL(string: "https://seven.example")!
        var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7))
        var data = Data([7])
        var color = Color.green
        var level = Level.high
        var ints = [7]
        var intSet: Set<Int> = [7]
        var dict = ["k": 7]
        var inner = Inner(x: 7)
        var optInt: Int? = 7
        var optString: String? = "seven"
        var optInner: Inner? = Inner(x: 7)
        var optLevel: Level? = .low

        static let nonOptionalKeys = ["int", "int8", "uint64", "double", "float", "decimal", "bool", "string", "date", "url",
                                      "uuid", "data", "color", "level", "ints", "intSet", "dict", "inner"]
        static let optionalKeys = ["optInt", "optString", "optInner", "optLevel"]

        static let jsonMapping = JSONMapping<Defaults> {
            JSONMap(\.int, "int"); JSONMap(\.int8, "int8"); JSONMap(\.uint64, "uint64"); JSONMap(\.double, "double")
            JSONMap(\.float, "float"); JSONMap(\.decimal, "decimal"); JSONMap(\.bool, "bool"); JSONMap(\.string, "string")
            JSONMap(\.date, "date"); JSONMap(\.url, "url"); JSONMap(\.uuid, "uuid"); JSONMap(\.data, "data")
            JSONMap(\.color, "color"); JSONMap(\.level, "level"); JSONMap(\.ints, "ints"); JSONMap(\.intSet, "intSet")
            JSONMap(\.dict, "dict"); JSONMap(\.inner, "inner"); JSONMap(\.optInt, "optInt"); JSONMap(\.optString, "optString")
            JSONMap(\.optInner, "optInner"); JSONMap(\.optLevel, "optLevel")
        }
    }

    @Test func nullKeepsDefaultsAndClearsOptionals() throws {
        let keys = Defaults.nonOptionalKeys + Defaults.optionalKeys
        let json = "{" + keys.map { "\"\($0)\":null" }.joined(separator: ",") + "}"
        let decoded = try JSONMapDecoder().decode(Defaults.self, from: json)
        var expected = Defaults()
        expected.optInt = nil
        expected.optString = nil
        expected.optInner = nil
        expected.optLevel = nil
        #expect(decoded == expected)
        // Strict also takes null for Optionals.
        let strictOptionals = try JSONMapDecoder(options: Self.strict).decode(Defaults.self, from: "{" + Defaults.optionalKeys.map { "\"\($0)\":null" }.joined(separator: ",") + "}")
        #expect(strictOptionals == expected)
    }

    @Test("strict: null for a non-optional property is a type mismatch at its path", arguments: Defaults.nonOptionalKeys)
    func strictNullIsTypeMismatch(_ key: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: Self.strict).decode(Defaults.self, from: "{\"\(key)\":null}")
        })
        guard case .typeMismatch(let path, _, let found, _)? = error else {
            Issue.record("\(key): expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(path == key)
        #expect(found == "null")
    }
}
