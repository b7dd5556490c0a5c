import JSONMapper
import JSONMapperParquet

/// One output file's encoding of rows, apart from where its bytes go: a text layout or
/// Parquet. Rows are formatted on the decoding workers (``format``) and written in order on
/// the reading thread; the bytes gather in a buffer the owner drains. A single output
/// (``EncodedRows``) and every part of a partitioned one (``PartitionedRows``) write through one.
protocol RowEncoder {
    /// A row as the encoder keeps it between a worker and the writing thread.
    associatedtype Formatted: Sendable

    /// Formats a row's written cells, on a decoding worker; an error rejects the record.
    var format: @Sendable (JSONRow) throws(JSONMapperError) -> Formatted { get }

    /// Writes what comes before the rows (a CSV header, a JSON array's bracket).
    mutating func begin()

    /// Writes one formatted row.
    mutating func write(_ row: Formatted) throws(CommandFailure)

    /// Writes what comes after the rows (a JSON array's bracket, Parquet's footer).
    mutating func end() throws(CommandFailure)

    var bufferedBytes: [UInt8] { get }
    var bufferedByteCount: Int { get }
    mutating func removeBufferedBytes()
}

/// An encoder that also takes runs of rows the workers put together a block at a time, each
/// in a sink of its own (see ``RowRunOutput``).
protocol RowRunEncoder: RowEncoder {
    associatedtype Sink: RowBlockSink
    /// Makes each worker's sink.
    var blockSink: @Sendable () -> Sink { get }
    mutating func write(run: JSONRowRun<Sink.Block>) throws(CommandFailure)
}

/// Rows as CSV, TSV, JSON Lines or a JSON array, through ``JSONRowWriter``.
struct TextEncoder: RowRunEncoder {
    let format: @Sendable (JSONRow) throws(JSONMapperError) -> JSONFormattedRow
    private var writer: JSONRowWriter
    private let header: Bool

    /// Rows of `writer`'s schema and format, after the header row when `header` is set.
    init(writer: JSONRowWriter, header: Bool) {
        self.writer = writer
        self.header = header
        // The workers format through a copy of the writer: `formatted(_:)` reads only its layout.
        format = { (row) throws(JSONMapperError) in try writer.formatted(row) }
    }

    mutating func begin() { if header { writer.writeHeader() } }
    mutating func write(_ row: JSONFormattedRow) { writer.write(formatted: row) }
    var blockSink: @Sendable () -> TextBlockSink { writer.blockSink }
    mutating func write(run: JSONRowRun<[UInt8]>) { writer.write(run: run) }
    mutating func end() { writer.writeFooter() }
    var bufferedBytes: [UInt8] { writer.bufferedBytes }
    var bufferedByteCount: Int { writer.bufferedByteCount }
    mutating func removeBufferedBytes() { writer.removeBufferedBytes() }
}

/// Rows as a Parquet file, through ``JSONParquetWriter``: each worker converts its row's
/// cells into Parquet values, which the writing thread appends to the row group being filled.
struct ParquetEncoder: RowRunEncoder {
    let format: @Sendable (JSONRow) throws(JSONMapperError) -> [ParquetValue]
    private var writer: JSONParquetWriter

    init(writer: JSONParquetWriter) {
        self.writer = writer
        let mapping = writer.mapping
        format = { (row) throws(JSONMapperError) in try mapping.values(of: row) }
    }

    mutating func begin() {}

    mutating func write(_ row: [ParquetValue]) throws(CommandFailure) {
        do throws(JSONMapperError) {
            try writer.write(values: row)
        } catch {
            throw .usage("cannot write the Parquet file: \(error)")
        }
    }

    var blockSink: @Sendable () -> ParquetBlockSink { writer.blockSink }

    mutating func write(run: JSONRowRun<ParquetRowBlock>) throws(CommandFailure) {
        do throws(JSONMapperError) {
            try writer.write(run.rows)
        } catch {
            throw .usage("cannot write the Parquet file: \(error)")
        }
    }

    mutating func end() throws(CommandFailure) {
        do throws(JSONMapperError) {
            try writer.finish()
        } catch {
            throw .usage("cannot write the Parquet file: \(error)")
        }
    }

    var bufferedBytes: [UInt8] { writer.bufferedBytes }
    var bufferedByteCount: Int { writer.bufferedByteCount }
    mutating func removeBufferedBytes() { writer.removeBufferedBytes() }
}

/// Rows of one encoder to one output, drained in blocks of 64 KiB; to standard output also
/// before the run waits for more input, so a pipeline downstream gets what is done.
final class EncodedRows<Encoder: RowEncoder>: RowOutput {
    let format: @Sendable (JSONRow) throws(JSONMapperError) -> Encoder.Formatted
    private let file: OutputFile
    fileprivate var encoder: Encoder

    var output: OutputFile? { file }

    init(to file: OutputFile, encoder: Encoder) {
        self.file = file
        self.encoder = encoder
        format = encoder.format
        self.encoder.begin()
    }

    func write(_ row: Encoder.Formatted) throws {
        try encoder.write(row)
        if encoder.bufferedByteCount >= 1 << 16 { try flush() }
    }

    /// A file shows nothing before its commit: only standard output is flushed.
    func flushStream() throws {
        if file.isStandardOutput, encoder.bufferedByteCount > 0 { try flush() }
    }

    func finish() throws {
        try encoder.end()
        try flush()
    }

    fileprivate func flush() throws(CommandFailure) {
        try file.write(encoder.bufferedBytes)
        encoder.removeBufferedBytes()
    }
}

extension EncodedRows: RowRunOutput where Encoder: RowRunEncoder {
    var blockSink: @Sendable () -> Encoder.Sink { encoder.blockSink }

    func write(run: JSONRowRun<Encoder.Sink.Block>) throws {
        try encoder.write(run: run)
        if encoder.bufferedByteCount >= 1 << 16 { try flush() }
    }
}
