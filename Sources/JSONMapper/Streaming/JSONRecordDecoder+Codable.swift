import Foundation

extension JSONRecordDecoder {
    /// The records of `source`, each decoded as the `Decodable` type `type` by `codableDecoder`
    /// (its strategies and `userInfo`; the parse limits are this decoder's ``options``), by
    /// ``workers`` threads and delivered in stream order, with the framings, rejections and
    /// progress of every record stream.
    ///
    /// A record whose decode throws is rejected with the error as a ``JSONMapperError``: the
    /// syntax or limit error with its place in the stream, a `DecodingError` as the library's
    /// case with its coding path as a JSON path (`statuses[3].user.id`). The invalid-value
    /// policy does not apply inside a `Decodable` value: a record decodes whole or is rejected.
    /// Column names (``columns``) are for mapped models and schemas: with them set, every
    /// record is rejected saying so.
    ///
    /// ```swift
    /// for result in JSONRecordDecoder().records(Event.self, from: .file(path), using: JSONCodableDecoder()) {
    ///     let event = try result.get().value
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - codableDecoder: The options records decode with; read once, when the stream starts.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    /// - Throws: Nothing here; a JSON5 option set on `codableDecoder` rejects every record.
    public func records<Value: Decodable & Sendable>(
        _ type: Value.Type, from source: JSONRecordSource, using codableDecoder: JSONCodableDecoder,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordSequence<Value> {
        JSONRecordSequence(decoder: self, source: source, onRejection: onRejection, decoding: parallelDecoding(codableEngines(Value.self, codableDecoder)))
    }

    /// The records of `source`, each decoded as the `Decodable` type `type` and turned into
    /// `Output` by `transform` on the thread that decoded it (see
    /// ``records(_:from:transform:onRejection:)-(Value.Type,_,_,_)``), delivered in stream order.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - codableDecoder: The options records decode with; read once, when the stream starts.
    ///   - transform: Called once per decoded record, on a worker, possibly on several threads
    ///     at once. An error it throws rejects the record.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: Decodable & SendableMetatype, Output: Sendable>(
        _ type: Value.Type, from source: JSONRecordSource, using codableDecoder: JSONCodableDecoder,
        transform: @escaping @Sendable (Value) throws(JSONMapperError) -> Output,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordSequence<Output> {
        JSONRecordSequence(decoder: self, source: source, onRejection: onRejection,
                           decoding: parallelDecoding(codableEngines(Value.self, codableDecoder).transformed(transform)))
    }

    /// The records of an asynchronous sequence of byte chunks, each decoded as the
    /// `Decodable` type `type` as the chunks arrive (see
    /// ``records(_:from:using:onRejection:)-(_,JSONRecordSource,_,_)``).
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - chunks: The stream's bytes in chunks, which may split records anywhere.
    ///   - codableDecoder: The options records decode with; read once, when the stream starts.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: Decodable & Sendable, Chunks: AsyncSequence>(
        _ type: Value.Type, from chunks: Chunks, using codableDecoder: JSONCodableDecoder,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
        JSONRecordAsyncSequence(decoder: self, onRejection: onRejection, decoding: parallelDecoding(codableEngines(Value.self, codableDecoder))) {
            AsyncChunkInput(chunks)
        }
    }

    func codableEngines<Value: Decodable & SendableMetatype>(_ type: Value.Type, _ codableDecoder: JSONCodableDecoder) -> RecordEngines<Value> {
        let options: Result<CodableDecodingOptions, JSONMapperError>
        do {
            var read = try codableDecoder.currentOptions()
            read.limits = self.options
            options = .success(read)
        } catch {
            options = .failure(JSONMapperError(decoding: error))
        }
        return RecordEngines { CodableRecordEngine<Value>(options: options) }
    }
}

/// Decodes each record as a `Decodable` value from a tape (``JSONCodableDecoder``), one tape
/// for all the records, whose arrays keep their capacity.
final class CodableRecordEngine<Value: Decodable>: RecordDecoding {
    private let options: Result<CodableDecodingOptions, JSONMapperError>
    private var tape = Tape()

    init(options: Result<CodableDecodingOptions, JSONMapperError>) {
        self.options = options
    }

    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, rawInputChecked: Bool, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> Value {
        let options = try options.get()
        if columns != nil {
            throw .invalidMapping(type: "\(Value.self)", key: "", reason: "column names apply to mapped models and schemas, not to Decodable records")
        }
        return try JSONCodableDecoder.decodeRecord(Value.self, from: bytes, options: options, origin: origin,
                                                   rawInputChecked: rawInputChecked, tape: &tape)
    }
}
