import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
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
        let value = try JSONMapDecoder().decode(Double.self, from: json)
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
        let decoded = try JSONMapDecoder().decode([Double].self, from: shortest)
        #expect(decoded.count == values.count)
        let mismatches = zip(values, decoded).filter { $0.bitPattern != $1.bitPattern }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")

        let long = "[" + values.map { String(format: "%.17g", $0) }.joined(separator: ",") + "]"
        let decodedLong = try JSONMapDecoder().decode([Double].self, from: long)
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
        let decoded = try JSONMapDecoder().decode([Double].self, from: "[" + texts.joined(separator: ",") + "]")
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
        let decoded = try JSONMapDecoder().decode([Float].self, from: text)
        let mismatches = zip(values, decoded).filter { $0.bitPattern != $1.bitPattern }
        #expect(decoded.count == values.count)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try JSONMapDecoder().decode(Double.self, from: "-0")
        #expect(value == 0 && value.sign == .minus)
        let value2 = try JSONMapDecoder().decode(Double.self, from: "-0.0")
        #expect(value2.sign == .minus)
    }

    @Test(arguments: ["1e999", "-1e999", "1.8e308", "1e999999"])
    func doubleOutOfRangeIsInvalid(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Double.self, from: json) })
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
        let value = try JSONMapDecoder().decode(Float.self, from: json)
        #expect(value.bitPattern == expected.bitPattern, "\(json) → \(value), expected \(expected)")
    }

    @Test(arguments: ["3.5e38", "1e39", "-1e39"])
    func floatOutOfRangeIsInvalid(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Float.self, from: json) })
        #expect(Self.kind(error) == .invalidValue, "\(json): \(String(describing: error))")
    }

    @Test func floatingPointFromStringsAndBools() throws {
        #expect(try JSONMapDecoder().decode(Double.self, from: #""1.5""#) == 1.5)
        #expect(try JSONMapDecoder().decode(Double.self, from: #""1e3""#) == 1000)
        #expect(try JSONMapDecoder().decode(Double.self, from: #"" 2.25 ""#) == 2.25)
        #expect(try JSONMapDecoder().decode(Float.self, from: #""1.5""#) == 1.5)
        #expect(try JSONMapDecoder().decode(Float.self, from: #""1e3""#) == 1000)
        #expect(try JSONMapDecoder().decode(Double.self, from: "true") == 1)
        #expect(try JSONMapDecoder().decode(Double.self, from: "false") == 0)
        #expect(try JSONMapDecoder().decode(Float.self, from: "true") == 1)
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Double.self, from: #""abc""#) })
        #expect(Self.kind(error) == .typeMismatch)
    }

    @Test(arguments: [#""nan""#, #""NaN""#, #""inf""#, #""-inf""#, #""Infinity""#, #""-infinity""#])
    func nonFiniteStringsRejectedByDefault(_ json: String) {
        let d = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Double.self, from: json) })
        #expect(Self.kind(d) == .typeMismatch, "\(json) as Double: \(String(describing: d))")
        let f = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Float.self, from: json) })
        #expect(Self.kind(f) == .typeMismatch, "\(json) as Float: \(String(describing: f))")
    }

    @Test func nonFiniteStringsWhenAllowed() throws {
        let options = DecodingOptions(allowsNonFiniteStrings: true)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""nan""#).isNaN)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""NaN""#).isNaN)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""inf""#) == .infinity)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""-inf""#) == -.infinity)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""Infinity""#) == .infinity)
        #expect(try JSONMapDecoder(options: options).decode(Double.self, from: #""-Infinity""#) == -.infinity)
        #expect(try JSONMapDecoder(options: options).decode(Float.self, from: #""nan""#).isNaN)
        #expect(try JSONMapDecoder(options: options).decode(Float.self, from: #""-inf""#) == -.infinity)
        // Only strings: an out-of-range number is still an error, and other words still mismatch.
        let big = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Double.self, from: "1e999") })
        #expect(Self.kind(big) == .invalidValue)
        let word = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Double.self, from: #""infinite""#) })
        #expect(Self.kind(word) == .typeMismatch)
        // Strict never converts strings.
        let strictNaN = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(coercion: .strict, allowsNonFiniteStrings: true)).decode(Double.self, from: #""nan""#)
        })
        #expect(Self.kind(strictNaN) == .typeMismatch)
    }
}
