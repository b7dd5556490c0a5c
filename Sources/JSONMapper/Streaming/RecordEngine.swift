/// Decodes the records of a stream one after another, each as a document of its own: one per
/// worker, made by the stream's ``RecordEngines``.
protocol RecordDecoding<Value>: AnyObject {
    associatedtype Value
    /// Decodes the record in `bytes`, which starts at `origin` in the stream (errors name
    /// positions in the stream); an array record through `columns`' names when given (see
    /// ``ColumnSink``). Returns the value, and sets `issues` to the problems the `.collect`
    /// policy kept. With `rawInputChecked`, the bytes are known to pass the raw input check.
    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, rawInputChecked: Bool, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> Value

    /// Whether the engine decodes a block whole (``outcomes(of:limits:columns:)``) rather than
    /// record by record, even when the stream decodes inline.
    var decodesWholeBlocks: Bool { get }

    /// The outcomes of every record of `block`, up to the one that ends the stream.
    func outcomes(of block: RecordBlock, limits: RecordFramer.Limits, columns: ColumnSink.Names?) -> [RecordOutcome<Value>]
}

extension RecordDecoding {
    var decodesWholeBlocks: Bool { false }

    /// Each record decoded on its own (``decode(_:at:rawInputChecked:columns:issues:)``).
    func outcomes(of block: RecordBlock, limits: RecordFramer.Limits, columns: ColumnSink.Names?) -> [RecordOutcome<Value>] {
        var records = BlockRecords(block, engine: self, limits: limits, columns: columns)
        return records.decodeAll()
    }
}

/// How a stream makes its engines, one per thread that decodes.
struct RecordEngines<Value>: Sendable {
    let make: @Sendable () -> any RecordDecoding<Value>

    /// Engines that decode through `codec` (a type's own, or a runtime schema's).
    static func mapped(_ codec: ValueCodec<Value>, options: DecodingOptions) -> RecordEngines {
        let shared = SharedHandler(codec)
        return RecordEngines { RecordEngine(codec: shared.handler, options: options) }
    }

    /// These engines with `transform` run on each value they decode (see
    /// ``TransformingRecordEngine``): the one way a stream turns records into its output.
    func transformed<Output>(_ transform: @escaping @Sendable (Value) throws(JSONMapperError) -> Output) -> RecordEngines<Output> {
        RecordEngines<Output> { TransformingRecordEngine(inner: make(), transform: transform) }
    }
}

/// Runs the caller's transform on each value its engine decodes (see
/// `JSONRecordDecoder.records(_:from:transform:onRejection:)`), on the thread that decoded it:
/// in a parallel stream the value is made, used and freed on one worker, and only the output
/// crosses to the delivering thread. (Memory freed on another thread than the one that
/// allocated it takes the allocator's slow, locked path, which the allocating thread's own
/// allocations then contend for: the main cost of moving values between threads.)
///
/// Mapped models, schema rows and `Decodable` records all go through it, so a transform's error
/// is placed alike for each: it rejects the record whatever the invalid-value policy (without
/// an output there is nothing to deliver), and unless it names a place itself it is located at
/// the record's value, in the stream.
final class TransformingRecordEngine<Value, Output>: RecordDecoding {
    private let inner: any RecordDecoding<Value>
    private let transform: @Sendable (Value) throws(JSONMapperError) -> Output

    init(inner: any RecordDecoding<Value>, transform: @escaping @Sendable (Value) throws(JSONMapperError) -> Output) {
        self.inner = inner
        self.transform = transform
    }

    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, rawInputChecked: Bool, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> Output {
        let value = try inner.decode(bytes, at: origin, rawInputChecked: rawInputChecked, columns: columns, issues: &issues)
        do throws(JSONMapperError) {
            return try transform(value)
        } catch {
            throw error.located(at: Self.locationOfValue(in: bytes, at: origin))
        }
    }

    /// Where the record's value starts in the stream: its first byte after any white space.
    private static func locationOfValue(in bytes: UnsafeRawBufferPointer, at origin: InputOrigin) -> JSONLocation {
        var offset = 0
        var line = 1
        var lineStart = 0
        while offset < bytes.count, JSONParser.isWhitespace(bytes[offset]) {
            if bytes[offset] == 0x0A { line += 1; lineStart = offset + 1 }
            offset += 1
        }
        return origin.locate(JSONLocation(offset: offset, line: line, column: offset - lineStart + 1))
    }
}

/// Decodes records one after another, each as a document of its own, through one decoding
/// session: the same parser, codecs and coercions as the document decoder, with the session's
/// memory (arena, frames, element buffers) kept from record to record. One per worker.
final class RecordEngine<Value>: RecordDecoding {
    let options: DecodingOptions
    private let session: DecodingSession
    /// The root frame's result slot, reused by every record.
    private let root: RootSlot<Value>
    /// The memory of each record's yajl handle, reused by the next.
    private let parserMemory = YajlMemory()

    /// An engine that decodes each record with `codec` (a type's own, or a runtime schema's).
    init(codec: ValueCodec<Value>, options: DecodingOptions) {
        self.options = options
        session = DecodingSession(options: options, checksWholeDocument: true)
        root = RootSlot(codec: codec)
    }

    deinit { session.unwind() }

    /// (Not a tuple: unspecialized, a tuple of `Value` costs a metadata lookup per record.)
    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, rawInputChecked: Bool, columns: ColumnSink.Names? = nil,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> Value {
        session.prepareForNextDocument()
        defer { session.unwind() }
        root.push(onto: session)
        let sink = columns.map { ColumnSink(session: session, names: $0) } ?? session
        try JSONParser(sink: sink, limits: options.parserLimits, origin: origin, memory: parserMemory, rawInputChecked: rawInputChecked)
            .parseDocument(bytes)
        let value = try root.take()
        issues = session.issues.map(origin.locate)
        return value
    }
}
