import Dispatch
/// How ``ParquetWriter`` lays out a file.
public struct ParquetWriterOptions: Sendable {
    /// How pages are compressed: zstd by default.
    public var compression: ParquetCompression = .zstd
    /// The codec's level, one of ``ParquetCompression/levels``; `nil` (the default) takes
    /// ``ParquetCompression/defaultLevel``. A codec without levels takes none.
    public var compressionLevel: Int?
    /// The rows of a row group (the last may have fewer): 122,880 by default, as DuckDB's.
    /// The writer holds one row group's values in memory.
    public var rowGroupSize = 122_880
    /// The PLAIN size of the values past which a data page ends (at the next row): 1 MiB.
    public var pageSize = 1 << 20
    /// The rows past which a data page ends: 20,000.
    public var pageRowLimit = 20_000
    /// The PLAIN size of a chunk's dictionary past which the chunk's strings are written
    /// PLAIN instead of dictionary-encoded: 1 MiB.
    public var dictionarySizeLimit = 1 << 20
    /// The file's `created_by`, in the `NAME version X (build Y)` form readers parse. Not a
    /// parquet-mr or parquet-cpp string: readers distrust those writers' old statistics.
    public var createdBy = "jsonmap version \(ParquetWriter.version) (build \(ParquetWriter.build))"

    /// The default options.
    public init() {}

    /// Throws when ``compressionLevel`` is not one of the codec's levels.
    func checkCompressionLevel() throws(ParquetError) {
        guard let level = compressionLevel else { return }
        guard let levels = compression.levels else {
            throw .invalidOption("\(compression.rawValue) compression has no levels (level \(level) was given)")
        }
        guard levels.contains(level) else {
            throw .invalidOption("\(compression.rawValue) compression levels are \(levels.lowerBound)–\(levels.upperBound), not \(level)")
        }
    }
}

/// Writes a Parquet file front to back into a byte buffer that the caller drains to its
/// output (a file, a pipe) whenever it likes, as ``JSONRowWriter`` does for text: `PAR1`,
/// each row group's column chunks once the group is full and encoded (on other threads,
/// while the next group fills), and at ``finish()`` the last groups and the footer
/// (`FileMetaData` in the Thrift compact protocol), its length and `PAR1` again. Nothing
/// is ever written before what is already out, so the output may be a pipe.
///
/// ```swift
/// var writer = try ParquetWriter(columns: [ParquetColumn("id", kind: .int64, optional: false),
///                                          ParquetColumn("name", kind: .string)])
/// try writer.write(row: [.int64(1), .string("ada")])
/// try writer.finish()
/// output.write(writer.bufferedBytes)
/// ```
///
/// Rows arrive one by one (``write(row:)``) or in blocks a worker filled
/// (``write(_:)``), in order; either way they fill row groups of
/// ``ParquetWriterOptions/rowGroupSize`` rows.
public struct ParquetWriter: Sendable {
    /// The version `created_by` names.
    public static let version = "1.0.0"
    /// The build `created_by` names: the writer's own layout revision.
    public static let build = "parquet-writer-1"

    /// The file's columns.
    public let columns: [ParquetColumn]
    /// The layout options.
    public let options: ParquetWriterOptions
    /// The rows of the row group being filled.
    private var group: ParquetRowBlock
    /// The full row group before it, being encoded on other threads while `group` fills; its
    /// chunks join `output` at the next flush or at ``finish()``.
    private var encoding: EncodingRowGroup?
    private var rowGroups: [ParquetMetadata.RowGroup] = []
    private var output: [UInt8] = Array(ParquetWriter.magic)
    /// The file offset of `output`'s first byte: the bytes drained before it.
    private var drained: Int64 = 0
    /// The rows written so far, in finished row groups and the group being filled.
    public private(set) var rowCount = 0
    /// Whether ``finish()`` has written the footer.
    public private(set) var isFinished = false

    private static let magic = Array("PAR1".utf8)

    /// A writer of a file of `columns`.
    ///
    /// - Throws: ``ParquetError/invalidSchema(_:)`` for no columns, a nameless or repeated
    ///   column, a bad decimal precision or scale, or options out of range.
    public init(columns: [ParquetColumn], options: ParquetWriterOptions = ParquetWriterOptions()) throws(ParquetError) {
        guard !columns.isEmpty else { throw .invalidSchema("a file needs at least one column") }
        var names = Set<String>()
        for column in columns {
            try column.validate()
            guard names.insert(column.name).inserted else { throw .invalidSchema("two columns are named \(column.name)") }
        }
        guard options.rowGroupSize > 0, options.pageSize > 0, options.pageRowLimit > 0, options.dictionarySizeLimit >= 0 else {
            throw .invalidSchema("row group size, page size and page row limit must be positive")
        }
        try options.checkCompressionLevel()
        self.columns = columns
        self.options = options
        group = ParquetRowBlock(columns)
    }

    /// The bytes written and not yet removed.
    public var bufferedBytes: [UInt8] { output }

    /// How many bytes are written and not yet removed.
    public var bufferedByteCount: Int { output.count }

    /// Forgets the buffered bytes (once the caller has written them out).
    public mutating func removeBufferedBytes() {
        drained += Int64(output.count)
        output.removeAll(keepingCapacity: true)
    }

