import Foundation

// Decoding from trees already in memory: a ``JSONValue``, or the `[String: Any]` /
// `[Any]` that `JSONSerialization` returns. The tree is fed to the same codecs as parsed
// bytes (see Engine/TreeEmitter.swift), walking each object dictionary- or property-driven,
// whichever visits fewer keys.

extension JSONMapDecoder {
    /// Decodes a value of `type` from a ``JSONValue``.
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from value: JSONValue) throws(JSONMapperError) -> Value {
        try decodeTree(type) { (session) throws(JSONMapperError) in try session.emit(value) }
    }

    /// Decodes a value of `type` from a Foundation object as `JSONSerialization` returns it:
    /// `[String: Any]`, `[Any]`, `String`, `NSNumber` (and Swift numbers and `Bool`), `NSNull`.
    /// Numbers keep their exactness where Foundation kept it (`NSDecimalNumber` text, 64-bit integers).
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, fromJSONObject object: Any) throws(JSONMapperError) -> Value {
        try decodeTree(type) { (session) throws(JSONMapperError) in try session.emit(foundation: object) }
    }

    /// Decodes from a ``JSONValue`` and also returns the problems that
    /// ``DecodingOptions/InvalidValuePolicy/collect`` kept.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from value: JSONValue
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try DecodeRun.decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in try session.emit(value) }
    }

    /// Decodes from a Foundation object and also returns the problems that
    /// ``DecodingOptions/InvalidValuePolicy/collect`` kept.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, fromJSONObject object: Any
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try DecodeRun.decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            try session.emit(foundation: object)
        }
    }

    private func decodeTree<Value: JSONMappableValue>(
        _ type: Value.Type, emit: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> Value {
        try DecodeRun.decodeRoot(type, options, checksWholeDocument: false, feed: emit).value
    }
}

extension JSONMappable {
    /// A model from a dictionary as `JSONSerialization` returns it (YYModel's
    /// `modelWithDictionary:`).
    public init(dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, fromJSONObject: dictionary)
    }

    /// A model from a ``JSONValue`` object.
    public init(jsonValue: JSONValue, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: jsonValue)
    }
}
