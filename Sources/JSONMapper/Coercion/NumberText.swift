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
        // Digits that make up the integer: the integer part, then as many fraction digits as a
        // positive exponent moves in front of the point, or minus those a negative one moves out.
        var magnitude: UInt64 = 0
        var overflow = false
        func push(_ digit: UInt8) {
            let (m1, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (m2, o2) = m1.addingReportingOverflow(UInt64(digit &- 48))
            overflow = overflow || o1 || o2
            magnitude = m2
        }
        let shift = exponent
        let all = Array(text[integerDigits]) + Array(text[fractionDigits])
        let pointIndex = integerDigits.count + shift   // digits before the decimal point
        for (k, digit) in all.enumerated() {
            if k < pointIndex { push(digit) }
            else if digit != UInt8(ascii: "0") { throw .invalid("\(describe(text)) is not an integer") }
        }
        if pointIndex > all.count {
            for _ in all.count..<pointIndex {
                push(UInt8(ascii: "0"))
                if overflow { break }
            }
        }
        if overflow { throw .invalid("\(describe(text)) is out of range for \(I.self)") }
        return try Self.fit(magnitude, negative: isNegative, as: I.self, text: text)
    }

    static func fit<I: FixedWidthInteger>(_ magnitude: UInt64, negative: Bool, as _: I.Type,
                                          text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> I {
        if negative {
            if magnitude == 0 { return I.zero }
            guard I.isSigned, magnitude - 1 <= UInt64(I.max) else {
                throw .invalid("\(describe(text)) is out of range for \(I.self)")
            }
            // -(magnitude - 1) - 1 reaches I.min without overflowing.
            return I(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(I.max) else {
            throw .invalid("\(describe(text)) is out of range for \(I.self)")
        }
        return I(magnitude)
    }
}
