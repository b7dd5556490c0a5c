/// JSON → `Double`/`Float`, correctly rounded from the raw text.
enum FloatingPointCoercion {
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// From a JSON number's raw text. Values beyond `Double`'s range are `.invalid`
    /// rather than silently becoming infinity.
    static func double(fromNumber text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Double {
        if let value = clingerFastPath(text) { return value }
        let value = parseGeneral(text)
        guard value.isFinite else { throw .invalid("\(describe(text)) is out of range for Double") }
        return value
    }

    static func float(fromNumber text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Float {
        // Rounding through Double first can double-round; strtof rounds once.
        let value = parseGeneralFloat(text)
        guard value.isFinite else { throw .invalid("\(describe(text)) is out of range for Float") }
        return value
    }

    /// From a string when lenient: `"1.5"`, `" 1e3 "`; `"nan"`, `"inf"`, `"-infinity"` only
    /// when `allowNonFinite`.
    static func double(fromString text: UnsafeBufferPointer<UInt8>, allowNonFinite: Bool) throws(CoercionFailure) -> Double {
        let trimmed = trimmingASCIIWhitespace(text)
        if NumberText(trimmed, lenient: true) != nil { return try double(fromNumber: trimmed) }
        if allowNonFinite, let special = nonFinite(trimmed) { return special }
        throw .mismatch
    }

    static func float(fromString text: UnsafeBufferPointer<UInt8>, allowNonFinite: Bool) throws(CoercionFailure) -> Float {
        let trimmed = trimmingASCIIWhitespace(text)
        if NumberText(trimmed, lenient: true) != nil { return try float(fromNumber: trimmed) }
        if allowNonFinite, let special = nonFinite(trimmed) { return Float(special) }
        throw .mismatch
    }

    private static func nonFinite(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        switch String(decoding: text, as: UTF8.self).lowercased() {
        case "nan": .nan
        case "inf", "+inf", "infinity", "+infinity": .infinity
        case "-inf", "-infinity": -.infinity
        default: nil
        }
    }

    /// Clinger's fast path: when the digits form an integer below 2^53 and the decimal exponent
    /// is within ±22, both operands are exact doubles and one IEEE multiply or divide rounds
    /// correctly. Covers most real-world numbers (coordinates, prices) without strtod.
    @inline(__always)
    private static func clingerFastPath(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = text.count
        let negative = n > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        while i < n, text[i] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(text[i] &- 48)
            digits += 1
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, text[i] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- 48)
                digits += 1
                scale -= 1
                i += 1
            }
        }
        // Exponents and long mantissas take the general path.
        guard i == n, digits > 0, digits <= 15, scale >= -22 else { return nil }
        var value = Double(mantissa)
        if scale < 0 { value /= exactPowersOfTen[-scale] }
        return negative ? -value : value
    }

    /// The general path: the standard library's parser (locale-independent, correctly rounded).
    /// Long or exponent-bearing numbers are rare enough that the `String` costs little.
    private static func parseGeneral(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    private static func parseGeneralFloat(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        Float(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
