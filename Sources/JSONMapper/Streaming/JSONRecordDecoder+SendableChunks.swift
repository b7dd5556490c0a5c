extension JSONRecordDecoder {
    /// The records of a `Sendable` asynchronous sequence of byte chunks (an `AsyncStream` of
    /// `[UInt8]` or `Data`, a server's request body), decoded as `type` as the chunks arrive.
    /// Chunks may split records anywhere.
    ///
    /// A task of its own iterates `chunks`, at most ``chunkSize`` bytes ahead of decoding (the
    /// backpressure on the source), and each read of the stream takes every chunk that has
    /// arrived since the last: chunks far smaller than a block, down to one small record each,
    /// reach the workers gathered into blocks rather than one hand-off per chunk, and no chunk
    /// waits for another to arrive. Ending the iteration (or cancelling its task) cancels that
    /// task, and the source sees the cancellation in its iterator's `next()` (an `AsyncStream`
    /// runs its `onTermination`), even while the caller still holds the sequence.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - chunks: The stream's bytes in chunks, which may split records anywhere.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: Value.Type = Value.self, from chunks: Chunks,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Chunks.Element: Sequence & Sendable, Chunks.Element.Element == UInt8 {
        let readAhead = limits.chunkSize
        return JSONRecordAsyncSequence(decoder: self, onRejection: onRejection, decoding: parallelDecoding(valueCodec(for: Value.self))) {
            PrefetchedChunkInput(chunks, readAhead: readAhead)
        }
    }

    /// The records of a `Sendable` asynchronous sequence of byte chunks, each decoded as the
    /// `Decodable` type `type` as the chunks arrive, read ahead and gathered as for mapped
    /// models (`records(_:from:onRejection:)` over a `Sendable` sequence of chunks).
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - chunks: The stream's bytes in chunks, which may split records anywhere.
    ///   - codableDecoder: The options records decode with; read once, when the stream starts.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: Value.Type, from chunks: Chunks, using codableDecoder: JSONCodableDecoder,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Chunks.Element: Sequence & Sendable, Chunks.Element.Element == UInt8 {
        let readAhead = limits.chunkSize
        return JSONRecordAsyncSequence(decoder: self, onRejection: onRejection,
                                       decoding: parallelDecoding(codableEngines(Value.self, codableDecoder))) {
            PrefetchedChunkInput(chunks, readAhead: readAhead)
        }
    }
}
