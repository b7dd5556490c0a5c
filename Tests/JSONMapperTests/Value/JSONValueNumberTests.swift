import Foundation
import Testing
@testable import JSONMapper

/// JSONNumber inside parsed JSONValues: the text is kept, and each conversion is exact or
/// correctly rounded. Expected values are written by hand.
@Suite("JSONValue numbers: exact text, 64-bit, Decimal, Double")
struct JSONValueNumberTests {

    static func number(_ text: String) throws -> JSONNumber {
        let value = try JSONValue(parsing: "[\(text)]")
        return try #require(value[0]?.number)
    }

    @Test func parsedNumbersKeepTheirText() throws {
        for text in ["0", "-0", "1.0", "1E2", "1e+2", "-12.50e-1", "0.1000000000000000000001", "123456789012345678901234567890"] {
            #expect(try Self.number(text).text == text)
            #expect(try Self.number(text).description == text)
        }
    }

    @Test func int64Boundaries() throws {
        #expect(try Self.number("9223372036854775807").int64Value == Int64.max)
        #expect(try Self.number("-9223372036854775808").int64Value == Int64.min)
        #expect(try Self.number("9223372036854775808").int64Value == nil)
        #expect(try Self.number("-9223372036854775809").int64Value == nil)
        #expect(try Self.number("505874924095815681").int64Value == 505874924095815681)
        #expect(try Self.number("-505874924095815681").int64Value == -505874924095815681)
        #expect(try Self.number("9007199254740993").int64Value == 9007199254740993)
        #expect(try Self.number("505874924095815681").intValue == 505874924095815681)
        #expect(try Self.number("99999999999999999999").int64Value == nil)
    }

    @Test func uint64Boundaries() throws {
        #expect(try Self.number("18446744073709551615").uint64Value == UInt64.max)
        #expect(try Self.number("18446744073709551615").int64Value == nil)
        #expect(try Self.number("9223372036854775808").uint64Value == 9223372036854775808)
        #expect(try Self.number("12345678901234567891").uint64Value == 12345678901234567891)
        #expect(try Self.number("18446744073709551616").uint64Value == nil)
        #expect(try Self.number("-1").uint64Value == nil)
        #expect(try Self.number("-0").uint64Value == 0)
        #expect(try Self.number("1e19").uint64Value == 10_000_000_000_000_000_000)
        #expect(try Self.number("1e20").uint64Value == nil)
    }

    @Test func integralDecimalsAreIntegersOthersAreNot() throws {
        #expect(try Self.number("1e2").int64Value == 100)
        #expect(try Self.number("1E+2").intValue == 100)
        #expect(try Self.number("1.0").int64Value == 1)
        #expect(try Self.number("-0.0").int64Value == 0)
        #expect(try Self.number("12.50e1").int64Value == 125)
        #expect(try Self.number("0.5e1").int64Value == 5)
        #expect(try Self.number("100e-2").int64Value == 1)
        #expect(try Self.number("9.223372036854775807e18").int64Value == Int64.max)
        #expect(try Self.number("1.5").int64Value == nil)
        #expect(try Self.number("123e-1").int64Value == nil)
        #expect(try Self.number("1e-400").int64Value == nil)
        #expect(try Self.number("0.1").uint64Value == nil)
    }

    @Test func decimalsAreExact() throws {
        let long = try #require(try Self.number("3.14159265358979323846264338327").decimalValue)
        #expect("\(long)" == "3.14159265358979323846264338327")
        let big = try #require(try Self.number("123456789012345678901234567890").decimalValue)
        #expect("\(big)" == "123456789012345678901234567890")
        let money = try #require(try Self.number("1234567890.123456789012").decimalValue)
        #expect("\(money)" == "1234567890.123456789012")
        #expect(try Self.number("0.1").decimalValue.map { "\($0)" } == "0.1")
        #expect(try Self.number("-12.50").decimalValue.map { "\($0)" } == "-12.5")
        #expect(try Self.number("1e-3").decimalValue.map { "\($0)" } == "0.001")
        #expect(try Self.number("25E+2").decimalValue.map { "\($0)" } == "2500")
        #expect(try Self.number("505874924095815681").decimalValue.map { "\($0)" } == "505874924095815681")
        // Decimal arithmetic on the exact value: 0.1 + 0.2 is 0.3, unlike Double.
        let sum = try #require(try Self.number("0.1").decimalValue) + #require(try Self.number("0.2").decimalValue)
        #expect("\(sum)" == "0.3")
    }

