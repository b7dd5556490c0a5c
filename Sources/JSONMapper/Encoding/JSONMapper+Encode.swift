import Foundation

extension JSONMapper {
    /// Writes a value (a model, an array or dictionary of models, a scalar) as JSON, through
    /// the same mapping that decodes it.
    public static func encode<Value: JSONMappableValue>(_ value: Value, options: EncodingOptions = EncodingOptions()) throws(JSONMapperError) -> Data {
        Data(try encodeToBytes(value, options: options))
    }

    /// Writes a value as JSON bytes (UTF-8).
    public static func encodeToBytes<Value: JSONMappableValue>(_ value: Value, options: EncodingOptions = EncodingOptions()) throws(JSONMapperError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try valueReader(for: Value.self).write(value, to: &writer)
        return writer.bytes
    }

    /// Writes a value as a JSON string.
    public static func encodeToString<Value: JSONMappableValue>(_ value: Value, options: EncodingOptions = EncodingOptions()) throws(JSONMapperError) -> String {
        String(decoding: try encodeToBytes(value, options: options), as: UTF8.self)
    }

    /// Writes a value as a ``JSONValue`` tree.
    public static func encodeToJSONValue<Value: JSONMappableValue>(_ value: Value, options: EncodingOptions = EncodingOptions()) throws(JSONMapperError) -> JSONValue {
        try JSONValue(parsing: encodeToBytes(value, options: options))
    }

    /// Writes a value as Foundation objects, as `JSONSerialization` would return them
    /// (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`).
    public static func encodeToJSONObject<Value: JSONMappableValue>(_ value: Value, options: EncodingOptions = EncodingOptions()) throws(JSONMapperError) -> Any {
        let data = try encode(value, options: options)
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalidValue(path: "", reason: "JSONSerialization could not read the encoded JSON: \(error)")
        }
    }
}
