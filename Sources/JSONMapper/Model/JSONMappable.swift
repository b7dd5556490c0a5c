/// A type that can be the value of a mapped property, an array element or a top-level
/// document: the standard library's numbers, `Bool` and `String`; Foundation's `Decimal`,
/// `Date`, `URL`, `UUID` and `Data`; ``JSONValue`` (any JSON, kept as it is); `Optional`,
/// `Array`, `Set` and `[String: Value]` of mappable values; `RawRepresentable` enums that
/// declare the conformance; and every ``JSONMappable`` model.
///
/// Conform your enums by declaring it: `enum Kind: String, JSONMappableValue { … }`.
/// For any other type, map it through a ``JSONValueTransformer``.
public protocol JSONMappableValue {
    /// The decoder for this type. An implementation detail of JSONMapper, provided for every
    /// conforming type; do not implement or call it.
    static var _jsonCodec: _JSONFrameHandler { get }
}

/// A model decoded from JSON objects through its ``jsonMapping``.
///
/// Mapped properties are `var`s with default values: decoding starts from `init()` and sets
/// what the JSON holds, so a key that is absent leaves its property's default.
///
/// ```swift
/// struct User: JSONMappable {
///     var id = 0
///     var screenName = ""
///     var avatar: URL?
///     static let jsonMapping = JSONMapping<User> {
///         Map(\.id, "id", required: true)
///         Map(\.screenName, "screen_name")
///         Map(\.avatar, ["profile.avatar_url", "avatar"])
///     }
/// }
/// ```
///
/// Classes conform the same way with `required init()`; a subclass overrides
/// `class var jsonMapping` with its superclass's mapping ``JSONMapping/extended(for:keyStrategy:allowing:ignoring:_:)``.
public protocol JSONMappable: JSONMappableValue {
    /// The type the mapping's key paths start from: the model itself, or for a class
    /// hierarchy the class that first declared the conformance. Inferred from ``jsonMapping``.
    associatedtype MappingRoot = Self

    /// A model with every property at its default, which decoding then fills in.
    init()

    /// How the model's properties map to JSON keys. Compiled once per type, on first use.
    static var jsonMapping: JSONMapping<MappingRoot> { get }
}

extension JSONMappable {
    /// The model decoder, compiled once per type. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { ModelRegistry.shared.codec(for: Self.self) }
}

extension JSONMappableValue where Self: RawRepresentable, RawValue: JSONMappableValue {
    /// Decodes the raw value, then the case. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { RawValueCodec<Self>(raw: valueCodec(for: RawValue.self)) }
}

/// The typed decoder for `V`, as its conformance provides it.
func valueCodec<V: JSONMappableValue>(for type: V.Type) -> ValueCodec<V> {
    guard let codec = V._jsonCodec as? ValueCodec<V> else {
        preconditionFailure("\(V.self)._jsonCodec is not a codec for \(V.self); do not implement _jsonCodec yourself")
    }
    return codec
}
