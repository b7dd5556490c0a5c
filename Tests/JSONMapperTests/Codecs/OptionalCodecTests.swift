import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - null keeps the default

    struct Inner: JSONMappable, Equatable, Hashable {
        var x = 0
        static let jsonMapping = JSONMapping<Inner> { Map(\.x, "x") }
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
            Map(\.int, "int"); Map(\.int8, "int8"); Map(\.uint64, "uint64"); Map(\.double, "double")
            Map(\.float, "float"); Map(\.decimal, "decimal"); Map(\.bool, "bool"); Map(\.string, "string")
            Map(\.date, "date"); Map(\.url, "url"); Map(\.uuid, "uuid"); Map(\.data, "data")
            Map(\.color, "color"); Map(\.level, "level"); Map(\.ints, "ints"); Map(\.intSet, "intSet")
            Map(\.dict, "dict"); Map(\.inner, "inner"); Map(\.optInt, "optInt"); Map(\.optString, "optString")
            Map(\.optInner, "optInner"); Map(\.optLevel, "optLevel")
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
        guard case .typeMismatch(let path, _, let found)? = error else {
            Issue.record("\(key): expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(path == key)
        #expect(found == "null")
    }
}
