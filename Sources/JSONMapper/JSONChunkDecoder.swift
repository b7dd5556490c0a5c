import Foundation

/// Decodes one JSON document fed in chunks of any size, as they arrive (from a socket, a
/// file read in blocks): values are decoded while the rest is still on its way, and no
/// chunk is kept after ``feed(_:)-(Data)`` returns, only the start of a string or number
/// that it cut, until the token's end arrives (so that the token is parsed once: any
/// chunking costs the same as one buffer).
///
/// ```swift
/// let decoder = JSONChunkDecoder(Timeline.self)
/// for chunk in chunks { try decoder.feed(chunk) }
/// let timeline = try decoder.finish()
/// ```
/// After an error, every later call throws the same error. A mapping error (under
/// ``DecodingOptions/InvalidValuePolicy/throw``) is thrown by ``finish()`` once the rest of
/// the document has been read and found well-formed: a syntax error anywhere in the document
/// is the more basic fault and is thrown instead, as soon as it is read.
///
/// A decoder reads one document. Calling ``feed(_:)-(UnsafeRawBufferPointer)`` or
/// ``finish()`` after ``finish()`` has returned the value is a programming error, and stops
/// the program with a message saying so (a precondition, as reading past the end of an array
/// does), rather than throwing: no input can cause it and no retry can mend it, and a thrown
/// ``JSONMapperError`` would be handled as bad input (logged, counted as a rejected record,
/// skipped), hiding the bug. Make a new decoder for the next document.
public final class JSONChunkDecoder<Value: JSONMappableValue> {
    private let session: DecodingSession
    private let parser: JSONParser
    private let root: RootSlot<Value>
    private var error: JSONMapperError?
    private var finished = false

    /// A decoder for one document of `type`.
    public init(_ type: Value.Type = Value.self, options: DecodingOptions = DecodingOptions()) {
        session = DecodingSession(options: options, checksWholeDocument: true)
        parser = JSONParser(sink: session, limits: options.parserLimits)
        root = RootSlot(codec: valueCodec(for: Value.self))
        root.push(onto: session)
    }

    deinit { session.unwind() }

    /// Parses and decodes the next chunk.
    public func feed(_ chunk: UnsafeRawBufferPointer) throws(JSONMapperError) {
        try checkUsable(calling: "feed(_:)")
        do throws(JSONMapperError) { try parser.parse(chunk) } catch { self.error = error; throw error }
    }

    /// Parses and decodes the next chunk.
    public func feed(_ chunk: [UInt8]) throws(JSONMapperError) {
        try InputBytes.withBytes(of: chunk) { (bytes) throws(JSONMapperError) in try feed(bytes) }
    }

    /// Parses and decodes the next chunk.
    public func feed(_ chunk: Data) throws(JSONMapperError) {
        try InputBytes.withBytes(of: chunk) { (bytes) throws(JSONMapperError) in try feed(bytes) }
    }

    /// Parses and decodes the next chunk, as its UTF-8 bytes.
    public func feed(_ chunk: String) throws(JSONMapperError) {
        try InputBytes.withBytes(of: chunk) { (bytes) throws(JSONMapperError) in try feed(bytes) }
    }

    /// Ends the document and returns its value.
    public func finish() throws(JSONMapperError) -> Value {
        try checkUsable(calling: "finish()")
        finished = true
        do throws(JSONMapperError) { try parser.finish() } catch { self.error = error; throw error }
        return try root.take()
    }

    /// Rethrows an earlier error; stops the program when the document was already finished.
    private func checkUsable(calling method: String) throws(JSONMapperError) {
        if let error { throw error }
        precondition(!finished, "JSONChunkDecoder.\(method) called after finish() returned the value: "
                     + "a chunk decoder reads one document; make a new one for the next")
    }
}