    /// Writes one row, a value per column. A full row group starts encoding on other threads;
    /// its bytes join the buffer when the next group is full, or at ``finish()``.
    ///
    /// - Throws: ``ParquetError/invalidValue(column:reason:)`` when a value does not fit its
    ///   column (nothing of the row is written), or a compression failure.
    public mutating func write(row: [ParquetValue]) throws(ParquetError) {
        precondition(!isFinished, "writing after finish()")
        try group.append(row: row)
        rowCount += 1
        if group.rowCount >= options.rowGroupSize { try flushRowGroup() }
    }

    /// Writes the rows of `block`, a block of the file's columns, after those before it.
    public mutating func write(_ block: ParquetRowBlock) throws(ParquetError) {
        precondition(!isFinished, "writing after finish()")
        precondition(block.columns.map(\.column) == columns, "a block of other columns")
        var start = 0
        while start < block.rowCount {
            let taken = min(block.rowCount - start, options.rowGroupSize - group.rowCount)
            group.append(contentsOf: block, rows: start..<(start + taken))
            start += taken
            rowCount += taken
            if group.rowCount >= options.rowGroupSize { try flushRowGroup() }
        }
    }

    /// Writes the last row groups and the footer. Call it once, last.
    public mutating func finish() throws(ParquetError) {
        precondition(!isFinished, "finish() called twice")
        try appendEncodedRowGroup()
        if group.rowCount > 0 {
            try append(ColumnChunks.encode(group.columns, options: options), rowCount: group.rowCount)
            group.removeAll()
        }
        var schema = [ParquetMetadata.SchemaElement(name: "schema", childCount: Int32(columns.count))]
        schema += columns.map(\.schemaElement)
        let footer = ThriftCompactEncoder.encode(ParquetMetadata.FileMetaData(
            schema: schema, rowCount: Int64(rowCount), rowGroups: rowGroups, createdBy: options.createdBy).thrift)
        output.append(contentsOf: footer)
        PlainEncoding.append(UInt32(footer.count), to: &output)
        output.append(contentsOf: Self.magic)
        isFinished = true
    }

    /// Starts encoding the group being filled, on other threads, and starts the next, once the
    /// group before is written out. So the caller goes on (reading, decoding the next rows)
    /// while a group is encoded: a caller that also feeds workers would otherwise leave them
    /// idle for the encoding's length. At most one group is in flight.
    private mutating func flushRowGroup() throws(ParquetError) {
        try appendEncodedRowGroup()
        encoding = EncodingRowGroup(group.columns, rowCount: group.rowCount, options: options)
        group.removeAll()
    }

    /// Writes out the group in flight, if any, once it is encoded.
    private mutating func appendEncodedRowGroup() throws(ParquetError) {
        guard let encoding else { return }
        self.encoding = nil
        try append(encoding.chunks, rowCount: encoding.rowCount)
    }

    /// Writes a row group's encoded chunks in column order, with their offsets in the file.
    private mutating func append(_ encoded: [ColumnChunks.Encoded], rowCount: Int) throws(ParquetError) {
        var chunks: [ParquetMetadata.ColumnChunk] = []
        for result in encoded {
            var (chunk, bytes) = try result.get()
            chunk.move(by: drained + Int64(output.count))
            output.append(contentsOf: bytes)
            chunks.append(chunk)
        }
        rowGroups.append(ParquetMetadata.RowGroup(columns: chunks, rowCount: Int64(rowCount), ordinal: Int16(exactly: rowGroups.count)))
    }
}

/// A row group's column chunks being encoded on a global queue: a value once done, which every
/// copy of the writer that holds it reads alike.
// Sendable: `encoded` is written once, by the encoding task, before `done` is left, and read
// only after waiting on `done`.
private final class EncodingRowGroup: @unchecked Sendable {
    let rowCount: Int
    private let done = DispatchGroup()
    private var encoded: [ColumnChunks.Encoded] = []

    init(_ columns: [ParquetColumnBuffer], rowCount: Int, options: ParquetWriterOptions) {
        self.rowCount = rowCount
        done.enter()
        DispatchQueue.global().async { [self] in
            encoded = ColumnChunks.encode(columns, options: options)
            done.leave()
        }
    }

    /// The chunks, once encoded (waits until they are).
    var chunks: [ColumnChunks.Encoded] {
        done.wait()
        return encoded
    }
}

/// A row group's column chunks encoded concurrently, on the cores there are (a chunk's
/// dictionary, pages and compression depend on its column alone), each as if it began the file.
private enum ColumnChunks {
    typealias Encoded = Result<(ParquetMetadata.ColumnChunk, [UInt8]), ParquetError>

    static func encode(_ columns: [ParquetColumnBuffer], options: ParquetWriterOptions) -> [Encoded] {
        let encoder = ColumnChunkEncoder(options: options)
        let results = Results(count: columns.count)
        DispatchQueue.concurrentPerform(iterations: columns.count) { (index) in
            var bytes: [UInt8] = []
            do throws(ParquetError) {
                let chunk = try encoder.encode(columns[index], at: 0, into: &bytes)
                results.set(index, .success((chunk, bytes)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        return results.all
    }

    /// One result per column, each written by the one iteration of its index. Raw memory, not an
    /// array: iterations write their own slots at once, which an `Array`'s exclusive access
    /// would forbid.
    // Sendable: every slot is written once, by its own iteration, and read only after
    // `concurrentPerform` has returned.
    private final class Results: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Encoded?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func set(_ index: Int, _ result: Encoded) { slots[index] = result }

        var all: [Encoded] { slots.map { $0! } }
    }
}
