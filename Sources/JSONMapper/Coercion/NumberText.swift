/// The parts of an RFC 8259 number (or of a lenient numeric string), read straight from its
/// text without rounding: sign, significant decimal digits and a decimal exponent.
///
/// `-12.50e1` reads as negative, digits `1250`, exponent `-1`. Integer conversion works on
/// these parts, so `2e1` and `20.0` are exactly 20 and `1.5` is reported as not integral
/// instead of being truncated.
struct NumberText {
    var isNegative = false
    /// Index range of the integer-part digits and of the fraction digits in the buffer.
    var integerDigits: Range<Int> = 0..<0
    var fractionDigits: Range<Int> = 0..<0
    var exponent = 0
    /// True when the text is only an optional `-` and digits.
    var isPlainInteger: Bool { fractionDigits.isEmpty && exponent == 0 && !hasExponentMark }
    private var hasExponentMark = false

    /// Parses a whole buffer as a JSON-style number; `nil` if it is not one.
    /// Accepts a leading `+` and leading zeros only when `lenient` (strings such as `"+5"`, `"007"`).
    init?(_ text: UnsafeBufferPointer<UInt8>, lenient: Bool = false) {
        var i = 0
        let n = text.count
        guard n > 0 else { return nil }
        if text[0] == UInt8(ascii: "-") { isNegative = true; i = 1 }
        else if lenient, text[0] == UInt8(ascii: "+") { i = 1 }
        let intStart = i
        while i < n, text[i] &- 48 < 10 { i += 1 }
        integerDigits = intStart..<i
        guard !integerDigits.isEmpty else { return nil }
        if !lenient, integerDigits.count > 1, text[intStart] == UInt8(ascii: "0") { return nil }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < n, text[i] &- 48 < 10 { i += 1 }
            fractionDigits = fracStart..<i
            guard !fractionDigits.isEmpty else { return nil }
        }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            hasExponentMark = true
            i += 1
            var negativeExponent = false
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            let expStart = i
            var value = 0
            while i < n, text[i] &- 48 < 10 {
                // Saturate: any exponent past a million is already beyond every type's range.
                if value < 1_000_000 { value = value * 10 + Int(text[i] &- 48) }
                i += 1
            }
            guard i > expStart else { return nil }
            exponent = negativeExponent ? -value : value
        }
        guard i == n else { return nil }
    }

    /// The exact integer value, if it is integral and fits in `I`.
    func integer<I: FixedWidthInteger>(_: I.Type, in text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> I {
        guard let (magnitude, overflow) = integralMagnitude(in: text) else {
            throw .invalid("\(describe(text)) is not an integer")
        }
        if overflow { throw .invalid("\(describe(text)) is out of range for \(I.self)") }
        return try Self.fit(magnitude, negative: isNegative, as: I.self, text: text)
    }

    /// The exact integer value, or `nil` when it is not integral or does not fit in `I`: the
    /// check of ``integer(_:in:)`` without the message, for a caller that reports no reason
    /// (a `Codable` decode, whose error says only that the number does not fit).
    func exactInteger<I: FixedWidthInteger>(_: I.Type, in text: UnsafeBufferPointer<UInt8>) -> I? {
        guard let (magnitude, overflow) = integralMagnitude(in: text), !overflow else { return nil }
        return Self.fitting(magnitude, negative: isNegative, as: I.self)
    }

    /// The magnitude the digits spell, and whether it overflowed a `UInt64`; `nil` when a digit
    /// the exponent leaves behind the point is not zero. The digits are the integer part, then
    /// as many fraction digits as a positive exponent moves in front of the point, or minus
    /// those a negative one moves out.
    private func integralMagnitude(in text: UnsafeBufferPointer<UInt8>) -> (UInt64, overflow: Bool)? {
        var magnitude: UInt64 = 0
        var overflow = false
        func push(_ digit: UInt8) {
            let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (m2, o2) = m1.addingReportingOverflow(UInt64(digit &- 48))
            overflow = overflow || o1 || o2
            magnitude = m2
        }
        let digitCount = integerDigits.count + fractionDigits.count
        let pointIndex = integerDigits.count + exponent   // digits before the decimal point
        for k in 0..<digitCount {
            let digit = k < integerDigits.count
                ? text[integerDigits.lowerBound + k] : text[fractionDigits.lowerBound + k - integerDigits.count]
            if k < pointIndex { push(digit) }
            else if digit != UInt8(ascii: "0") { return nil }
        }
        if pointIndex > digitCount {
            for _ in digitCount..<pointIndex {
                push(UInt8(ascii: "0"))
                if overflow { break }
            }
        }
        return (magnitude, overflow)
    }

    static func fit<I: FixedWidthInteger>(_ magnitude: UInt64, negative: Bool, as _: I.Type,
                                          text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> I {
        guard let value = fitting(magnitude, negative: negative, as: I.self) else {
            throw .invalid("\(describe(text)) is out of range for \(I.self)")
        }
        return value
    }

    /// The magnitude with its sign as `I`, or `nil` when `I` cannot hold it.
    static func fitting<I: FixedWidthInteger>(_ magnitude: UInt64, negative: Bool, as _: I.Type) -> I? {
        if negative {
            if magnitude == 0 { return I.zero }
            guard I.isSigned, magnitude - 1 <= UInt64(I.max) else { return nil }
            // -(magnitude - 1) - 1 reaches I.min without overflowing.
            return I(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(I.max) else { return nil }
        return I(magnitude)
    }
}
