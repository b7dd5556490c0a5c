import Foundation

/// JSON → `Decimal`, exact from the number's own text (never through `Double`).
enum DecimalCoercion {
    /// A `Decimal` from any scalar: a number exactly from its text, a binary double from its
    /// shortest text (so 0.1 is 0.1, not 0.1000000000000000055); when lenient also a numeric string.
    @inline(__always)
    static func decimal(from scalar: ScalarEvent, strict: Bool) throws(CoercionFailure) -> Decimal? {
        switch scalar {
        case .number(let text): try fromNumber(text.buffer)
        case .string(let text) where !strict: try fromString(text.buffer)
        case .double(let value): Decimal(string: value.description, locale: posixLocale)
        default: try scalar.unconvertible(strict: strict)
        }
    }

    static func fromNumber(_ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Decimal {
        guard NumberText(text, lenient: true) != nil else { throw .invalid("\(describe(text)) is not a number") }
        let string = String(decoding: text, as: UTF8.self)
        guard let value = Decimal(string: string, locale: posixLocale), !value.isNaN else {
            throw .invalid("\(string) is out of range for Decimal")
        }
        return value
    }

    static func fromString(_ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Decimal {
        let trimmed = trimmingASCIIWhitespace(text)
        guard NumberText(trimmed, lenient: true) != nil else { throw .mismatch }
        return try fromNumber(trimmed)
    }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")
}
