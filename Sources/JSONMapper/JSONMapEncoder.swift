import Foundation

/// Writes mappable values as JSON, through the same mappings that decode them.
///
/// ```swift
/// let encoder = JSONMapEncoder(options: EncodingOptions(sortsKeys: true))
/// let data = try encoder.encode(user)
/// // {"id":1,"profile":{"avatar_url":"https://…"},"screen_name":"ann"}
/// let text = try encoder.encode(user, as: String.self)
/// let tree = try encoder.encode(user, as: JSONValue.self)
/// ```
///
/// A model is written as one object, its members in the order its mapping declares them
/// (or sorted, see ``EncodingOptions/sortsKeys``):
/// - each property under its first key: a fallback list (`["profile.avatar_url", "avatar"]`)
///   writes its first key; properties the allow and ignore lists exclude are not written; a
///   transformer's ``JSONValueTransformer/json(from:)`` gives the value written;
/// - key paths are rebuilt as nested objects: `"profile.avatar_url"` writes
///   `{"profile": {"avatar_url": …}}`, and properties sharing a prefix share the object;
/// - an index in a key path writes an array: `"urls[1].url"` writes `"urls": [null,
///   {"url": …}]`, `null` at every position no property fills;
/// - when several properties map to the same key, or one maps to a key another descends
///   through (`"a"` and `"a.b"`), the first declared is written;
/// - `nil` properties are left out, or written as `null` (``EncodingOptions/omitsNilProperties``);
/// - an instance of a subclass is written with its own class's mapping, and a
///   ``JSONWillEncodeHook`` may adjust or refuse the object.
public struct JSONMapEncoder: Sendable {
    /// How values are written: layout, key order, key strategy, dates, non-finite numbers.
    public var options: EncodingOptions

    /// An encoder with the given options (compact output in declaration order, by default).
    public init(options: EncodingOptions = EncodingOptions()) {
        self.options = options
    }

    /// Writes `value` as UTF-8 JSON.
    ///
    /// - Throws: ``JSONMapperError/invalidValue(path:reason:)`` with the JSON path of the value
    ///   (`statuses[3].user.score`) for an infinite or NaN number (unless
    ///   ``EncodingOptions/nonFiniteStrategy`` says otherwise), a transformer that throws, or a
    ///   will-encode hook that refuses its model.
    public func encode<Value: JSONMappableValue>(_ value: Value) throws(JSONMapperError) -> Data {
        try encode(value, as: Data.self)
    }

    /// Writes `value` as JSON in the representation `output` names: `Data`, `[UInt8]`,
    /// `String` or ``JSONValue``.
    ///
    /// ```swift
    /// let line = try JSONMapEncoder().encode(event, as: String.self)
    /// ```
    public func encode<Value: JSONMappableValue, Output: JSONEncodingOutput>(
        _ value: Value, as output: Output.Type
    ) throws(JSONMapperError) -> Output {
        try Output(encodedJSON: bytes(of: value))
    }

    /// The UTF-8 JSON text of `value`.
    func bytes<Value: JSONMappableValue>(of value: Value) throws(JSONMapperError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try valueCodec(for: Value.self).write(value, to: &writer)
        return writer.bytes
    }
}

/// A representation ``JSONMapEncoder/encode(_:as:)`` can produce: `Data`, `[UInt8]`, `String`
/// and ``JSONValue``.
public protocol JSONEncodingOutput {
    /// The representation of freshly written, well-formed UTF-8 JSON text.
    init(encodedJSON bytes: [UInt8]) throws(JSONMapperError)
}

extension Data: JSONEncodingOutput {
    /// The JSON text's bytes.
    public init(encodedJSON bytes: [UInt8]) { self.init(bytes) }
}

extension Array: JSONEncodingOutput where Element == UInt8 {
    /// The JSON text's bytes.
    public init(encodedJSON bytes: [UInt8]) { self = bytes }
}

extension String: JSONEncodingOutput {
    /// The JSON text.
    public init(encodedJSON bytes: [UInt8]) { self.init(decoding: bytes, as: UTF8.self) }
}

extension JSONValue: JSONEncodingOutput {
    /// The JSON text read back as a tree.
    public init(encodedJSON bytes: [UInt8]) throws(JSONMapperError) { try self.init(parsing: bytes) }
}
