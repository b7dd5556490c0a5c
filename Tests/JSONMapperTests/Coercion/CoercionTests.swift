import Foundation
import Testing
@testable import JSONMapper

/// The Coercion layer, cell by cell of DESIGN §6, lenient and strict, through
/// `JSONMapper.decode` on top-level scalars and small models. Expected values are written by
/// hand (literals, type constants, dates built with a UTC Gregorian calendar).
@Suite("Coercion layer")
struct CoercionUnitTests {

    // MARK: - Helpers

    enum Kind: Equatable, Sendable { case typeMismatch, invalidValue, keyNotFound, syntax, depth, empty, limit, io }

    static func kind(_ error: JSONMapperError?) -> Kind? {
        switch error {
        case .typeMismatch?: .typeMismatch
        case .invalidValue?: .invalidValue
        case .keyNotFound?: .keyNotFound
        case .syntax?: .syntax
        case .depthLimitExceeded?: .depth
        case .emptyInput?: .empty
        case .limitExceeded?: .limit
        case .ioFailed?: .io
        case nil: nil
        }
    }

    static func outcome<T>(_ body: () throws(JSONMapperError) -> T) -> Result<T, JSONMapperError> {
        do throws(JSONMapperError) { return .success(try body()) } catch { return .failure(error) }
    }

    static func error<T>(_ result: Result<T, JSONMapperError>) -> JSONMapperError? {
        if case .failure(let e) = result { return e }
        return nil
    }

    static func value<T>(_ result: Result<T, JSONMapperError>) -> T? {
        if case .success(let v) = result { return v }
        return nil
    }

    static let lenient = DecodingOptions()
    static let strict = DecodingOptions(coercion: .strict)

    /// Decodes `json` as `I`; `expected == nil` means the value must be rejected as `.invalidValue`.
    static func checkInteger<I: FixedWidthInteger & JSONMappableValue>(
        _ type: I.Type, _ json: String, _ expected: I?, options: DecodingOptions = DecodingOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = outcome { () throws(JSONMapperError) in try JSONMapper.decode(I.self, from: json, options: options) }
        if let expected {
            #expect(value(result) == expected, "\(I.self) from \(json): \(result)", sourceLocation: sourceLocation)
        } else {
            #expect(kind(error(result)) == .invalidValue, "\(I.self) from \(json) must be invalidValue: \(result)",
                    sourceLocation: sourceLocation)
            if case .invalidValue(let path, _)? = error(result) {
                #expect(path == "", sourceLocation: sourceLocation)
            }
        }
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    enum Color: String, JSONMappableValue, Equatable, Sendable { case red, green, blue }
    enum Level: Int, JSONMappableValue, Equatable, Sendable { case low = 1, high = 2 }

    // MARK: - Integers: every width's range

    @Test(arguments: [("-128", Int8.min), ("127", Int8.max), ("0", 0), ("-0", 0), ("1.27e2", 127),
                      ("-129", nil), ("128", nil), ("300", nil), ("-300", nil), ("1.28e2", nil), ("1000000000000000000000", nil)] as [(String, Int8?)])
    func int8Range(_ json: String, _ expected: Int8?) { Self.checkInteger(Int8.self, json, expected) }

    @Test(arguments: [("-32768", Int16.min), ("32767", Int16.max), ("-32769", nil), ("32768", nil)] as [(String, Int16?)])
    func int16Range(_ json: String, _ expected: Int16?) { Self.checkInteger(Int16.self, json, expected) }

    @Test(arguments: [("-2147483648", Int32.min), ("2147483647", Int32.max), ("-2147483649", nil), ("2147483648", nil)] as [(String, Int32?)])
    func int32Range(_ json: String, _ expected: Int32?) { Self.checkInteger(Int32.self, json, expected) }

    @Test(arguments: [("-9223372036854775808", Int64.min), ("9223372036854775807", Int64.max),
                      ("-9223372036854775809", nil), ("9223372036854775808", nil),
                      ("18446744073709551616", nil), ("99999999999999999999999", nil), ("9.223372036854775807e18", Int64.max),
                      ("9.223372036854775808e18", nil)] as [(String, Int64?)])
    func int64Range(_ json: String, _ expected: Int64?) { Self.checkInteger(Int64.self, json, expected) }

    @Test(arguments: [("-9223372036854775808", Int.min), ("9223372036854775807", Int.max),
                      ("-9223372036854775809", nil), ("9223372036854775808", nil)] as [(String, Int?)])
    func intRange(_ json: String, _ expected: Int?) { Self.checkInteger(Int.self, json, expected) }

