import Foundation

/// Decodes streams of JSON records (JSON Lines, the elements of a top-level array, or
/// concatenated values) into models, one record at a time, in bounded memory.
///
/// ```swift
/// let decoder = JSONRecordDecoder()
/// let records = decoder.records(Event.self, from: .file("events.jsonl")) { rejection in
///     log("\(rejection)")                      // malformed or unmappable records, in order
/// }
/// for result in records {
///     let record = try result.get()            // a stream-ending error comes last, if any
///     handle(record.value, line: record.line)
/// }
/// ```
///
/// Each record is parsed and mapped by the same engine as a whole document (the same parser,
/// mapping tables, coercions and error paths), with errors that name positions in the stream:
/// the byte offset, line and column in the file, not in the record. The options' invalid-value
/// policy applies per record: under ``DecodingOptions/InvalidValuePolicy/throw`` a record that
/// cannot be mapped is rejected and the stream goes on; under `.skip` and `.collect` it is
/// delivered with the values left at their defaults (and, for `.collect`, the problems in
/// ``JSONRecord/issues``).
///
/// The stream is read in chunks of ``chunkSize`` bytes and cut into blocks of whole records;
/// nothing is kept once delivered, and a record longer than ``maxRecordBytes`` is rejected
/// without being buffered whole.
///
/// With several ``workers`` (the default: one per active core), blocks are decoded in
/// parallel, each worker with its own parser and decoding session, and records are still
/// delivered in stream order. Finding where records end is cheap next to decoding them (a
/// search for line ends in JSON Lines; a scan of strings and brackets otherwise), so it stays
/// on the reading thread, and every framing is decoded in parallel. Parallel decoding needs
/// `Sendable` values, which cross from the workers to the reading thread; other values are
/// decoded on the reading thread.
public struct JSONRecordDecoder: Sendable {
    /// How each record is decoded: coercion, the invalid-value policy (per record), dates,
    /// depth and size limits (per record).
    public var options: DecodingOptions
    /// How records are laid out; ``JSONRecordFraming/automatic`` (the default) chooses from the
    /// first bytes.
    public var framing: JSONRecordFraming
    /// Threads that decode blocks of records in parallel; 1 decodes on the reading thread.
    /// Defaults to the number of active processor cores.
    ///
    /// Values cross from the workers to the reading thread, so only `Sendable` values are
    /// decoded in parallel: records of a type that is not `Sendable` are decoded on the reading
    /// thread whatever this says, unless a `transform` turns each into a `Sendable` output on
    /// its worker (`records(_:from:transform:onRejection:)`). A stream's
    /// ``JSONRecordProgress/workers`` says how many threads it uses.
    public var workers: Int
    /// Bytes read from the source at a time (256 KiB by default), and the size of the blocks
    /// handed to workers.
    public var chunkSize: Int
    /// The longest record accepted (16 MiB by default). A longer one is rejected with
    /// ``JSONMapperError/limitExceeded(offset:message:)``, and only its first bytes are kept.
    public var maxRecordBytes: Int
    /// How many bytes of a rejected record ``JSONRecordRejection/rawBytes`` keeps (1 KiB by
    /// default).
    public var maxRejectedBytes: Int
    /// Whether array records are decoded through column names (from a header record, or
    /// given) rather than as they are, and whether the stream starts with a header record.
    /// Defaults to ``JSONRecordColumns/none``.
    public var columns: JSONRecordColumns

    /// A decoder with the given settings.
    public init(
        options: DecodingOptions = DecodingOptions(),
        framing: JSONRecordFraming = .automatic,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        chunkSize: Int = 256 * 1024,
        maxRecordBytes: Int = 16 * 1024 * 1024,
        maxRejectedBytes: Int = 1024,
        columns: JSONRecordColumns = .none
    ) {
        self.options = options
        self.framing = framing
        self.workers = workers
        self.chunkSize = chunkSize
        self.maxRecordBytes = maxRecordBytes
        self.maxRejectedBytes = maxRejectedBytes
        self.columns = columns
    }

