import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
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
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int8.self, from: "300") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(UInt8.self, from: "-1") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int64.self, from: "9223372036854775808") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(UInt64.self, from: "18446744073709551616") })) == .invalidValue)
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int32.self, from: "\"4294967296\"") })) == .invalidValue)
        // Also strict: range is not a matter of leniency.
        #expect(Self.kind(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: Self.strict).decode(Int8.self, from: "300") })) == .invalidValue)
    }

    // MARK: - Integers: numbers, strings, bools

    @Test(arguments: [("20", 20), ("20.0", 20), ("2e1", 20), ("2E1", 20), ("2e+1", 20), ("200e-1", 20), ("-20.000", -20),
                      ("0.0", 0), ("-0.0", 0), ("1.0e0", 1), ("123.4500e2", 12345), ("1e18", 1_000_000_000_000_000_000), ("0e400", 0), ("100e-2", 1),
                      ("1000000000000000000000e-3", 1_000_000_000_000_000_000),
                      ("1.5", nil), ("0.1", nil), ("2e-1", nil), ("12345e-2", nil), ("1e-400", nil), ("1e400", nil), ("-1.000001", nil)] as [(String, Int?)])
    func intFromNumber(_ json: String, _ expected: Int?) { Self.checkInteger(Int.self, json, expected) }

    @Test(arguments: [(#""20""#, 20), (#"" 20 ""#, 20), (#""2e1""#, 20), (#""-20""#, -20), (#""20.0""#, 20), (#""\t20\n""#, 20)] as [(String, Int)])
    func intFromString(_ json: String, _ expected: Int) {
        #expect(Self.value(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int.self, from: json) }) == expected)
    }

    @Test(arguments: [#""abc""#, #""""#, #""   ""#, #""20px""#, #""0x10""#, #""2 0""#, #""twenty""#])
    func intFromNonNumericStringIsTypeMismatch(_ json: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int.self, from: json) })
        #expect(Self.kind(error) == .typeMismatch, "\(json): \(String(describing: error))")
    }

    @Test func intFromNumericStringsOutOfRangeOrFractional() {
        Self.checkInteger(Int.self, #""1.5""#, nil)
        Self.checkInteger(Int8.self, #""128""#, nil)
        Self.checkInteger(Int8.self, #""-128""#, Int8.min)
        Self.checkInteger(UInt8.self, #""-1""#, nil)
    }

    @Test func integersFromBools() throws {
        #expect(try JSONMapDecoder().decode(Int.self, from: "true") == 1)
        #expect(try JSONMapDecoder().decode(Int.self, from: "false") == 0)
        #expect(try JSONMapDecoder().decode(UInt8.self, from: "true") == 1)
        #expect(try JSONMapDecoder().decode(Int64.self, from: "false") == 0)
        #expect(try JSONMapDecoder().decode([Int16].self, from: "[true,false,true]") == [1, 0, 1])
    }
}