    @Test(arguments: [("0", UInt8.min), ("255", UInt8.max), ("-0", 0), ("-1", nil), ("256", nil), ("-0.5", nil)] as [(String, UInt8?)])
    func uint8Range(_ json: String, _ expected: UInt8?) { Self.checkInteger(UInt8.self, json, expected) }

    @Test(arguments: [("65535", UInt16.max), ("65536", nil), ("-1", nil)] as [(String, UInt16?)])
    func uint16Range(_ json: String, _ expected: UInt16?) { Self.checkInteger(UInt16.self, json, expected) }

    @Test(arguments: [("4294967295", UInt32.max), ("4294967296", nil), ("-1", nil)] as [(String, UInt32?)])
    func uint32Range(_ json: String, _ expected: UInt32?) { Self.checkInteger(UInt32.self, json, expected) }

    @Test(arguments: [("18446744073709551615", UInt64.max), ("18446744073709551616", nil), ("-1", nil),
                      ("1e19", 10_000_000_000_000_000_000), ("1.8446744073709551615e19", UInt64.max), ("1e20", nil),
                      ("184467440737095516150", nil), ("18446744073709551615.0", UInt64.max),
                      ("18446744073709551615.5", nil)] as [(String, UInt64?)])
    func uint64Range(_ json: String, _ expected: UInt64?) { Self.checkInteger(UInt64.self, json, expected) }

    @Test(arguments: [("18446744073709551615", UInt.max), ("18446744073709551616", nil), ("-1", nil)] as [(String, UInt?)])
    func uintRange(_ json: String, _ expected: UInt?) { Self.checkInteger(UInt.self, json, expected) }

