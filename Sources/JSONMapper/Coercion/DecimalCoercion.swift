import Foundation

/// JSON → `Decimal`, from the number's own text (never through `Double`).
///
/// `Decimal` holds 38 significant decimal digits. A number with more is an error when strict;
/// when lenient it is rounded half away from zero to 38 significant digits (Foundation's own
/// parsing would cut the digits off silently).
enum DecimalCoercion {
    /// The significant digits every `Decimal` holds exactly.
    static let maximumSignificantDigits = 38

    /// A `Decimal` from any scalar: a number from its text (rounded past 38 digits unless
    /// strict, as Foundation's parsing keeps a value too), a binary double from its shortest
    /// text (so 0.1 is 0.1, not 0.1000000000000000055); when lenient also a numeric string.
    @inline(__always)
    static func decimal(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> Decimal? {
        switch scalar {
        case .number(let text): try fromNumber(text.buffer, strict: policy == .strict)
        case .string(let text) where policy == .lenient: try fromString(text.buffer, strict: false)
        case .double(let value): Decimal(string: value.description, locale: posixLocale)
        default: try scalar.unconvertible(policy: policy)
        }
    }

    static func fromNumber(_ text: UnsafeBufferPointer<UInt8>, strict: Bool) throws(CoercionFailure) -> Decimal {
        guard let number = NumberText(text, lenient: true) else { throw .invalid("\(describe(text)) is not a number") }
        let digits = significantDigits(of: number, in: text)
        let string: String
        if digits.count <= maximumSignificantDigits {
            string = String(decoding: text, as: UTF8.self)
        } else if strict {
            throw .invalid("\(describe(text)) has \(digits.count) significant digits; Decimal holds \(maximumSignificantDigits) significant digits")
        } else {
            string = rounded(digits, exponent: digits.exponent, isNegative: number.isNegative)
        }
        guard let value = Decimal(string: string, locale: posixLocale), !value.isNaN else {
            throw .invalid("\(describe(text)) is out of range for Decimal")
        }
        return value
    }

    static func fromString(_ text: UnsafeBufferPointer<UInt8>, strict: Bool) throws(CoercionFailure) -> Decimal {
        let trimmed = trimmingASCIIWhitespace(text)
        guard NumberText(trimmed, lenient: true) != nil else { throw .mismatch }
        return try fromNumber(trimmed, strict: strict)
    }

    /// A number's digits without leading and trailing zeros: the value is
    /// `digits × 10^exponent`.
    private struct SignificantDigits {
        var digits: ArraySlice<UInt8>
        var exponent: Int
        var count: Int { digits.count }
    }

    private static func significantDigits(of number: NumberText, in text: UnsafeBufferPointer<UInt8>) -> SignificantDigits {
        let all = Array(text[number.integerDigits]) + Array(text[number.fractionDigits])
        guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }),
              let last = all.lastIndex(where: { $0 != UInt8(ascii: "0") }) else {
            return SignificantDigits(digits: [], exponent: 0)
        }
        // Each digit dropped from the end multiplies the rest by ten.
        let exponent = number.exponent - number.fractionDigits.count + (all.count - 1 - last)
        return SignificantDigits(digits: all[first...last], exponent: exponent)
    }

    /// The number text of `digits × 10^exponent` rounded half away from zero to
    /// ``maximumSignificantDigits`` digits.
    private static func rounded(_ significant: SignificantDigits, exponent: Int, isNegative: Bool) -> String {
        let start = significant.digits.startIndex
        var kept = Array(significant.digits.prefix(maximumSignificantDigits))
        var scale = exponent + significant.count - maximumSignificantDigits
        if significant.digits[start + maximumSignificantDigits] >= UInt8(ascii: "5") {
            // Add one to the last kept digit, carrying through nines.
            var i = kept.count - 1
            while i >= 0, kept[i] == UInt8(ascii: "9") { kept[i] = UInt8(ascii: "0"); i -= 1 }
            if i >= 0 {
                kept[i] += 1
            } else {
                // 999…9 became 1000…0: one more digit, dropped into the exponent.
                kept = [UInt8(ascii: "1")] + kept.dropLast()
                scale += 1
            }
        }
        return (isNegative ? "-" : "") + String(decoding: kept, as: UTF8.self) + "e\(scale)"
    }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")
}
