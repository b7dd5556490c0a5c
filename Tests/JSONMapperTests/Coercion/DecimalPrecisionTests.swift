import Foundation
import Testing
@testable import JSONMapper

/// `Decimal` holds 38 significant digits. A number with more is an error when strict and is
/// rounded (half away from zero, to 38 significant digits) when lenient, never cut silently.
@Suite("Coercion: Decimal beyond 38 significant digits")
struct DecimalPrecisionTests {
    static let lenient = JSONMapDecoder()
    static let strict = JSONMapDecoder(options: DecodingOptions(coercion: .strict))

    static let exact = [
        "12345678901234567890123456789012345678",             // 38 digits
        "-0.00000000001234567890123456789012345678",
        "1234567890123456789012345678901234567800000",        // trailing zeros are exponent
        "0.1", "100", "0",
    ]

    @Test(arguments: exact)
    func thirtyEightDigitsOrFewerAreExactInBothModes(text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try Self.lenient.decode(Decimal.self, from: text) == expected)
        #expect(try Self.strict.decode(Decimal.self, from: text) == expected)
    }

    static let long: [(text: String, rounded: String)] = [
        ("123456789012345678901234567890123456789", "12345678901234567890123456789012345679e1"),
        ("123456789012345678901234567890123456784", "12345678901234567890123456789012345678e1"),
        ("-1.234567890123456789012345678901234567890123", "-1.2345678901234567890123456789012345679"),
        ("99999999999999999999999999999999999999.5", "1e38"),
        ("0." + String(repeating: "7", count: 800), "0.77777777777777777777777777777777777778"),
        (String(repeating: "7", count: 60), "77777777777777777777777777777777777778e22"),
    ]

    @Test(arguments: 0..<long.count)
    func moreDigitsAreRoundedWhenLenient(index: Int) throws {
        let (text, rounded) = Self.long[index]
        let expected = try #require(Decimal(string: rounded, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try Self.lenient.decode(Decimal.self, from: text) == expected)
        #expect(try Self.lenient.decode(Decimal.self, from: "\"\(text)\"") == expected)
    }

    @Test(arguments: 0..<long.count)
    func moreDigitsAreAnErrorWhenStrict(index: Int) {
        let text = Self.long[index].text
        do throws(JSONMapperError) {
            let value = try Self.strict.decode([Decimal].self, from: "[\(text)]")
            Issue.record("\(text.prefix(20))… decoded as \(value)")
        } catch {
            guard case .invalidValue(let path, let reason) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(path == "[0]")
            #expect(reason.contains("38 significant digits"))
        }
    }
}