    @Test func doublesAreCorrectlyRounded() throws {
        #expect(try Self.number("0.1").doubleValue == 0.1)
        #expect(try Self.number("0.30000000000000004").doubleValue == 0.1 + 0.2)
        #expect(try Self.number("1e23").doubleValue == 1e23)
        #expect(try Self.number("9007199254740993").doubleValue == 9007199254740992)
        #expect(try Self.number("505874924095815681").doubleValue == 505874924095815680)
        #expect(try Self.number("7.038531e-26").doubleValue == 7.038531e-26)
        #expect(try Self.number("2.2250738585072011e-308").doubleValue == Double.leastNormalMagnitude.nextDown)
        #expect(try Self.number("2.2250738585072014e-308").doubleValue == Double.leastNormalMagnitude)
        // Just above and just below half the smallest subnormal.
        #expect(try Self.number("2.4703282292062328e-324").doubleValue == Double.leastNonzeroMagnitude)
        #expect(try Self.number("2.4703282292062327e-324").doubleValue == 0)
        #expect(try Self.number("1e-400").doubleValue == 0)
        // The top of the range: below the halfway point to 2^1024 rounds down, above it overflows.
        #expect(try Self.number("1.7976931348623157e308").doubleValue == Double.greatestFiniteMagnitude)
        #expect(try Self.number("1.7976931348623158e308").doubleValue == Double.greatestFiniteMagnitude)
        #expect(try Self.number("1.7976931348623159e308").doubleValue == nil)
        #expect(try Self.number("1e400").doubleValue == nil)
        #expect(try Self.number("-1e400").doubleValue == nil)
        let negativeZero = try #require(try Self.number("-0.0").doubleValue)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
    }

    /// Digit strings of 20 digits or more whose value is a multiple of 2^64: a significand
    /// accumulated in 64 bits wraps to exactly 0 on them.
    @Test func doublesOfLongDigitStringsThatAreMultiplesOfTwoToThe64() throws {
        #expect(try Self.number("18446744073709551616").doubleValue == 18446744073709551616.0)
        #expect(try Self.number("-18446744073709551616").doubleValue == -18446744073709551616.0)
        #expect(try Self.number("36893488147419103232").doubleValue == 36893488147419103232.0)
        #expect(try Self.number("184467440737095516160").doubleValue == 184467440737095516160.0)
        #expect(try Self.number("18446744073709551616.0").doubleValue == 18446744073709551616.0)
        #expect(try Self.number("1.8446744073709551616e19").doubleValue == 18446744073709551616.0)
        #expect(try Self.number("0.18446744073709551616").doubleValue == 0.18446744073709551616)
        // One more and it is right: the wrapped significand is not 0.
        #expect(try Self.number("18446744073709551617").doubleValue == 18446744073709551616.0)
    }

    @Test func numberTextValidation() {
        for valid in ["0", "-0", "1.5", "1e5", "1E-5", "-0.0e+0", "123456789012345678901234567890"] {
            #expect(JSONNumber(text: valid)?.text == valid, "\(valid)")
        }
        for invalid in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", " 1", "1 ", "NaN", "Infinity", "--1", "1.5.2", "1,5"] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
    }

    @Test func numbersFromSwiftValues() throws {
        #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        #expect(JSONNumber(UInt64.max).uint64Value == UInt64.max)
        #expect(JSONNumber(Int8(-5)).int64Value == -5)
        #expect(JSONNumber(Double(0.1))?.text == "0.1")
        #expect(JSONNumber(Double.infinity) == nil)
        #expect(JSONNumber(-Double.infinity) == nil)
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Decimal.nan) == nil)
        #expect(JSONNumber(Decimal(string: "12.345")!)?.text == "12.345")
        #expect(JSONNumber(Decimal(string: "12.345")!)?.decimalValue == Decimal(string: "12.345"))
        // Whatever form a double takes, its text is valid JSON and reads back to the same double.
        for double in [1e-7, 1e16, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -0.0, 100.0, 123456.789] {
            let number = try #require(JSONNumber(double))
            #expect(JSONNumber(text: number.text) != nil, "\(number.text) is not JSON number text")
            #expect(number.doubleValue == double)
            #expect(try JSONValue(parsing: number.text) == .number(number))
        }
    }

    @Test func numbersCompareByText() throws {
        #expect(JSONNumber(text: "1") != JSONNumber(text: "1.0"))
        #expect(JSONNumber(text: "1e2") != JSONNumber(text: "100"))
        #expect(JSONNumber(Int(1)) == JSONNumber(text: "1"))
        #expect(try JSONValue(parsing: "1.0") != 1)
        #expect(try JSONValue(parsing: "1") == 1)
        #expect(try JSONValue(parsing: "[0.5]") == [0.5])
    }
}
