/// A scalar parse event, as one value so codecs handle all four kinds in one method.
/// The bytes are borrowed from the parser (see ``JSONBytes``).
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
        case .string(let text): "string \"\(describe(text.buffer))\""
        case .double(let value): "number \(value)"
        }
    }
}
