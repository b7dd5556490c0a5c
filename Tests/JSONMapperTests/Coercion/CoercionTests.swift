import Foundation
import Testing
@testable import JSONMapper

/// The Coercion layer: every conversion rule, lenient and strict, through
/// `JSONMapDecoder.decode` on top-level scalars and small models. The tests are split by the
/// source file they exercise (Coercion/*, and the codecs and policy that apply the rules);
/// this file holds the shared helpers. Expected values are written by hand (literals, type
/// constants, dates built with a UTC Gregorian calendar).
@Suite("Coercion layer")
struct CoercionUnitTests: CapturesMappingErrors {

    // MARK: - Helpers

    enum Kind: Equatable, Sendable { case typeMismatch, invalidValue, keyNotFound, syntax, depth, empty, limit, io, compressed, invalidMapping }

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
        case .corruptCompressedInput?: .compressed
        case .invalidMapping?: .invalidMapping
        case nil: nil
        }
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
        let result = outcome { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(I.self, from: json) }
        if let expected {
            #expect(value(result) == expected, "\(I.self) from \(json): \(result)", sourceLocation: sourceLocation)
        } else {
            #expect(kind(error(result)) == .invalidValue, "\(I.self) from \(json) must be invalidValue: \(result)",
                    sourceLocation: sourceLocation)
            if case .invalidValue(let path, _, _)? = error(result) {
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
}
