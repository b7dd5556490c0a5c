import JSONMapper
import NIOCore

// Documents from a `ByteBuffer`: the decoders read the buffer's readable bytes where they lie,
// through `withUnsafeReadableBytes`, so nothing is copied and the reader index is left as it is.

extension JSONMapDecoder {
    /// Decodes a value from the readable bytes of `buffer`, in place: the bytes are not copied,
    /// and the buffer's reader index does not move.
    ///
    /// ```swift
    /// let event = try JSONMapDecoder().decode(Event.self, from: request.body.buffer)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - buffer: A buffer holding exactly one JSON document in its readable bytes.
    /// - Throws: ``JSONMapperError`` for malformed JSON or values that cannot be mapped, with
    ///   positions counted from the buffer's reader index.
    public func decode<Value: JSONMappableValue>(_ type: Value.Type = Value.self, from buffer: ByteBuffer) throws(JSONMapperError) -> Value {
        try buffer.withReadableBytes { bytes throws(JSONMapperError) in try decode(type, from: bytes) }
    }

    /// Decodes a value from the readable bytes of `buffer`, in place, and also returns the
    /// problems that the invalid-value policy `collect` kept.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - buffer: A buffer holding exactly one JSON document in its readable bytes.
    /// - Returns: The value and the problems collected while decoding it.
    /// - Throws: ``JSONMapperError`` for malformed JSON, or a value the policy does not let
    ///   through.
    public func decodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from buffer: ByteBuffer
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try buffer.withReadableBytes { bytes throws(JSONMapperError) in try decodeReportingIssues(type, from: bytes) }
    }
}

extension JSONCodableDecoder {
    /// Decodes a `Decodable` value from the readable bytes of `buffer`, in place: the bytes are
    /// not copied, and the buffer's reader index does not move.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - buffer: A buffer holding exactly one JSON document in its readable bytes.
    /// - Throws: `DecodingError`, as Foundation's `JSONDecoder` does.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try buffer.withReadableBytes { bytes in try decode(type, from: bytes) }
    }
}

extension JSONValue {
    /// Parses the readable bytes of `buffer` into a value tree, in place.
    ///
    /// - Parameters:
    ///   - buffer: A buffer holding exactly one JSON document in its readable bytes.
    ///   - options: Limits and policies for parsing.
    /// - Throws: ``JSONMapperError`` for malformed JSON or a limit exceeded.
    public init(parsing buffer: ByteBuffer, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try buffer.withReadableBytes { bytes throws(JSONMapperError) in try JSONValue(parsing: bytes, options: options) }
    }
}

extension ByteBuffer {
    /// Runs `body` on the readable bytes, with the error type `body` throws (NIO's own
    /// `withUnsafeReadableBytes` rethrows as an untyped error).
    ///
    /// The pointer is valid only inside `body`, which does not keep it: every caller parses the
    /// bytes to the end before returning.
    func withReadableBytes<T, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> T) throws(Failure) -> T {
        let result: Result<T, Failure> = withUnsafeReadableBytes { bytes in
            do throws(Failure) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
