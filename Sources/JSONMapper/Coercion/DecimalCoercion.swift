import Foundation

/// JSON → `Decimal`, exact from the number's own text (never through `Double`).
enum DecimalCoercion {
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
