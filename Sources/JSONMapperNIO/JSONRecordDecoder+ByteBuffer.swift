import JSONMapper
import NIOCore

extension JSONRecordDecoder {
    /// The records of a body of `ByteBuffer`s (Hummingbird's `RequestBody`, Vapor's body
    /// stream, any `AsyncSequence` of buffers), decoded as `type` by ``workers`` threads as the
    /// buffers arrive, and delivered in stream order.
    ///
    /// ```swift
    /// router.post("events") { request, context in
    ///     var accepted = 0
    ///     for try await record in decoder.records(Event.self, from: request.body) {
    ///         try store(record.value)
    ///         accepted += 1
    ///     }
    ///     return "\(accepted)"
    /// }
    /// ```
    ///
    /// Each buffer's readable bytes go straight into the stream's block (no array is made of
    /// them), and buffers may split records anywhere. A task of its own reads the body at most
    /// ``chunkSize`` bytes ahead of decoding, so the body is read only as fast as its records
    /// are decoded and taken, and memory stays bounded whatever the body's size; small buffers
    /// that arrive while a block is decoded are gathered into the next block. Rejections,
    /// ``JSONRecordAsyncSequence/progress`` and the error that ends the stream are those of
    /// every other source: a body that throws (a client that disconnects) ends the stream with
    /// ``JSONMapper/JSONMapperError/ioFailed(reason:)`` after every record before it.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - body: The buffers of the stream.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable, Body: AsyncSequence & Sendable>(
        _ type: Value.Type = Value.self, from body: Body,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Body.Element == ByteBuffer {
        records(type, from: ByteBufferChunks(body), onRejection: onRejection)
    }

    /// The records of a body of `ByteBuffer`s that is not `Sendable`, decoded as `type` as the
    /// buffers arrive: the body is read by the iterating task, one buffer per read, with the
    /// same backpressure.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - body: The buffers of the stream.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable, Body: AsyncSequence>(
        _ type: Value.Type = Value.self, from body: Body,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Body.Element == ByteBuffer {
        records(type, from: ByteBufferChunks(body), onRejection: onRejection)
    }

    /// The records of a body of `ByteBuffer`s, each decoded as the `Decodable` type `type`, read
    /// as for mapped models (`records(_:from:onRejection:)` over a `Sendable` body).
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - body: The buffers of the stream.
    ///   - codableDecoder: The options records decode with; read once, when the stream starts.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: Decodable & Sendable, Body: AsyncSequence & Sendable>(
        _ type: Value.Type, from body: Body, using codableDecoder: JSONCodableDecoder,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Body.Element == ByteBuffer {
        records(type, from: ByteBufferChunks(body), using: codableDecoder, onRejection: onRejection)
    }
}

/// The readable bytes of each buffer of a body, as a sequence of byte chunks: a view shares the
/// buffer's storage, and hands the record stream its bytes as one contiguous region.
struct ByteBufferChunks<Body: AsyncSequence>: AsyncSequence where Body.Element == ByteBuffer {
    typealias Element = ByteBufferView

    let body: Body

    init(_ body: Body) {
        self.body = body
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Body.AsyncIterator

        mutating func next() async throws -> ByteBufferView? {
            try await base.next()?.readableBytesView
        }
    }
}

extension ByteBufferChunks: Sendable where Body: Sendable {}
