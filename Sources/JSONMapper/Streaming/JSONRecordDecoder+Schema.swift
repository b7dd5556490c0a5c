import Foundation

extension JSONRecordDecoder {
    /// The records of `source` as rows of `schema`, decoded by ``workers`` threads and
    /// delivered in stream order, with the schema's coercion (the other options apply as
    /// they are). A record without a required column's value is rejected with
    /// ``JSONMapperError/keyNotFound(path:location:)`` naming the column's first path.
    ///
    /// A schema with an ``JSONSchema/explode`` makes rows per element, not a row per record:
    /// read it with ``rows(_:from:onRejection:)``. Here each of its records is rejected with
    /// ``JSONMapperError/invalidMapping(type:key:reason:)`` saying so.
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
        guard schema.expansion == nil else {
            return records(schema, from: source, transform: { (row) throws(JSONMapperError) in row }, onRejection: onRejection)
        }
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
    ///
    /// A schema with an ``JSONSchema/explode`` is read with ``rows(_:from:transform:onRejection:)``;
    /// here each of its records is rejected, as `records(_:from:onRejection:)` says for schemas.
    public func records<Output: Sendable>(_ schema: JSONSchema, from source: JSONRecordSource,
                                          transform: @escaping @Sendable (JSONRow) throws(JSONMapperError) -> Output,
                                          onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<Output> {
        var decoder = self
        decoder.options.coercion = schema.coercion
        let checked: @Sendable (JSONRow) throws(JSONMapperError) -> Output
        if let expansion = schema.expansion {
            checked = { (_) throws(JSONMapperError) in
                throw .invalidMapping(type: "\(schema.columns.count) columns", key: expansion.path,
                                      reason: "the schema explodes an array: read its rows with rows(_:from:)")
            }
        } else {
            checked = transform
        }
        let engines = RecordEngines.mapped(schema.codec, options: decoder.options).transformed(checked)
        return JSONRecordSequence(decoder: decoder, source: source, onRejection: onRejection, decoding: decoder.parallelDecoding(engines))
    }

    /// The rows of each record of `source` through `schema`, decoded by ``workers`` threads and
    /// delivered in stream order, one value per record: one row for a schema without an
    /// explode; with one (see ``JSONExplode``), a row per element of the record's array, none
    /// when it is empty or absent (one with ``JSONExplode/isOuter``). A record that is
    /// rejected has no rows, so records read = delivered + rejected still holds; the rows
    /// are counted by the caller.
    ///
    /// - Parameters:
    ///   - schema: The columns, and the array to explode, each record is decoded into.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func rows(_ schema: JSONSchema, from source: JSONRecordSource,
                     onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<[JSONRow]> {
        rows(schema, from: source, transform: { (rows) throws(JSONMapperError) in rows }, onRejection: onRejection)
    }

    /// The rows of each record of `source` through `schema`, as ``rows(_:from:onRejection:)``
    /// makes them, turned into `Output` by `transform` on the thread that decoded the record:
    /// for instance, each row formatted by ``JSONRowWriter/formatted(_:)``.
    ///
    /// - Parameters:
    ///   - schema: The columns, and the array to explode, each record is decoded into.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - transform: Called once per record with its rows (possibly none), on a worker,
    ///     possibly on several threads at once. An error it throws rejects the record.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func rows<Output: Sendable>(_ schema: JSONSchema, from source: JSONRecordSource,
                                       transform: @escaping @Sendable ([JSONRow]) throws(JSONMapperError) -> Output,
                                       onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<Output> {
        var decoder = self
        decoder.options.coercion = schema.coercion
        let engines = RecordEngines.rows(schema, options: decoder.options).transformed(transform)
        return JSONRecordSequence(decoder: decoder, source: source, onRejection: onRejection, decoding: decoder.parallelDecoding(engines))
    }

    /// The records of `source` as rows of `schema` laid out in `format`, delivered in runs of
    /// consecutive records (``JSONRowRun``) for ``JSONRowWriter/write(run:)``; see
    /// ``rowRuns(_:into:from:onRejection:)``.
    package func rowRuns(_ schema: JSONSchema, as format: JSONRowFormat, from source: JSONRecordSource,
                         onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }) -> JSONRecordSequence<JSONRowRun<[UInt8]>> {
        rowRuns(schema, into: JSONRowWriter(schema: schema, format: format).blockSink, from: source, onRejection: onRejection)
    }

    /// The records of `source` as rows of `schema`, delivered in runs of consecutive records
    /// (``JSONRowRun``) that each worker puts together in a sink `makeSink` makes for it: a
    /// whole block of records at a time, the planned way where it can (see
    /// ``PlannedRowEngine``), with an explode one row per element as
    /// ``rows(_:from:onRejection:)`` makes them. A run's record index and line are its first
    /// record's; a rejected record ends a run, so rejections arrive in stream order between
    /// runs.
    package func rowRuns<Sink: RowBlockSink>(_ schema: JSONSchema, into makeSink: @escaping @Sendable () -> Sink, from source: JSONRecordSource,
                                             onRejection: @escaping (JSONRecordRejection) -> Void = { _ in })
        -> JSONRecordSequence<JSONRowRun<Sink.Block>> {
        var decoder = self
        decoder.options.coercion = schema.coercion
        let options = decoder.options
        let engines = RecordEngines<JSONRowRun<Sink.Block>> { PlannedRowEngine(schema: schema, sink: makeSink(), options: options) }
        return JSONRecordSequence(decoder: decoder, source: source, onRejection: onRejection, decoding: decoder.parallelDecoding(engines))
    }
}

extension RecordEngines<[JSONRow]> {
    /// Engines that decode each record into its rows through `schema`: its one row, or with an
    /// explode, a row per element (see ``ExplodingRowsCodec``).
    static func rows(_ schema: JSONSchema, options: DecodingOptions) -> RecordEngines {
        if let expansion = schema.expansion { return .mapped(ExplodingRowsCodec(expansion), options: options) }
        return RecordEngines<JSONRow>.mapped(schema.codec, options: options).transformed { (row) throws(JSONMapperError) in [row] }
    }
}
