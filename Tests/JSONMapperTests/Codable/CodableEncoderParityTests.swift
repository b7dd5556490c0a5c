import Foundation
@testable import JSONMapper
import Testing

// Parity of JSONCodableEncoder with Foundation's JSONEncoder (swift-foundation's on this
// machine): every expectation compares with what JSONEncoder writes or throws for the same
// value and options, never with text written here.

@Suite("Codable encoder parity: scalars and layout")
struct CodableEncoderScalarParityTests {
    struct Limits: Codable {
        var int = [Int.min, Int.max, 0, -1]
        var int8 = [Int8.min, Int8.max]
        var int16 = [Int16.min, Int16.max]
        var int32 = [Int32.min, Int32.max]
        var int64 = [Int64.min, Int64.max]
        var uint = [UInt.min, UInt.max]
        var uint8 = [UInt8.min, UInt8.max]
        var uint16 = [UInt16.min, UInt16.max]
        var uint32 = [UInt32.min, UInt32.max]
        var uint64 = [UInt64.min, UInt64.max]
        var single: Int64 = .min
        var unsigned: UInt64 = .max
        var small: Int8 = -128
    }

    @Test func integersAtTheirLimits() throws {
        try expectSameBytes(Limits())
        try expectSameBytes(Int.min)
        try expectSameBytes(UInt64.max)
    }

    /// Numbers are spelled as Foundation spells them: `description`, without an integral
    /// value's `.0` (`1e+16`, `1000000000000000`, `-0`, `5e-324`).
    @Test func doublesAndFloatsAreSpelledAsFoundationSpellsThem() throws {
        let doubles: [Double] = [0, -0.0, 0.1, 1.5, -2.25, 1e15, 1e16, 1.0 / 3, 123_456_789_012_345_680, .leastNonzeroMagnitude,
                                 .greatestFiniteMagnitude, -.leastNormalMagnitude, 20, 1e-7, 12345.678e100]
        let floats: [Float] = [0, -0.0, 1.1, 1e7, 16_777_216, 3.4e38, .leastNonzeroMagnitude, 0.3, 1e-5]
        try expectSameBytes(doubles)
        try expectSameBytes(floats)
        struct Numbers: Codable { var d = 0.1; var f: Float = 1.1; var list: [Double?] = [1e16, nil, 0.5]; var floats: [Float] = [2.5] }
        try expectSameBytes(Numbers())
        for value in doubles { try expectSameBytes(value) }
    }

    @Test func decimalsAreWrittenInTheirDescription() throws {
        let decimals = ["1.50", "-0.000001", "1e30", "123456789.123456789", "0", "-7"].map { Decimal(string: $0)! }
        try expectSameBytes(decimals)
        struct Money: Codable { var amount = Decimal(string: "12.3456")!; var none: Decimal? = nil }
        try expectSameBytes(Money())
    }

    @Test func nonConformingFloatsThrowWithFoundationsCodingPath() {
        struct Keyed: Encodable { var fine = 1.0; var bad = Double.nan }
        struct Deep: Encodable { var items = [Keyed()] }
        struct Floats: Encodable { var values: [Float] = [1, .infinity] }
        struct InDictionary: Encodable { var table = ["x": -Double.infinity] }
        struct ThroughOptional: Encodable { var value: Double? = .nan }
        expectSameError(Keyed())
        expectSameError(Deep())
        expectSameError(Floats())
        expectSameError([[1.0], [2.0, .nan]])
        expectSameError(Double.infinity)
        expectSameError(InDictionary())
        expectSameError(ThroughOptional())
        expectSameError([Float.nan])
        var snake = EncoderSettings()
        snake.keys = .convertToSnakeCase
        expectSameError(InDictionary(), snake)
    }

    @Test func nonConformingFloatsConvertToTheGivenStrings() throws {
        var settings = EncoderSettings()
        settings.floats = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        struct Values: Codable { var a = Double.infinity; var b = -Double.infinity; var c = Double.nan; var d = [Float.nan, 1] }
        try expectSameBytes(Values(), settings)
        try expectSameBytes([Double.nan], settings)
    }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        let strings = ["plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}",
                       "é ü 😀 \u{2028} \u{2029}", "</script>", ""]
        try expectSameBytes(strings)
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .withoutEscapingSlashes]
        try expectSameBytes(strings, settings)
        try expectSameBytes(["a/b": "c/d"], settings)
        try expectSameBytes(["a/b": "c/d"])
    }

    struct Layout: Codable {
        var name = "layout"
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested = [[1, 2], [], [3]]
        var objects = [["b": 1, "a": 2], [:]]
        var flag = true
        var none: String? = nil
    }

    @Test func prettyPrintedLayoutIsFoundations() throws {
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(Layout(), settings)
        try expectSameBytes([Layout(), Layout()], settings)
        try expectSameBytes([String: Int](), settings)
        try expectSameBytes([Int](), settings)
        try expectSameBytes(7, settings)
        settings.formatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try expectSameBytes(["url": "https://example.com/a"], settings)
    }

    /// Keys sort by their UTF-8 bytes before escaping, as Foundation sorts them.
    @Test func sortedKeysFollowFoundationsOrder() throws {
        let table = ["b": 1, "a": 2, "B": 3, "_": 4, "aa": 5, "é": 6, "z\"": 7, "z/": 8, "z\u{1}": 9, "z": 10, "10": 11, "9": 12]
        try expectSameBytes(table)
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(table, settings)
    }

    @Test func unsortedOutputHoldsTheSameValues() throws {
        var settings = EncoderSettings()
        settings.formatting = []
        try expectSameJSON(Layout(), settings)
        settings.formatting = [.prettyPrinted]
        try expectSameJSON(Layout(), settings)
    }

    @Test func optionalsAndNil() throws {
        struct Optionals: Codable {
            var present: Int? = 1
            var absent: Int? = nil
            var list: [Int?] = [1, nil, 3]
            var nested: [String: String?] = ["a": nil, "b": "x"]
        }
        struct ExplicitNil: Encodable {
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: AnyKey.self)
                try keyed.encodeNil(forKey: AnyKey("null"))
                try keyed.encodeIfPresent(Int?.none, forKey: AnyKey("skipped"))
                try keyed.encodeIfPresent(Int?.some(2), forKey: AnyKey("kept"))
                var list = keyed.nestedUnkeyedContainer(forKey: AnyKey("list"))
                try list.encodeNil()
            }
        }
        try expectSameBytes(Optionals())
        try expectSameBytes(ExplicitNil())
        try expectSameBytes(Int?.none)
        try expectSameBytes([String?.none])
    }

    @Test func aTopLevelValueThatEncodesNothingThrows() {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        expectSameError(Nothing())
    }

    @Test func aNestedValueThatEncodesNothingIsAnEmptyObject() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Holder: Encodable { var a = Nothing(); var list = [Nothing()]; var b = 1 }
        try expectSameBytes(Holder())
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(Holder(), settings)
    }
}

/// A key made from any string, for hand-written `encode(to:)`.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}
