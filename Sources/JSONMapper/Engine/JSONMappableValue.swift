/// A type that can be the value of a mapped property, an array element or a top-level
/// document: the standard library's numbers, `Bool` and `String`; Foundation's `Decimal`,
/// `Date`, `URL`, `UUID` and `Data`; `Optional`, `Array`, `Set` and `[String: Value]` of
/// mappable values; `RawRepresentable` enums that declare the conformance; and every
/// ``JSONMappable`` model.
///
/// Conform your enums by declaring it: `enum Kind: String, JSONMappableValue { … }`.
/// For any other type, map it through a ``JSONValueTransformer``.
public protocol JSONMappableValue {
    /// The codec that decodes and encodes this type. An implementation detail of JSONMapper,
    /// provided for every conforming type; do not implement or call it.
    static var _jsonCodec: _JSONFrameHandler { get }
}

/// The typed codec of `V`, as its conformance provides it.
func valueCodec<V: JSONMappableValue>(for type: V.Type) -> ValueCodec<V> {
    guard let codec = V._jsonCodec as? ValueCodec<V> else {
        preconditionFailure("\(V.self)._jsonCodec is not a codec for \(V.self); do not implement _jsonCodec yourself")
    }
    return codec
}
