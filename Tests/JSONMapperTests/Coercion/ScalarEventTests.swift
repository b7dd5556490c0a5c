import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - Strict mode: every lenient conversion is a type mismatch

    enum Target: String, Sendable { case int, int8, uint64, double, float, decimal, bool, string, level, color, url, uuid, data, intSet }

    static func decodeDescription(_ target: Target, _ json: String, _ options: DecodingOptions) throws(JSONMapperError) -> String {
        switch target {
        case .int: "\(try JSONMapDecoder(options: options).decode(Int.self, from: json))"
        case .int8: "\(try JSONMapDecoder(options: options).decode(Int8.self, from: json))"
        case .uint64: "\(try JSONMapDecoder(options: options).decode(UInt64.self, from: json))"
        case .double: "\(try JSONMapDecoder(options: options).decode(Double.self, from: json))"
        case .float: "\(try JSONMapDecoder(options: options).decode(Float.self, from: json))"
        case .decimal: "\(try JSONMapDecoder(options: options).decode(Decimal.self, from: json))"
        case .bool: "\(try JSONMapDecoder(options: options).decode(Bool.self, from: json))"
        case .string: try JSONMapDecoder(options: options).decode(String.self, from: json)
        case .level: "\(try JSONMapDecoder(options: options).decode(Level.self, from: json))"
        case .color: "\(try JSONMapDecoder(options: options).decode(Color.self, from: json))"
        case .url: try JSONMapDecoder(options: options).decode(URL.self, from: json).absoluteString
        case .uuid: try JSONMapDecoder(options: options).decode(UUID.self, from: json).uuidString
        case .data: try JSONMapDecoder(options: options).decode(Data.self, from: json).base64EncodedString()
        case .intSet: "\(try JSONMapDecoder(options: options).decode(Set<Int>.self, from: json).sorted())"
        }
    }

    /// (target, JSON, value in lenient mode): each is a conversion only lenient mode makes.
    static let lenientConversions: [(Target, String, String)] = [
        (.int, "20.0", "20"), (.int, "2e1", "20"), (.int, #""20""#, "20"), (.int, #"" 20 ""#, "20"), (.int, "true", "1"),
        (.int8, "false", "0"), (.uint64, #""7""#, "7"),
        (.double, #""1.5""#, "1.5"), (.double, #""1e3""#, "1000.0"), (.double, "true", "1.0"),
        (.float, #""2.5""#, "2.5"), (.float, "false", "0.0"),
        (.decimal, #""0.1""#, "0.1"),
        (.bool, "1", "true"), (.bool, "0", "false"), (.bool, #""true""#, "true"), (.bool, #""yes""#, "true"), (.bool, #""NO""#, "false"),
        (.string, "42", "42"), (.string, "1.50", "1.50"), (.string, "true", "true"), (.string, "false", "false"),
        (.level, #""2""#, "high"),
    ]

    @Test("lenient conversions succeed", arguments: lenientConversions)
    func lenientConversion(_ target: Target, _ json: String, _ expected: String) {
        let result = Self.outcome { () throws(JSONMapperError) in try Self.decodeDescription(target, json, Self.lenient) }
        #expect(Self.value(result) == expected, "\(target) from \(json): \(result)")
    }

    @Test("strict: lenient conversions are type mismatches", arguments: lenientConversions)
    func strictRejectsLenientConversion(_ target: Target, _ json: String, _ lenientValue: String) {
        let result = Self.outcome { () throws(JSONMapperError) in try Self.decodeDescription(target, json, Self.strict) }
        #expect(Self.kind(Self.error(result)) == .typeMismatch, "\(target) from \(json) in strict mode: \(result)")
    }

    /// Values taken from their own JSON kind: accepted in both modes.
    static let nativeConversions: [(Target, String, String)] = [
        (.int, "20", "20"), (.int, "-7", "-7"), (.int8, "-128", "-128"), (.uint64, "18446744073709551615", "18446744073709551615"),
        (.double, "1.5", "1.5"), (.double, "1", "1.0"), (.float, "2.5", "2.5"), (.decimal, "0.1", "0.1"),
        (.bool, "true", "true"), (.bool, "false", "false"), (.string, #""x""#, "x"), (.level, "1", "low"), (.color, #""red""#, "red"),
        (.url, #""https://a.example/b""#, "https://a.example/b"),
        (.uuid, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        (.data, #""AQID""#, "AQID"), (.intSet, "[2,1,2]", "[1, 2]"),
    ]

    @Test("native kinds decode in both modes", arguments: nativeConversions)
    func nativeConversion(_ target: Target, _ json: String, _ expected: String) {
        for options in [Self.lenient, Self.strict] {
            let result = Self.outcome { () throws(JSONMapperError) in try Self.decodeDescription(target, json, options) }
            #expect(Self.value(result) == expected, "\(target) from \(json) (\(options.coercion)): \(result)")
        }
    }

    /// The "—" cells of the table: never converted, in either mode.
    static let neverConverted: [(Target, String)] = [
        (.decimal, "true"), (.url, "5"), (.url, "true"), (.uuid, "5"), (.uuid, "false"), (.data, "5"), (.data, "true"),
        (.intSet, "5"), (.intSet, #"{"a":1}"#), (.int, "[1]"), (.int, #"{"a":1}"#), (.string, "{}"), (.string, "[]"), (.bool, "[]"),
        (.double, #""abc""#),
    ]

    @Test("kinds that never convert are type mismatches", arguments: neverConverted)
    func neverConvertedIsTypeMismatch(_ target: Target, _ json: String) {
        for options in [Self.lenient, Self.strict] {
            let result = Self.outcome { () throws(JSONMapperError) in try Self.decodeDescription(target, json, options) }
            #expect(Self.kind(Self.error(result)) == .typeMismatch, "\(target) from \(json) (\(options.coercion)): \(result)")
        }
    }

    @Test func strictTypeMismatchNamesTheValue() {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: Self.strict).decode(Int.self, from: #""20""#) })
        #expect(error == .typeMismatch(path: "", expected: "Int", found: "string \"20\""))
        let inModel = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: Self.strict).decode(Defaults.self, from: #"{"bool":1}"#)
        })
        #expect(inModel == .typeMismatch(path: "bool", expected: "Bool", found: "number 1"))
    }
}
