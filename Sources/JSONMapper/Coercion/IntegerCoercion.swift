/// JSON → integer conversions: exact, never wrapped or truncated.
enum IntegerCoercion {
    /// An integer from any scalar: a number exactly (when strict, only a plain integer; as
    /// Foundation, also an integral decimal such as `1.0` or `1e2`), a binary double that is an
    /// integer in range; when lenient also a numeric string, and a boolean as 1 or 0.
    @inline(__always)
    static func integer<I: FixedWidthInteger>(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> I? {
        switch scalar {
        case .number(let text):
            // Hot path: a plain integer in range converts in one pass.
            if let value = plainInteger(text.buffer, as: I.self) { return value }
            if policy == .strict, NumberText(text.buffer)?.isPlainInteger == false { throw .mismatch }
            return try fromNumber(text.buffer, as: I.self)
        case .string(let text) where policy == .lenient:
            return try fromString(text.buffer, as: I.self)
        case .bool(let flag) where policy == .lenient:
            return flag ? 1 : 0
        case .double(let value):
            // A binary double (from a dictionary) is a number: exact integral values fit.
            if let exact = I(exactly: value) { return exact }
            // Strict: a fraction is another kind of number, as for number text.
            if policy == .strict, value.rounded(.towardZero) != value { throw .mismatch }
            throw .invalid("\(value) is not an integer in the range of \(I.self)")
        default:
            return try scalar.unconvertible(policy: policy)
        }
    }

    /// From a JSON number's raw text: plain integers on a fast path, integral decimals
    /// (`20.0`, `2e1`) exactly; anything else is `.invalid`.
    @inlinable
    static func fromNumber<I: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: I.Type) throws(CoercionFailure) -> I {
        if let value = plainInteger(text, as: type) { return value }
        guard let parts = NumberText(text) else { throw .invalid("\(describe(text)) is not a number") }
        return try parts.integer(I.self, in: text)
    }

    /// From a string, when lenient: surrounding whitespace is ignored and the rest must be a
    /// number (`" 20 "`, `"2e1"`, `"+7"`).
    static func fromString<I: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: I.Type) throws(CoercionFailure) -> I {
        let trimmed = trimmingASCIIWhitespace(text)
        guard let parts = NumberText(trimmed, lenient: true) else { throw .mismatch }
        return try parts.integer(I.self, in: trimmed)
    }

    /// `-?[0-9]{1,19}` with no fraction or exponent, converted without a second pass.
    /// `nil` when the text is anything else, or too long to be sure it fits a `UInt64`.
    @inlinable @inline(__always)
    static func plainInteger<I: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as _: I.Type) -> I? {
        var i = 0
        let negative = text.count > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let digits = text.count - i
        guard digits > 0, digits <= 19 else { return nil }
        var magnitude: UInt64 = 0
        while i < text.count {
            let d = text[i] &- 48
            guard d < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(d)
            i += 1
        }
        if negative {
            guard I.isSigned, magnitude <= UInt64(I.max) &+ 1 else { return nil }
            if magnitude == 0 { return I.zero }
            return I(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(I.max) else { return nil }
        return I(truncatingIfNeeded: magnitude)
    }
}

/// The buffer without leading and trailing ASCII whitespace.
func trimmingASCIIWhitespace(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    var lower = 0
    var upper = text.count
    while lower < upper, isSpace(text[lower]) { lower += 1 }
    while upper > lower, isSpace(text[upper - 1]) { upper -= 1 }
    return UnsafeBufferPointer(rebasing: text[lower..<upper])
}
