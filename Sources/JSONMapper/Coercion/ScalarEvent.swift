/// A JSON scalar as the coercions take it: a parse event's value, or a binary number from a
/// Foundation object. The bytes are borrowed from the parser (see ``JSONBytes``).
@usableFromInline
enum ScalarEvent {
    case null
    case bool(Bool)
    case number(JSONBytes)
    case string(JSONBytes)
    /// A number that arrives as a binary `Double` (from a Foundation object, not JSON text).
    case double(Double)

    /// The JSON kind, for messages: "null", "a boolean", "number 42", "string \"abc\"".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "boolean \(value)"
        case .number(let text): "number \(describe(text.buffer))"
        case .string(let text): "string \(describe(text.buffer, quoted: true))"
        case .double(let value): "number \(value)"
        }
    }
}

extension ScalarEvent {
    /// The conversion of a JSON kind that a type cannot come from: `null` gives no value when
    /// lenient (the destination keeps what it has) and is a mismatch when strict; any other
    /// kind is a mismatch.
    @inline(__always)
    func unconvertible<V>(policy: CoercionPolicy) throws(CoercionFailure) -> V? {
        if case .null = self, policy == .lenient { return nil }
        throw .mismatch
    }
}
