/// A reversible conversion between a JSON-mappable representation and a property's type,
/// for values the built-in coercions do not cover (Mantle's `NSValueTransformer`,
/// MJExtension's `mj_newValueFromOldValue`).
///
/// ```swift
/// struct CentsTransformer: JSONValueTransformer {
///     func value(from cents: Int) throws -> Money { Money(cents: cents) }
///     func json(from money: Money) throws -> Int { money.cents }
/// }
/// JSONMap(\.price, "price_cents", transform: CentsTransformer())
/// ```
/// An error thrown by either direction becomes ``JSONMapperError/invalidValue(path:reason:location:)``.
public protocol JSONValueTransformer: Sendable {
    /// The type the JSON holds, decoded with the usual coercions before the transform runs.
    associatedtype JSONRepresentation: JSONMappableValue
    /// The property's type.
    associatedtype Value

    /// Converts a decoded JSON value to the property's value.
    func value(from json: JSONRepresentation) throws -> Value
    /// Converts a property's value back to its JSON representation (used when encoding).
    func json(from value: Value) throws -> JSONRepresentation
}

/// A transformer that can be built from arguments it cannot use (``DateFormatTransformer``
/// with an unsupported pattern letter): the mapping that holds it is invalid, and says why.
protocol MappingCheckedTransformer {
    /// Why the transformer cannot be used, or `nil`.
    var mappingProblem: String? { get }
}
