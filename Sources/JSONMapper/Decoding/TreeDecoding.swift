import Foundation

// Decoding from trees already in memory: a ``JSONValue``, or the `[String: Any]` /
// `[Any]` that `JSONSerialization` returns. The tree is fed to the same readers as parsed
// bytes (see ValueEmitter.swift), walking each object dictionary- or property-driven,
// whichever visits fewer keys.

extension JSONMapper {
    /// Decodes a value of `type` from a ``JSONValue``.
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from value: JSONValue,
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try decodeTree(type, options) { (session) throws(JSONMapperError) in try session.emit(value) }
    }

    /// Decodes a value of `type` from a Foundation object as `JSONSerialization` returns it:
    /// `[String: Any]`, `[Any]`, `String`, `NSNumber` (and Swift numbers and `Bool`), `NSNull`.
    /// Numbers keep their exactness where Foundation kept it (`NSDecimalNumber` text, 64-bit integers).
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, fromJSONObject object: Any,
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try decodeTree(type, options) { (session) throws(JSONMapperError) in try session.emit(foundation: object) }
    }

    /// Decodes from a ``JSONValue`` and also returns the problems that
    /// ``DecodingOptions/InvalidValuePolicy/collect`` kept.
    public static func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from value: JSONValue, options: DecodingOptions = DecodingOptions()
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in try session.emit(value) }
    }

    /// Decodes from a Foundation object and also returns the problems that
    /// ``DecodingOptions/InvalidValuePolicy/collect`` kept.
    public static func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, fromJSONObject object: Any, options: DecodingOptions = DecodingOptions()
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            try session.emit(foundation: object)
        }
    }

    private static func decodeTree<Value: JSONMappableValue>(
        _ type: Value.Type, _ options: DecodingOptions, emit: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> Value {
        try decodeRoot(type, options, checksWholeDocument: false, feed: emit).value
    }
}

extension JSONMappable {
    /// A model from a dictionary as `JSONSerialization` returns it (YYModel's
    /// `modelWithDictionary:`).
    public init(dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapper.decode(Self.self, fromJSONObject: dictionary, options: options)
    }

    /// A model from a ``JSONValue`` object.
    public init(jsonValue: JSONValue, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapper.decode(Self.self, from: jsonValue, options: options)
    }
}
