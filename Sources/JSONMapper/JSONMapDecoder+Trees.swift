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

    /// A model from a ``JSONValue`` object (the same as ``init(jsonValue:options:)``, named like
    /// the initializers from bytes).
    public init(fromJSON value: JSONValue, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: value)
    }

    /// A model from a Foundation object as `JSONSerialization` returns it (see
    /// ``JSONMapDecoder/decode(_:fromJSONObject:)``).
    public init(fromJSONObject object: Any, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, fromJSONObject: object)
    }

    /// Sets the properties a ``JSONValue`` object holds on this instance and leaves the others.
    public mutating func update(fromJSON value: JSONValue, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try update(options, checksWholeDocument: false) { (session) throws(JSONMapperError) in try session.emit(value) }
    }

    /// Sets the properties a Foundation object holds on this instance and leaves the others.
    public mutating func update(fromJSONObject object: Any, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try update(options, checksWholeDocument: false) { (session) throws(JSONMapperError) in try session.emit(foundation: object) }
    }
}
