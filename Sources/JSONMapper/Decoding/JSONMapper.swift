import Foundation

/// Entry points for decoding JSON into mappable values.
///
/// ```swift
/// let user = try JSONMapper.decode(User.self, from: data)
/// let timeline = try JSONMapper.decode([Status].self, from: bytes)
/// ```
/// Every entry point parses with yajl and decodes straight from the parse events: no
/// intermediate dictionary is built.
public enum JSONMapper {
    /// Decodes a value of `type` (a model, an array or dictionary of models, or a scalar) from
    /// a complete JSON document.
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from data: Data,
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: data, options: options).value
    }

    /// Decodes from UTF-8 bytes.
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from bytes: [UInt8],
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try decodeReportingIssues(type, from: bytes, options: options).value
    }

    /// Decodes from a string's UTF-8.
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from string: String,
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try withBytes(of: string) { (bytes) throws(JSONMapperError) in try decodeDocument(type, bytes, options).value }
    }

    /// Decodes from memory the caller owns, which must stay valid for the call.
    public static func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from buffer: UnsafeRawBufferPointer,
                                                        options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        try decodeDocument(type, buffer, options).value
    }

    /// Decodes and also returns the problems that ``DecodingOptions/InvalidValuePolicy/collect``
    /// kept: each names the path of a value left at its default. (With another policy the
    /// list is empty.)
    public static func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from data: Data, options: DecodingOptions = DecodingOptions()
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try withBytes(of: data) { (bytes) throws(JSONMapperError) in try decodeDocument(type, bytes, options) }
    }

    /// Decodes from UTF-8 bytes, returning the collected problems too.
    public static func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from bytes: [UInt8], options: DecodingOptions = DecodingOptions()
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try withBytes(of: bytes) { (buffer) throws(JSONMapperError) in try decodeDocument(type, buffer, options) }
    }

    static func decodeDocument<Value: JSONMappableValue>(_ type: Value.Type, _ bytes: UnsafeRawBufferPointer,
                                                         _ options: DecodingOptions) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, options, checksWholeDocument: true) { (session) throws(JSONMapperError) in
            try JSONParser(sink: session, limits: options.parserLimits).parseDocument(bytes)
        }
    }

    /// Decodes the one top-level value that `feed` sends to a new session as events.
    static func decodeRoot<Value: JSONMappableValue>(
        _ type: Value.Type, _ options: DecodingOptions, checksWholeDocument: Bool,
        feed: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, reader: valueReader(for: Value.self), options, checksWholeDocument: checksWholeDocument, feed: feed)
    }

    /// Decodes the top-level value with a given reader (a subclass's, for a copy).
    static func decodeRoot<Value>(
        _ type: Value.Type, reader: ValueReader<Value>, _ options: DecodingOptions, checksWholeDocument: Bool,
        feed: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        let session = DecodingSession(options: options, checksWholeDocument: checksWholeDocument)
        let root = RootConsumer(reader: reader)
        var result: Value?
        try withUnsafeMutablePointer(to: &result) { (slot) throws(JSONMapperError) in
            // The root frame borrows `result` only inside this closure; unwinding on any exit
            // releases every partial value before the slot goes away.
            defer { session.unwind() }
            session.pushBorrowed(consumer: .passUnretained(root), storage: UnsafeMutableRawPointer(slot), state: nil)
            try feed(session)
        }
        guard let result else {
            throw .typeMismatch(path: "", expected: "\(Value.self)", found: "no usable value")
        }
        return (result, session.issues)
    }

    /// Runs `body` over the bytes of `data`. (`withUnsafeBytes` rethrows untyped errors, so the
    /// typed error crosses it as a `Result`.)
    static func withBytes<R>(of data: Data, _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        try data.withUnsafeBytes { buffer in Result { () throws(JSONMapperError) in try body(buffer) } }.get()
    }

    static func withBytes<R>(of bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        try bytes.withUnsafeBytes { buffer in Result { () throws(JSONMapperError) in try body(buffer) } }.get()
    }

    static func withBytes<R>(of string: String, _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        var string = string
        return try string.withUTF8 { utf8 in Result { () throws(JSONMapperError) in try body(UnsafeRawBufferPointer(utf8)) } }.get()
    }
}

extension JSONMappable {
    /// Sets the properties the JSON object holds on this instance and leaves the others
    /// (YYModel's `modelSetWithJSON:`). On error a struct is left unchanged; a class instance
    /// keeps the values set before the error.
    public mutating func update(fromJSON data: Data, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try JSONMapper.withBytes(of: data) { (bytes) throws(JSONMapperError) in try update(fromJSON: bytes, options: options) }
    }

    /// Updates from UTF-8 bytes in memory the caller owns.
    public mutating func update(fromJSON bytes: UnsafeRawBufferPointer, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        var copy = self
        let session = DecodingSession(options: options, checksWholeDocument: true)
        let root = UpdateRootConsumer(reader: ModelRegistry.shared.reader(for: Self.self))
        try withUnsafeMutablePointer(to: &copy) { (slot) throws(JSONMapperError) in
            defer { session.unwind() }
            session.pushBorrowed(consumer: .passUnretained(root), storage: UnsafeMutableRawPointer(slot), state: nil)
            try JSONParser(sink: session, limits: options.parserLimits).parseDocument(bytes)
        }
        self = copy
    }

    /// Updates from a JSON string.
    public mutating func update(fromJSON string: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        try JSONMapper.withBytes(of: string) { (bytes) throws(JSONMapperError) in try update(fromJSON: bytes, options: options) }
    }
}
