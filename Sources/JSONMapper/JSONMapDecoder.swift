import Foundation

/// Decodes JSON into mappable values: models, arrays and dictionaries of models, scalars.
///
/// ```swift
/// let decoder = JSONMapDecoder()
/// let user = try decoder.decode(User.self, from: data)
/// let timeline = try decoder.decode([Status].self, from: bytes)
///
/// var lenient = JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect))
/// let (profile, issues) = try lenient.decodeReportingIssues(Profile.self, from: json)
/// ```
///
/// Input in bytes (`Data`, `[UInt8]`, `String`, or memory the caller owns) is parsed with yajl
/// and decoded straight from the parse events: no intermediate dictionary is built. Trees
/// already in memory (``JSONValue`` and Foundation objects) are decoded by the same engine.
/// A decoder is a value: configure it once and share it across threads.
public struct JSONMapDecoder: Sendable {
    /// How values are converted and what happens to values that cannot be.
    public var options: DecodingOptions

    /// A decoder with the given options (lenient coercion, throwing on the first problem, by default).
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
    }

    /// Decodes a value of `type` from a complete JSON document.
    ///
    /// - Throws: ``JSONMapperError``: a syntax error with its position, or a mapping error with
    ///   the JSON path of the value (as the ``DecodingOptions/invalidValuePolicy`` says).
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from data: Data) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: data).value
    }

    /// Decodes a value of `type` from a document's UTF-8 bytes.
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from bytes: [UInt8]) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: bytes).value
    }

    /// Decodes a value of `type` from a document held in a string.
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from string: String) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: string).value
    }

    /// Decodes a value of `type` from memory the caller owns, which must stay valid for the call.
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from buffer: UnsafeRawBufferPointer) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: buffer).value
    }

    /// Decodes, and also returns the problems that ``DecodingOptions/InvalidValuePolicy/collect``
    /// kept: each names the path of a value left at its default. (Under another policy the
    /// list is empty.)
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from data: Data
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try InputBytes.withBytes(of: data) { (bytes) throws(JSONMapperError) in try DecodeRun.decodeDocument(type, bytes, options) }
    }

    /// Decodes from UTF-8 bytes, returning the collected problems too.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from bytes: [UInt8]
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try InputBytes.withBytes(of: bytes) { (buffer) throws(JSONMapperError) in try DecodeRun.decodeDocument(type, buffer, options) }
    }

    /// Decodes from a string, returning the collected problems too.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from string: String
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try InputBytes.withBytes(of: string) { (buffer) throws(JSONMapperError) in try DecodeRun.decodeDocument(type, buffer, options) }
    }

    /// Decodes from memory the caller owns, returning the collected problems too.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from buffer: UnsafeRawBufferPointer
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try DecodeRun.decodeDocument(type, buffer, options)
    }
}

extension JSONMappable {
    /// A model decoded from a complete JSON document: `try User(fromJSON: data)`, the same as
    /// ``JSONMapDecoder/decode(_:from:)-(Value.Type,Data)`` with these options.
    public init(fromJSON data: Data, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: data)
    }

    /// A model decoded from a JSON document's UTF-8 bytes.
    public init(fromJSON bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: bytes)
    }

    /// A model decoded from a JSON document held in a string.
    public init(fromJSON string: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: string)
    }

    /// A model decoded from a JSON document in memory the caller owns, which must stay valid
    /// for the call.
    public init(fromJSON buffer: UnsafeRawBufferPointer, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONMapDecoder(options: options).decode(Self.self, from: buffer)
    }

    /// Sets the properties the JSON object holds on this instance and leaves the others
    /// (YYModel's `modelSetWithJSON:`). On error a struct is left unchanged; a class instance
    /// keeps the values set before the error.
    public mutating func update(fromJSON data: Data, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try InputBytes.withBytes(of: data) { (bytes) throws(JSONMapperError) in try update(fromJSON: bytes, options: options) }
    }

    /// Updates from UTF-8 bytes.
    public mutating func update(fromJSON bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try InputBytes.withBytes(of: bytes) { (buffer) throws(JSONMapperError) in try update(fromJSON: buffer, options: options) }
    }

    /// Updates from UTF-8 bytes in memory the caller owns.
    public mutating func update(fromJSON bytes: UnsafeRawBufferPointer, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try update(options, checksWholeDocument: true) { (session) throws(JSONMapperError) in
            try JSONParser(sink: session, limits: options.parserLimits).parseDocument(bytes)
        }
    }

    /// Runs an update fed by `feed`, on a copy that replaces this value only when it succeeds.
    mutating func update(_ options: DecodingOptions, checksWholeDocument: Bool,
                         feed: (DecodingSession) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var copy = self
        let handler = UpdateRootHandler(codec: ModelRegistry.shared.codec(for: Self.self))
        _ = try DecodeRun.decodeRoot(into: &copy, handler: handler, options, checksWholeDocument: checksWholeDocument, feed: feed)
        self = copy
    }

    /// Updates from a JSON string.
    public mutating func update(fromJSON string: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try InputBytes.withBytes(of: string) { (bytes) throws(JSONMapperError) in try update(fromJSON: bytes, options: options) }
    }
}
