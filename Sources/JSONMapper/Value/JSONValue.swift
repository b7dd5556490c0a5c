import JSONMapperKeySyntax

/// A parsed JSON document as a lightweight, immutable tree: what the hooks and the
/// dictionary decoder see of an object, and a convenient way to inspect arbitrary JSON.
///
/// Objects keep their key order and look keys up in constant time; numbers keep their text,
/// so 64-bit integers and decimals stay exact.
///
/// ```swift
/// let value = try JSONValue(parsing: data)
/// let id = value[path: "statuses[3].user.id"]?.number?.int64Value
/// ```
public enum JSONValue: Sendable, Hashable {
    /// The deepest nesting a `JSONValue` holds. Its comparison, hashing, description and
    /// release are recursive, so the parser (and the decoder's captures for hooks) stop deeper
    /// input with ``JSONMapperError/depthLimitExceeded(path:location:)`` whatever
    /// ``DecodingOptions/maxDepth`` says, instead of risking the stack of a worker thread.
    public static let maximumDepth = 512

    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)

    /// The member for `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The value at a path such as `"statuses[3].user.id"` (the syntax of mapping keys), or
    /// `nil` when there is none or the path is malformed.
    public subscript(path path: String) -> JSONValue? {
        guard let parsed = try? MappingKeyPath(parsing: path) else { return nil }
        var current: JSONValue? = self
        for step in parsed.steps {
            switch step {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index]
            }
        }
        return current
    }

    /// The object, if this is one.
    public var object: JSONObject? { if case .object(let object) = self { object } else { nil } }
    /// The elements, if this is an array.
    public var array: [JSONValue]? { if case .array(let elements) = self { elements } else { nil } }
    /// The string, if this is one.
    public var string: String? { if case .string(let string) = self { string } else { nil } }
    /// The number, if this is one.
    public var number: JSONNumber? { if case .number(let number) = self { number } else { nil } }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let bool) = self { bool } else { nil } }
    /// Whether this is `null`.
    public var isNull: Bool { self == .null }
}

// Not ExpressibleByNilLiteral: in a `JSONValue?` a bare `nil` must mean "no value", never `.null`.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A floating-point number (must be finite).
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)!) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, in the order written; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
