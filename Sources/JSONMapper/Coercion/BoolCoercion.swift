/// JSON → `Bool`: `true`/`false`, numbers (0 is false, any other value true) and, when
/// lenient, the strings `true/false/yes/no/1/0` in any case.
enum BoolCoercion {
    /// A `Bool` from any scalar: a boolean; when lenient also a number or a string.
    @inline(__always)
    static func bool(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> Bool? {
        switch scalar {
        case .bool(let flag): flag
        case .number(let text) where policy == .lenient: try fromNumber(text.buffer)
        case .string(let text) where policy == .lenient: try fromString(text.buffer)
        case .double(let value) where policy == .lenient: value != 0
        default: try scalar.unconvertible(policy: policy)
        }
    }

    static func fromNumber(_ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Bool {
        guard let parts = NumberText(text) else { throw .invalid("\(describe(text)) is not a number") }
        // Zero exactly when every digit is 0, whatever the exponent.
        let allZero = text[parts.integerDigits].allSatisfy { $0 == UInt8(ascii: "0") }
            && text[parts.fractionDigits].allSatisfy { $0 == UInt8(ascii: "0") }
        return !allZero
    }

    static func fromString(_ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Bool {
        let trimmed = trimmingASCIIWhitespace(text)
        guard trimmed.count <= 5 else { throw .mismatch }
        switch String(decoding: trimmed, as: UTF8.self).lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw .mismatch
        }
    }
}