    @Test func outOfRangeIntegersNeverWrap() {
        // The values a wrapping or truncating conversion would give are never produced.
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int8.self, from: "300") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(UInt8.self, from: "-1") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int64.self, from: "9223372036854775808") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(UInt64.self, from: "18446744073709551616") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int32.self, from: "\"4294967296\"") })) == .invalidValue)
        // Also strict: range is not a matter of leniency.
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int8.self, from: "300", options: Self.strict) })) == .invalidValue)
    }

    // MARK: - Integers: numbers, strings, bools

    @Test(arguments: [("20", 20), ("20.0", 20), ("2e1", 20), ("2E1", 20), ("2e+1", 20), ("200e-1", 20), ("-20.000", -20),
                      ("0.0", 0), ("-0.0", 0), ("1.0e0", 1), ("123.4500e2", 12345), ("1e18", 1_000_000_000_000_000_000), ("0e400", 0), ("100e-2", 1),
                      ("1000000000000000000000e-3", 1_000_000_000_000_000_000),
                      ("1.5", nil), ("0.1", nil), ("2e-1", nil), ("12345e-2", nil), ("1e-400", nil), ("1e400", nil), ("-1.000001", nil)] as [(String, Int?)])
    func intFromNumber(_ json: String, _ expected: Int?) { Self.checkInteger(Int.self, json, expected) }

    @Test(arguments: [(#""20""#, 20), (#"" 20 ""#, 20), (#""2e1""#, 20), (#""-20""#, -20), (#""20.0""#, 20), (#""\t20\n""#, 20)] as [(String, Int)])
    func intFromString(_ json: String, _ expected: Int) {
        #expect(Self.value(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int.self, from: json) }) == expected)
    }

    @Test(arguments: [#""abc""#, #""""#, #""   ""#, #""20px""#, #""0x10""#, #""2 0""#, #""twenty""#])
    func intFromNonNumericStringIsTypeMismatch(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int.self, from: json) })
        #expect(Self.kind(error) == .typeMismatch, "\(json): \(String(describing: error))")
    }

    @Test func intFromNumericStringsOutOfRangeOrFractional() {
        Self.checkInteger(Int.self, #""1.5""#, nil)
        Self.checkInteger(Int8.self, #""128""#, nil)
        Self.checkInteger(Int8.self, #""-128""#, Int8.min)
        Self.checkInteger(UInt8.self, #""-1""#, nil)
    }

    @Test func integersFromBools() throws {
        #expect(try JSONMapper.decode(Int.self, from: "true") == 1)
        #expect(try JSONMapper.decode(Int.self, from: "false") == 0)
        #expect(try JSONMapper.decode(UInt8.self, from: "true") == 1)
        #expect(try JSONMapper.decode(Int64.self, from: "false") == 0)
        #expect(try JSONMapper.decode([Int16].self, from: "[true,false,true]") == [1, 0, 1])
    }

    // MARK: - Double and Float

    @Test(arguments: [
        ("0.1", 0.1),
        ("2.2250738585072014e-308", Double.leastNormalMagnitude),
        ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),   // largest subnormal
        ("9007199254740993", 9_007_199_254_740_992.0),                            // tie → even
        ("9007199254740993.0000000000000000000001", 9_007_199_254_740_994.0),    // just above the tie
        ("9007199254740992.9999999999999999999999", 9_007_199_254_740_992.0),    // just below it
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
        ("5e-324", Double.leastNonzeroMagnitude),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("0.30000000000000004", 0.30000000000000004),
        ("1E+2", 100.0),
        ("0.5e-3", 0.0005),
        ("0.1e1", 1.0),
        ("-2.5", -2.5),
        ("1e23", 1e23),
        ("20", 20.0),
    ] as [(String, Double)])
    func doubleIsCorrectlyRounded(_ json: String, _ expected: Double) throws {
        let value = try JSONMapper.decode(Double.self, from: json)
        #expect(value.bitPattern == expected.bitPattern, "\(json) → \(value), expected \(expected)")
        #expect(value == Double(json)!)
    }

    /// A small deterministic generator (SplitMix64).
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomDoublesRoundTripThroughTheirText() throws {
        // Any finite double printed in its shortest form, or with 17 significant digits,
        // must read back as exactly the same double.
        var rng = SplitMix64(seed: 0xD0_0B1E)
        var values: [Double] = []
        while values.count < 4000 {
            let value = Double(bitPattern: rng.next())
            if value.isFinite { values.append(value) }
        }
        values += [Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
                   Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1, 0.1, 1e22, 1e23, 9_007_199_254_740_992, 9_007_199_254_740_994]
        let shortest = "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
        let decoded = try JSONMapper.decode([Double].self, from: shortest)
        #expect(decoded.count == values.count)
        let mismatches = zip(values, decoded).filter { $0.bitPattern != $1.bitPattern }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")

        let long = "[" + values.map { String(format: "%.17g", $0) }.joined(separator: ",") + "]"
        let decodedLong = try JSONMapper.decode([Double].self, from: long)
        let longMismatches = zip(values, decodedLong).filter { $0.bitPattern != $1.bitPattern }
        #expect(longMismatches.isEmpty, "first mismatches: \(longMismatches.prefix(5))")
    }

    @Test func randomDecimalTextIsCorrectlyRounded() throws {
        // Random digit strings (up to 30 digits, exponents ±300) against the standard library's
        // correctly rounded parser.
        var rng = SplitMix64(seed: 77)
        var texts: [String] = []
        while texts.count < 4000 {
            let digits = Int.random(in: 1...30, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            let first = Int.random(in: 1...9, using: &rng)
            text += "\(first)"
            var rest = ""
            for _ in 1..<digits { rest += "\(Int.random(in: 0...9, using: &rng))" }
            let point = Int.random(in: 0...rest.count, using: &rng)
            if point > 0 { text += rest.prefix(point) }
            if point < rest.count { text += "." + rest.dropFirst(point) }
            text += "e\(Int.random(in: -300...300, using: &rng))"
            if Double(text)!.isFinite { texts.append(text) }
        }
        let decoded = try JSONMapper.decode([Double].self, from: "[" + texts.joined(separator: ",") + "]")
        let mismatches = zip(texts, decoded).filter { Double($0)!.bitPattern != $1.bitPattern }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func randomFloatsRoundTripThroughTheirText() throws {
        var rng = SplitMix64(seed: 0xF10A7)
        var values: [Float] = []
        while values.count < 4000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
            if value.isFinite { values.append(value) }
        }
        let text = "[" + values.map { "\($0)" }.joined(separator: ",") + "]"
        let decoded = try JSONMapper.decode([Float].self, from: text)
        let mismatches = zip(values, decoded).filter { $0.bitPattern != $1.bitPattern }
        #expect(decoded.count == values.count)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try JSONMapper.decode(Double.self, from: "-0")
        #expect(value == 0 && value.sign == .minus)
        let value2 = try JSONMapper.decode(Double.self, from: "-0.0")
        #expect(value2.sign == .minus)
    }

    @Test(arguments: ["1e999", "-1e999", "1.8e308", "1e999999"])
    func doubleOutOfRangeIsInvalid(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Double.self, from: json) })
        #expect(Self.kind(error) == .invalidValue, "\(json): \(String(describing: error))")
    }

    @Test(arguments: [
        ("0.1", Float(0.1)),
        ("3.4028235e38", Float.greatestFiniteMagnitude),
        ("16777217", 16_777_216),                              // tie → even
        ("1.00000005960464477550", 1.00000011920928955078125), // double rounding would give 1.0
        ("1e-45", Float.leastNonzeroMagnitude),
        ("-2.5", -2.5),
    ] as [(String, Float)])
    func floatIsCorrectlyRounded(_ json: String, _ expected: Float) throws {
        let value = try JSONMapper.decode(Float.self, from: json)
        #expect(value.bitPattern == expected.bitPattern, "\(json) → \(value), expected \(expected)")
    }

    @Test(arguments: ["3.5e38", "1e39", "-1e39"])
    func floatOutOfRangeIsInvalid(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Float.self, from: json) })
        #expect(Self.kind(error) == .invalidValue, "\(json): \(String(describing: error))")
    }

    @Test func floatingPointFromStringsAndBools() throws {
        #expect(try JSONMapper.decode(Double.self, from: #""1.5""#) == 1.5)
        #expect(try JSONMapper.decode(Double.self, from: #""1e3""#) == 1000)
        #expect(try JSONMapper.decode(Double.self, from: #"" 2.25 ""#) == 2.25)
        #expect(try JSONMapper.decode(Float.self, from: #""1.5""#) == 1.5)
        #expect(try JSONMapper.decode(Float.self, from: #""1e3""#) == 1000)
        #expect(try JSONMapper.decode(Double.self, from: "true") == 1)
        #expect(try JSONMapper.decode(Double.self, from: "false") == 0)
        #expect(try JSONMapper.decode(Float.self, from: "true") == 1)
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Double.self, from: #""abc""#) })
        #expect(Self.kind(error) == .typeMismatch)
    }

    @Test(arguments: [#""nan""#, #""NaN""#, #""inf""#, #""-inf""#, #""Infinity""#, #""-infinity""#])
    func nonFiniteStringsRejectedByDefault(_ json: String) {
        let d = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Double.self, from: json) })
        #expect(Self.kind(d) == .typeMismatch, "\(json) as Double: \(String(describing: d))")
        let f = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Float.self, from: json) })
        #expect(Self.kind(f) == .typeMismatch, "\(json) as Float: \(String(describing: f))")
    }

    @Test func nonFiniteStringsWhenAllowed() throws {
        let options = DecodingOptions(allowsNonFiniteStrings: true)
        #expect(try JSONMapper.decode(Double.self, from: #""nan""#, options: options).isNaN)
        #expect(try JSONMapper.decode(Double.self, from: #""NaN""#, options: options).isNaN)
        #expect(try JSONMapper.decode(Double.self, from: #""inf""#, options: options) == .infinity)
        #expect(try JSONMapper.decode(Double.self, from: #""-inf""#, options: options) == -.infinity)
        #expect(try JSONMapper.decode(Double.self, from: #""Infinity""#, options: options) == .infinity)
        #expect(try JSONMapper.decode(Double.self, from: #""-Infinity""#, options: options) == -.infinity)
        #expect(try JSONMapper.decode(Float.self, from: #""nan""#, options: options).isNaN)
        #expect(try JSONMapper.decode(Float.self, from: #""-inf""#, options: options) == -.infinity)
        // Only strings: an out-of-range number is still an error, and other words still mismatch.
        let big = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Double.self, from: "1e999", options: options) })
        #expect(Self.kind(big) == .invalidValue)
        let word = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Double.self, from: #""infinite""#, options: options) })
        #expect(Self.kind(word) == .typeMismatch)
        // Strict never converts strings.
        let strictNaN = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapper.decode(Double.self, from: #""nan""#, options: DecodingOptions(coercion: .strict, allowsNonFiniteStrings: true))
        })
        #expect(Self.kind(strictNaN) == .typeMismatch)
    }

    // MARK: - Decimal

    @Test func decimalIsExactFromText() throws {
        let tenth = try JSONMapper.decode(Decimal.self, from: "0.1")
        #expect(tenth == Decimal(sign: .plus, exponent: -1, significand: 1))
        #expect(tenth == Decimal(string: "0.1"))
        #expect(try JSONMapper.decode(Decimal.self, from: "-0.000000000000000000000000000001")
                == Decimal(sign: .minus, exponent: -30, significand: 1))
        let long = "12345678901234567890.123456789012345678"   // 38 significant digits
        let longValue = try JSONMapper.decode(Decimal.self, from: long)
        #expect(longValue == Decimal(string: long))
        #expect(longValue.description == long)
        let forty = "1234567890123456789012345678901234567890"
        #expect(try JSONMapper.decode(Decimal.self, from: forty) == Decimal(string: forty))
        let fortyFraction = "0.1234567890123456789012345678901234567891"
        #expect(try JSONMapper.decode(Decimal.self, from: fortyFraction) == Decimal(string: fortyFraction))
        #expect(try JSONMapper.decode(Decimal.self, from: "1E+2") == Decimal(100))
        #expect(try JSONMapper.decode(Decimal.self, from: "12.50e-1") == Decimal(sign: .plus, exponent: -2, significand: 125))
        // Where Double would round, Decimal does not.
        #expect(try JSONMapper.decode(Decimal.self, from: "9007199254740993") == Decimal(sign: .plus, exponent: 0, significand: Decimal(string: "9007199254740993")!))
        #expect(try JSONMapper.decode(Decimal.self, from: "9007199254740993").description == "9007199254740993")
    }

    @Test func decimalFromStrings() throws {
        #expect(try JSONMapper.decode(Decimal.self, from: #""0.1""#) == Decimal(sign: .plus, exponent: -1, significand: 1))
        #expect(try JSONMapper.decode(Decimal.self, from: #"" 12.50 ""#) == Decimal(sign: .plus, exponent: -1, significand: 125))
        #expect(try JSONMapper.decode(Decimal.self, from: #""123456789012345678901234567890""#).description == "123456789012345678901234567890")
        let abc = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Decimal.self, from: #""abc""#) })
        #expect(Self.kind(abc) == .typeMismatch)
        let bool = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Decimal.self, from: "true") })
        #expect(Self.kind(bool) == .typeMismatch)
    }

    // MARK: - Bool

    @Test(arguments: [("0", false), ("1", true), ("2", true), ("-1", true), ("0.0", false), ("-0", false), ("0e10", false),
                      ("0.001", true), ("1e-300", true), ("100", true)])
    func boolFromNumber(_ json: String, _ expected: Bool) throws {
        #expect(try JSONMapper.decode(Bool.self, from: json) == expected, "\(json)")
    }

    @Test(arguments: [("true", true), ("TRUE", true), ("True", true), ("tRuE", true), ("false", false), ("FALSE", false),
                      ("False", false), ("yes", true), ("YES", true), ("Yes", true), ("no", false), ("NO", false), ("No", false),
                      ("1", true), ("0", false)])
    func boolFromString(_ word: String, _ expected: Bool) throws {
        #expect(try JSONMapper.decode(Bool.self, from: "\"\(word)\"") == expected, "\(word)")
    }

    @Test(arguments: ["maybe", "2", "", "on", "off", "y", "n", "truefalse", "-1"])
    func boolFromOtherStringsIsTypeMismatch(_ word: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Bool.self, from: "\"\(word)\"") })
        #expect(Self.kind(error) == .typeMismatch, "\(word): \(String(describing: error))")
    }

    @Test func boolFromBool() throws {
        #expect(try JSONMapper.decode(Bool.self, from: "true") == true)
        #expect(try JSONMapper.decode(Bool.self, from: "false") == false)
        #expect(try JSONMapper.decode(Bool.self, from: "true", options: Self.strict) == true)
    }

    // MARK: - String

    @Test(arguments: [("42", "42"), ("-0", "-0"), ("1.50", "1.50"), ("1E+2", "1E+2"), ("0.5e-3", "0.5e-3"),
                      ("12345678901234567890123", "12345678901234567890123"), ("true", "true"), ("false", "false"),
                      (#""plain""#, "plain"), (#""esc\"aped\u00e9""#, "esc\"apedé")])
    func stringFromScalars(_ json: String, _ expected: String) throws {
        #expect(try JSONMapper.decode(String.self, from: json) == expected)
    }

    // MARK: - Date

    static let reference = utc(2014, 8, 31, 0, 29, 15)

    @Test(arguments: [
        "2014-08-31T00:29:15Z",
        "2014-08-31T02:29:15+02:00",
        "2014-08-30T19:29:15-05:00",
        "2014-08-31T05:59:15+0530",
        "2014-08-31T00:29:15+00:00",
        "2014-08-31T00:29:15",
        "2014-08-31 00:29:15",
        "Sun, 31 Aug 2014 00:29:15 +0000",
        "31 Aug 2014 02:29:15 +0200",
        "Sun, 31 Aug 2014 00:29:15 GMT",
        "Sat, 30 Aug 2014 20:29:15 -0400",
        "Sun Aug 31 00:29:15 +0000 2014",
        "Sun Aug 31 02:29:15 +0200 2014",
    ])
    func dateStringsOfTheSameInstant(_ text: String) throws {
        let date = try JSONMapper.decode(Date.self, from: "\"\(text)\"")
        #expect(date == Self.reference, "\(text) → \(date)")
    }

    @Test func dateStringVariants() throws {
        #expect(try JSONMapper.decode(Date.self, from: #""2014-08-31""#) == Self.utc(2014, 8, 31))
        #expect(try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29Z""#) == Self.utc(2014, 8, 31, 0, 29, 0))
        #expect(try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29:15.250Z""#) == Self.reference.addingTimeInterval(0.25))
        #expect(try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29:15.5+01:00""#) == Self.utc(2014, 8, 30, 23, 29, 15).addingTimeInterval(0.5))
        let micro = try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29:15.123456Z""#)
        #expect(abs(micro.timeIntervalSince(Self.reference) - 0.123456) < 1e-6)
        let noZoneFraction = try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29:15.75""#)
        #expect(noZoneFraction == Self.reference.addingTimeInterval(0.75))
        #expect(try JSONMapper.decode(Date.self, from: #""2016-02-29T12:00:00Z""#) == Self.utc(2016, 2, 29, 12))
        #expect(try JSONMapper.decode(Date.self, from: #""2000-01-01T00:00:00Z""#) == Self.utc(2000, 1, 1))
        #expect(try JSONMapper.decode(Date.self, from: #""1969-12-31T23:59:59Z""#) == Self.utc(1969, 12, 31, 23, 59, 59))
        #expect(try JSONMapper.decode(Date.self, from: #""Mon, 1 Sep 2014 00:00:00 +0000""#) == Self.utc(2014, 9, 1))
        #expect(try JSONMapper.decode(Date.self, from: #"" 2014-08-31T00:29:15Z ""#) == Self.reference)
    }

    @Test(arguments: ["not a date", "", "2015-02-29", "2014-13-01", "2014-00-10", "2014-08-32", "2014-08-31T25:00:00Z",
                      "2014-08-31T00:61:00Z", "31/08/2014", "Sun, 31 Foo 2014 00:29:15 +0000", "2014-08-31T00:29:15+02:00 junk"])
    func invalidDateStrings(_ text: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Date.self, from: "\"\(text)\"") })
        #expect(Self.kind(error) == .invalidValue, "\(text): \(String(describing: error))")
    }

    @Test func datesFromNumbers() throws {
        #expect(try JSONMapper.decode(Date.self, from: "1409444955") == Self.reference)
        #expect(try JSONMapper.decode(Date.self, from: "0") == Self.utc(1970, 1, 1))
        #expect(try JSONMapper.decode(Date.self, from: "-1") == Self.utc(1969, 12, 31, 23, 59, 59))
        #expect(try JSONMapper.decode(Date.self, from: "1409444955.5") == Self.reference.addingTimeInterval(0.5))
        #expect(try JSONMapper.decode(Date.self, from: "1.409444955e9") == Self.reference)
        let ms = DecodingOptions(dateUnit: .millisecondsSince1970)
        #expect(try JSONMapper.decode(Date.self, from: "1409444955000", options: ms) == Self.reference)
        #expect(try JSONMapper.decode(Date.self, from: "1409444955250", options: ms) == Self.reference.addingTimeInterval(0.25))
        // A string is not a number of milliseconds: ISO text is still read as a date.
        #expect(try JSONMapper.decode(Date.self, from: #""2014-08-31T00:29:15Z""#, options: ms) == Self.reference)
        let bool = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Date.self, from: "true") })
        #expect(Self.kind(bool) == .typeMismatch)
    }

    // MARK: - URL, UUID, Data, enums, Set

    struct Links: JSONMappable, Equatable {
        var homepage: URL? = nil
        var avatar: URL? = URL(string: "https://default.example/avatar")
        var site = URL(string: "https://default.example")!
        static let jsonMapping = JSONMapping<Links> {
            Map(\.homepage, "homepage")
            Map(\.avatar, "avatar")
            Map(\.site, "site")
        }
    }

    @Test func urlIsTrimmedAndEmptyIsNil() throws {
        #expect(try JSONMapper.decode(URL.self, from: #"" https://example.com/a?b=c ""#).absoluteString == "https://example.com/a?b=c")
        let links = try JSONMapper.decode(Links.self, from: #"{"homepage":"\thttps://example.com/x\n","site":""}"#)
        #expect(links.homepage?.absoluteString == "https://example.com/x")
        #expect(links.site.absoluteString == "https://default.example")   // non-optional keeps its default
        let empty = try JSONMapper.decode(Links.self, from: #"{"homepage":"","site":"   "}"#)
        #expect(empty.homepage == nil)
        #expect(empty.site.absoluteString == "https://default.example")
    }

    @Test func emptyURLStringSetsAnOptionalToNil() throws {
        // DESIGN §6: "URL — trimmed; empty → nil": an Optional URL that had a value becomes nil.
        let links = try JSONMapper.decode(Links.self, from: #"{"avatar":""}"#)
        #expect(links.avatar == nil)
    }

    @Test func urlFromNonStringsIsTypeMismatch() {
        for json in ["5", "true"] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(URL.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }

    @Test func uuid() throws {
        let expected = UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))
        #expect(try JSONMapper.decode(UUID.self, from: #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#) == expected)
        #expect(try JSONMapper.decode(UUID.self, from: #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#) == expected)
        let bad = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(UUID.self, from: #""not-a-uuid""#) })
        #expect(Self.kind(bad) == .invalidValue)
        let number = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(UUID.self, from: "5") })
        #expect(Self.kind(number) == .typeMismatch)
    }

    @Test func dataFromBase64() throws {
        #expect(try JSONMapper.decode(Data.self, from: #""SGVsbG8sIFdvcmxkIQ==""#) == Data("Hello, World!".utf8))
        #expect(try JSONMapper.decode(Data.self, from: #""AAEC/w==""#) == Data([0x00, 0x01, 0x02, 0xFF]))
        #expect(try JSONMapper.decode(Data.self, from: #""""#) == Data())
        for bad in [#""SGVsbG8""#, #""!!!!""#, #""SGVs bG8=""#] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Data.self, from: bad) })
            #expect(Self.kind(error) == .invalidValue, "\(bad)")
        }
        for json in ["5", "true", "[1,2]"] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Data.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }

    @Test func rawRepresentableEnums() throws {
        #expect(try JSONMapper.decode(Color.self, from: #""red""#) == .red)
        #expect(try JSONMapper.decode(Color.self, from: #""blue""#) == .blue)
        #expect(try JSONMapper.decode(Level.self, from: "2") == .high)
        #expect(try JSONMapper.decode(Level.self, from: "1") == .low)
        #expect(try JSONMapper.decode(Level.self, from: #""2""#) == .high)     // lenient raw Int from a string
        #expect(try JSONMapper.decode(Level.self, from: "2.0") == .high)
        #expect(try JSONMapper.decode([Color].self, from: #"["green","red"]"#) == [.green, .red])
        for (json, isColor) in [(#""purple""#, true), (#""RED""#, true), ("3", false), ("0", false)] {
            let error = isColor
                ? Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Color.self, from: json) })
                : Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Level.self, from: json) })
            #expect(Self.kind(error) == .invalidValue, "\(json): \(String(describing: error))")
        }
        let level = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Level.self, from: #""high""#) })
        #expect(Self.kind(level) == .typeMismatch)
    }

    @Test func setsFromArrays() throws {
        #expect(try JSONMapper.decode(Set<Int>.self, from: "[3,1,3,2]") == [1, 2, 3])
        #expect(try JSONMapper.decode(Set<String>.self, from: #"["a","b","a"]"#) == ["a", "b"])
        #expect(try JSONMapper.decode(Set<Color>.self, from: #"["red","red"]"#) == [.red])
        for json in ["5", #""a""#, #"{"a":1}"#] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Set<Int>.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }

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
        let decoded = try JSONMapper.decode(Defaults.self, from: json)
        var expected = Defaults()
        expected.optInt = nil
        expected.optString = nil
        expected.optInner = nil
        expected.optLevel = nil
        #expect(decoded == expected)
        // Strict also takes null for Optionals.
        let strictOptionals = try JSONMapper.decode(Defaults.self, from: "{" + Defaults.optionalKeys.map { "\"\($0)\":null" }.joined(separator: ",") + "}",
                                                    options: Self.strict)
        #expect(strictOptionals == expected)
    }

    @Test("strict: null for a non-optional property is a type mismatch at its path", arguments: Defaults.nonOptionalKeys)
    func strictNullIsTypeMismatch(_ key: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapper.decode(Defaults.self, from: "{\"\(key)\":null}", options: Self.strict)
        })
        guard case .typeMismatch(let path, _, let found)? = error else {
            Issue.record("\(key): expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(path == key)
        #expect(found == "null")
    }

    // MARK: - Strict mode: every lenient conversion is a type mismatch

    enum Target: String, Sendable { case int, int8, uint64, double, float, decimal, bool, string, level, color, url, uuid, data, intSet }

    static func decodeDescription(_ target: Target, _ json: String, _ options: DecodingOptions) throws(JSONMapperError) -> String {
        switch target {
        case .int: "\(try JSONMapper.decode(Int.self, from: json, options: options))"
        case .int8: "\(try JSONMapper.decode(Int8.self, from: json, options: options))"
        case .uint64: "\(try JSONMapper.decode(UInt64.self, from: json, options: options))"
        case .double: "\(try JSONMapper.decode(Double.self, from: json, options: options))"
        case .float: "\(try JSONMapper.decode(Float.self, from: json, options: options))"
        case .decimal: "\(try JSONMapper.decode(Decimal.self, from: json, options: options))"
        case .bool: "\(try JSONMapper.decode(Bool.self, from: json, options: options))"
        case .string: try JSONMapper.decode(String.self, from: json, options: options)
        case .level: "\(try JSONMapper.decode(Level.self, from: json, options: options))"
        case .color: "\(try JSONMapper.decode(Color.self, from: json, options: options))"
        case .url: try JSONMapper.decode(URL.self, from: json, options: options).absoluteString
        case .uuid: try JSONMapper.decode(UUID.self, from: json, options: options).uuidString
        case .data: try JSONMapper.decode(Data.self, from: json, options: options).base64EncodedString()
        case .intSet: "\(try JSONMapper.decode(Set<Int>.self, from: json, options: options).sorted())"
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
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Int.self, from: #""20""#, options: Self.strict) })
        #expect(error == .typeMismatch(path: "", expected: "Int", found: "string \"20\""))
        let inModel = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapper.decode(Defaults.self, from: #"{"bool":1}"#, options: Self.strict)
        })
        #expect(inModel == .typeMismatch(path: "bool", expected: "Bool", found: "number 1"))
    }

    // MARK: - Invalid-value policies

    struct Item: JSONMappable, Equatable {
        var count: Int8 = 0
        var name = ""
        static let jsonMapping = JSONMapping<Item> {
            Map(\.count, "count")
            Map(\.name, "name")
        }
    }

    struct Policy: JSONMappable, Equatable {
        var a = 1
        var b: Int8 = 2
        var c = "c"
        var items: [Item] = []
        var color = Color.red
        var when = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<Policy> {
            Map(\.a, "a"); Map(\.b, "b"); Map(\.c, "c"); Map(\.items, "items"); Map(\.color, "color"); Map(\.when, "when")
        }
    }

    static let policyJSON = #"""
    {"a":"abc","b":300,"c":"ok",
     "items":[{"count":1},{"count":"x","name":"n1"},{"count":1000,"name":"n2"}],
     "color":"purple","when":"yesterday"}
    """#

    static let policyExpected = Policy(a: 1, b: 2, c: "ok",
                                       items: [Item(count: 1, name: ""), Item(count: 0, name: "n1"), Item(count: 0, name: "n2")],
                                       color: .red, when: Date(timeIntervalSince1970: 0))

    @Test func throwPolicyStopsAtTheFirstProblem() {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapper.decode(Policy.self, from: Self.policyJSON) })
        #expect(error == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""))
    }

    @Test func skipPolicyKeepsDefaults() throws {
        let options = DecodingOptions(invalidValuePolicy: .skip)
        #expect(try JSONMapper.decode(Policy.self, from: Self.policyJSON, options: options) == Self.policyExpected)
        let reported = try JSONMapper.decodeReportingIssues(Policy.self, from: Data(Self.policyJSON.utf8), options: options)
        #expect(reported.value == Self.policyExpected)
        #expect(reported.issues.isEmpty)
    }

    @Test func collectPolicyReturnsTheErrorsWithPaths() throws {
        let options = DecodingOptions(invalidValuePolicy: .collect)
        let (value, issues) = try JSONMapper.decodeReportingIssues(Policy.self, from: Array(Self.policyJSON.utf8), options: options)
        #expect(value == Self.policyExpected)
        let summary = issues.map { (Self.kind($0)!, $0.path ?? "<none>") }
        let expected: [(Kind, String)] = [(.typeMismatch, "a"), (.invalidValue, "b"), (.typeMismatch, "items[1].count"),
                                          (.invalidValue, "items[2].count"), (.invalidValue, "color"), (.invalidValue, "when")]
        #expect(summary.count == expected.count, "\(issues)")
        for (got, want) in zip(summary, expected) {
            #expect(got.0 == want.0 && got.1 == want.1, "got \(got), expected \(want)")
        }
        #expect(issues.first == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""))
        #expect(issues.dropFirst(2).first == .typeMismatch(path: "items[1].count", expected: "Int8", found: "string \"x\""))
    }

    @Test func collectPolicyInArraysDropsTheBadElement() throws {
        let (value, issues) = try JSONMapper.decodeReportingIssues([Int8].self, from: Array("[1,300,3]".utf8),
                                                                   options: DecodingOptions(invalidValuePolicy: .collect))
        #expect(value == [1, 3])
        #expect(issues.count == 1)
        #expect(issues.first?.path == "[1]")
        #expect(Self.kind(issues.first) == .invalidValue)
    }

    @Test func strictModeThrowsWhateverThePolicy() {
        for policy in [DecodingOptions.InvalidValuePolicy.skip, .collect] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in
                try JSONMapper.decode(Policy.self, from: Self.policyJSON, options: DecodingOptions(coercion: .strict, invalidValuePolicy: policy))
            })
            #expect(error == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""), "\(policy)")
        }
    }

    @Test func policyDoesNotInventATopLevelValue() {
        // A top-level value has no default to keep.
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapper.decode(Int.self, from: #""abc""#, options: DecodingOptions(invalidValuePolicy: .skip))
        })
        #expect(Self.kind(error) == .typeMismatch)
    }
}