    /// The records of `source`, decoded as `type` on the reading thread (values that are not
    /// `Sendable` are not handed between threads).
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue>(
        _ type: Value.Type = Value.self, from source: JSONRecordSource,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordSequence<Value> {
        JSONRecordSequence(decoder: self, source: source, onRejection: onRejection, decoding: inlineDecoding(valueCodec(for: Value.self)))
    }

    /// The records of `source`, decoded as `type` by ``workers`` threads and delivered in
    /// stream order.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable>(
        _ type: Value.Type = Value.self, from source: JSONRecordSource,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordSequence<Value> {
        JSONRecordSequence(decoder: self, source: source, onRejection: onRejection, decoding: parallelDecoding(valueCodec(for: Value.self)))
    }

    /// The records of `source`, each decoded as `Value` and turned into `Output` by
    /// `transform` on the thread that decoded it, delivered in stream order: the way to run
    /// per-record work (formatting, filtering, projecting) on ``workers`` threads as well.
    ///
    /// ```swift
    /// let lines = decoder.records(Event.self, from: .file(path), transform: { (event: Event) throws(JSONMapperError) in
    ///     "\(event.id),\(event.kind)\n"
    /// })
    /// for result in lines { output.write(try result.get().value) }
    /// ```
    ///
    /// The value never leaves its worker, so `Value` need not be `Sendable`; only the output
    /// crosses threads, which also spares the allocator the slow path it takes when memory is
    /// freed on another thread than the one that allocated it. An error `transform` throws
    /// rejects the record, whatever the options' invalid-value policy; unless the error names a
    /// place itself, it is located at the first byte of the record's value.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - source: Where the records are read from, in chunks of `chunkSize` bytes.
    ///   - transform: Called once per decoded record, on a worker (or the reading thread with
    ///     one worker), possibly on several threads at once.
    ///   - onRejection: Called, on the reading thread and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue, Output: Sendable>(
        _ type: Value.Type = Value.self, from source: JSONRecordSource,
        transform: @escaping @Sendable (Value) throws(JSONMapperError) -> Output,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordSequence<Output> {
        JSONRecordSequence(decoder: self, source: source, onRejection: onRejection,
                           decoding: parallelDecoding(RecordEngines.mapped(valueCodec(for: Value.self), options: options).transformed(transform)))
    }

    /// The records of an asynchronous sequence of bytes (`URLSession.AsyncBytes`,
    /// `FileHandle.AsyncBytes`), decoded as `type` as the bytes arrive.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - bytes: The bytes of the stream, read as they arrive.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable, Bytes: AsyncSequence>(
        _ type: Value.Type = Value.self, from bytes: Bytes,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Bytes.Element == UInt8 {
        let chunkSize = limits.chunkSize
        return JSONRecordAsyncSequence(decoder: self, onRejection: onRejection, decoding: parallelDecoding(valueCodec(for: Value.self))) {
            AsyncByteInput(bytes, chunkSize: chunkSize)
        }
    }

    /// The records of an asynchronous sequence of byte chunks (`Data`, `[UInt8]`, or any
    /// other sequence of bytes per element), decoded as `type` as the chunks arrive. Chunks
    /// may split records anywhere.
    ///
    /// - Parameters:
    ///   - type: The type each record decodes to.
    ///   - chunks: The stream's bytes in chunks, which may split records anywhere.
    ///   - onRejection: Called, in the iterating task and in stream order, for every record
    ///     that is not delivered.
    public func records<Value: JSONMappableValue & Sendable, Chunks: AsyncSequence>(
        _ type: Value.Type = Value.self, from chunks: Chunks,
        onRejection: @escaping (JSONRecordRejection) -> Void = { _ in }
    ) -> JSONRecordAsyncSequence<Value> where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
        JSONRecordAsyncSequence(decoder: self, onRejection: onRejection, decoding: parallelDecoding(valueCodec(for: Value.self))) {
            AsyncChunkInput(chunks)
        }
    }

    var limits: RecordFramer.Limits {
        RecordFramer.Limits(chunkSize: max(chunkSize, 1), maxRecordBytes: max(maxRecordBytes, 1),
                            maxRejectedBytes: max(maxRejectedBytes, 0))
    }

    /// Decoding on the reading thread.
    func inlineDecoding<Value>(_ codec: ValueCodec<Value>) -> () -> RecordStream<Value>.Decoding {
        inlineDecoding(.mapped(codec, options: options))
    }

    func inlineDecoding<Value>(_ engines: RecordEngines<Value>) -> () -> RecordStream<Value>.Decoding {
        { .inline(engines.make()) }
    }

    /// Decoding by ``workers`` threads (inline for one).
    func parallelDecoding<Value: Sendable>(_ codec: ValueCodec<Value>) -> () -> RecordStream<Value>.Decoding {
        parallelDecoding(.mapped(codec, options: options))
    }

    func parallelDecoding<Value: Sendable>(_ engines: RecordEngines<Value>) -> () -> RecordStream<Value>.Decoding {
        guard workers > 1 else { return inlineDecoding(engines) }
        let (workers, limits) = (workers, limits)
        return {
            let pool = RecordWorkers<Value>(count: workers, engines: engines, limits: limits)
            // Blocks queued or being decoded: enough that no worker waits while the reading
            // thread delivers a block's records or writes them out (it shares the cores with
            // the workers, and runs in bursts), few enough to bound memory.
            return .workers(submit: { pool.submit($0, columns: $1) }, count: workers, inFlight: 4 * workers)
        }
    }

    /// A new stream over a framer, with fresh progress.
    func makeStream<Value>(decoding: RecordStream<Value>.Decoding, progress: JSONRecordProgress,
                           onRejection: @escaping (JSONRecordRejection) -> Void) -> RecordStream<Value> {
        progress.restart(workers: decoding.threads)
        let framer = RecordFramer(framing: framing, limits: limits, blocksInFlight: decoding.blocksInFlight)
        return RecordStream(framer: framer, decoding: decoding, limits: limits,
                            columns: RecordStream.Columns(columns, options: options), progress: progress, onRejection: onRejection)
    }
}
