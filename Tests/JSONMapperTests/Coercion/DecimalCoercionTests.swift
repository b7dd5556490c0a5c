import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - Decimal

    @Test func decimalIsExactFromText() throws {
        let tenth = try JSONMapDecoder().decode(Decimal.self, from: "0.1")
        #expect(tenth == Decimal(sign: .plus, exponent: -1, significand: 1))
        #expect(tenth == Decimal(string: "0.1"))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "-0.000000000000000000000000000001")
                == Decimal(sign: .minus, exponent: -30, significand: 1))
        let long = "12345678901234567890.123456789012345678"   // 38 significant digits
        let longValue = try JSONMapDecoder().decode(Decimal.self, from: long)
        #expect(longValue == Decimal(string: long))
        #expect(longValue.description == long)
        // Beyond 38 significant digits, lenient rounds half away from zero to 38 (see DecimalPrecisionTests).
        let forty = "1234567890123456789012345678901234567890"
        #expect(try JSONMapDecoder().decode(Decimal.self, from: forty) == Decimal(string: "12345678901234567890123456789012345679e2"))
        let fortyFraction = "0.1234567890123456789012345678901234567891"
        #expect(try JSONMapDecoder().decode(Decimal.self, from: fortyFraction) == Decimal(string: "0.12345678901234567890123456789012345679"))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "1E+2") == Decimal(100))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "12.50e-1") == Decimal(sign: .plus, exponent: -2, significand: 125))
        // Where Double would round, Decimal does not.
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "9007199254740993") == Decimal(sign: .plus, exponent: 0, significand: Decimal(string: "9007199254740993")!))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: "9007199254740993").description == "9007199254740993")
    }

    @Test func decimalFromStrings() throws {
        #expect(try JSONMapDecoder().decode(Decimal.self, from: #""0.1""#) == Decimal(sign: .plus, exponent: -1, significand: 1))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: #"" 12.50 ""#) == Decimal(sign: .plus, exponent: -1, significand: 125))
        #expect(try JSONMapDecoder().decode(Decimal.self, from: #""123456789012345678901234567890""#).description == "123456789012345678901234567890")
        let abc = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Decimal.self, from: #""abc""#) })
        #expect(Self.kind(abc) == .typeMismatch)
        let bool = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Decimal.self, from: "true") })
        #expect(Self.kind(bool) == .typeMismatch)
    }
}
