import Foundation

extension JSONRecordDecoder {
    /// The records of `source` as rows of `schema`, decoded by ``workers`` threads and
    /// delivered in stream order, with the schema's coercion (the other options apply as
    /// they are). A record without a required column's value is rejected with
    /// ``JSONMapperError/keyNotFound(path:location:)`` naming the column's first path.
    ///
    /// - Parameters:
    ///   - schema: The columns each record is decoded into.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records(_ schema: JSONSchema, from source: JSONRecordSource,
                        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<JSONRow> {
        var decoder = self
        decoder.options.coercion = schema.coercion
        return JSONRecordSequence(decoder: decoder, source: source, onRejection: onRejection,
                                  decoding: decoder.parallelDecoding(schema.codec))
    }

    /// The records of `source` as rows of `schema`, each turned into `Output` by `transform`
    /// on the thread that decoded it, delivered in stream order, as the overload for model
    /// types does: for instance, rows formatted by ``JSONRowWriter/formatted(_:)`` on every
    /// worker, written out in order by ``JSONRowWriter/write(formatted:)``.
    ///
    /// - Parameters:
    ///   - schema: The columns each record is decoded into.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - transform: Called once per row, on a worker, possibly on several threads at once.
    ///     An error it throws rejects the record.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records<Output: Sendable>(_ schema: JSONSchema, from source: JSONRecordSource,
                                          transform: @escaping @Sendable (JSONRow) throws(JSONMapperError) -> Output,
                                          onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<Output> {
        var decoder = self
        decoder.options.coercion = schema.coercion
        return JSONRecordSequence(decoder: decoder, source: source, onRejection: onRejection,
                                  decoding: decoder.parallelDecoding(RecordTransformCodec(inner: schema.codec, transform: transform)))
    }
}
