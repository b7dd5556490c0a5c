/// JSON → `Double`/`Float`, correctly rounded from the raw text.
enum FloatingPointCoercion {
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A `Double` from any scalar: a number, correctly rounded (as Foundation, one that rounds
    /// to zero without being zero is invalid); when lenient also a numeric string (`"nan"`,
    /// `"inf"` only with `allowNonFinite`) and a boolean as 1 or 0.
    @inline(__always)
    static func double(from scalar: ScalarEvent, policy: CoercionPolicy, allowNonFinite: Bool) throws(CoercionFailure) -> Double? {
        switch scalar {
        case .number(let text):
            let value = try double(fromNumber: text.buffer)
            if policy == .foundation { try checkNotFlushedToZero(value, text.buffer) }
            return value
        case .string(let text) where policy == .lenient: return try double(fromString: text.buffer, allowNonFinite: allowNonFinite)
        case .bool(let flag) where policy == .lenient: return flag ? 1 : 0
        case .double(let value): return value
        default: return try scalar.unconvertible(policy: policy)
        }
    }

    /// A `Float` from any scalar, as ``double(from:policy:allowNonFinite:)`` reads a `Double`,
    /// rounded once.
    @inline(__always)
    static func float(from scalar: ScalarEvent, policy: CoercionPolicy, allowNonFinite: Bool) throws(CoercionFailure) -> Float? {
        switch scalar {
        case .number(let text):
            let value = try float(fromNumber: text.buffer)
            if policy == .foundation { try checkNotFlushedToZero(value, text.buffer) }
            return value
        case .string(let text) where policy == .lenient: return try float(fromString: text.buffer, allowNonFinite: allowNonFinite)
        case .bool(let flag) where policy == .lenient: return flag ? 1 : 0
        case .double(let value): return Float(value)
        default: return try scalar.unconvertible(policy: policy)
        }
    }

    /// Foundation's check that a number did not round to a zero it is not (`1e-400`).
    private static func checkNotFlushedToZero<F: BinaryFloatingPoint>(_ value: F, _ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) {
        guard value == 0 else { return }
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") {
                throw .invalid("\(describe(text)) is out of range for \(F.self)")
            }
        }
    }

    /// From a JSON number's raw text. Values beyond `Double`'s range are `.invalid`
    /// rather than silently becoming infinity.
    static func double(fromNumber text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Double {
        if let value = fastPath(text) { return value }
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

    /// The significand (up to 19 digits) and decimal exponent of a JSON number, read in one
    /// pass; then Clinger's fast path when both are exact doubles (one IEEE multiply or divide
    /// rounds correctly), else Eisel-Lemire. `nil` sends the number to the general parser:
    /// more than 19 significant digits, or a case the fast algorithms cannot decide.
    @inline(__always)
    private static func fastPath(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = text.count
        let negative = n > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        // Significant digits are counted from the first non-zero one, not from the running
        // value, which wraps past 19 digits (and can wrap to exactly zero).
        var significant = false
        while i < n, text[i] &- 48 < 10 {
            let digit = text[i] &- 48
            significand = significand &* 10 &+ UInt64(digit)
            if digit != 0 { significant = true }
            if significant { digits += 1 }
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, text[i] &- 48 < 10 {
                let digit = text[i] &- 48
                significand = significand &* 10 &+ UInt64(digit)
                if digit != 0 { significant = true }
                if significant { digits += 1 }
                scale -= 1
                i += 1
            }
        }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponent = 0
            while i < n, text[i] &- 48 < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(text[i] &- 48) }
                i += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard i == n, digits <= 19 else { return nil }
        if significand == 0 { return negative ? -0.0 : 0.0 }
        if significand < 1 << 53, scale >= -22, scale <= 22 {
            let value = scale < 0 ? Double(significand) / exactPowersOfTen[-scale]
                                  : Double(significand) * exactPowersOfTen[scale]
            return negative ? -value : value
        }
        return EiselLemire.double(significand: significand, power: scale, negative: negative)
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
