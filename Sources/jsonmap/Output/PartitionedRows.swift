import Foundation
import JSONMapper
import JSONMapperCompression

/// `--partition-by`: rows written under Hive-style directories, one per distinct tuple of the
/// partition columns' values, `col=value/` nested in the columns' order, each holding
/// `part-N.EXT` files of the other columns (the partition columns are left out of the files:
/// their values are in the path, as DuckDB and Spark write them).
///
/// A value is written as its column's text in CSV (a date in its output format), escaped as
/// Hive escapes path names: `%` and then two uppercase hex digits for each byte of a control
/// character, `"`, `#`, `%`, `'`, `*`, `/`, `:`, `=`, `?`, `\`, `{`, `[`, `]`, `^` or DEL; other
/// bytes as they are. Readers (DuckDB, pyarrow, Spark) decode the same `%XX` escapes. A null
/// or empty value is `__HIVE_DEFAULT_PARTITION__`, which the readers take as null.
///
/// At most `maxOpenFiles` files are open: opening one more first closes the file written
/// least recently, and later rows of its partition go to a new part (`part-1`, …). Every
/// file is written under a temporary directory that is renamed into place when the run
/// completes (``OutputDirectory``).
final class PartitionedRows<Encoder: RowEncoder>: RowOutput {
    typealias Row = PartitionedRow<Encoder.Formatted>

    let format: @Sendable (JSONRow) throws(JSONMapperError) -> Row
    var output: OutputFile? { nil }
    private let directory: OutputDirectory
    private let names: [String]
    private let makeEncoder: () -> Encoder
    private let fileExtension: String
    private let compression: CompressionFormat?
    private let maxOpenFiles: Int
    private var open: [[String?]: Part] = [:]
    /// The number of the next part of each partition seen.
    private var nextPart: [[String?]: Int] = [:]
    private var clock = 0

    /// Rows partitioned by `keys` (a layout of their column indices and names) into
    /// `directory`, each file made by `makeEncoder` (an encoder of the other columns, whose
    /// `format` is given the row without the partition columns) and named `part-N.EXT`,
    /// compressed in `compression` when given.
    init(into directory: OutputDirectory, keys: PartitionKeys, encoder makeEncoder: @escaping () -> Encoder,
         fileExtension: String, compression: CompressionFormat?, maxOpenFiles: Int) {
        self.directory = directory
        names = keys.names
        self.makeEncoder = makeEncoder
        self.fileExtension = fileExtension
        self.compression = compression
        self.maxOpenFiles = maxOpenFiles
        format = PartitionedRow.format(keys: keys, rest: makeEncoder().format)
    }

    func write(_ row: Row) throws {
        let part = try self.part(for: row.partition)
        clock += 1
        part.lastUse = clock
        try part.encoder.write(row.row)
        if part.encoder.bufferedByteCount >= 1 << 16 { try part.flush() }
    }

    /// Files show nothing before the directory's commit.
    func flushStream() {}

    func finish() throws {
        for part in open.values { try part.close() }
        open = [:]
    }

    func commit() throws {
        try directory.commit()
    }

    func discard() {
        open = [:]
        directory.discard()
    }

    var outputName: String { directory.path }

    /// The open part of `partition`, opening one (and closing the least recently written
    /// part when that many are open).
    private func part(for partition: [String?]) throws(CommandFailure) -> Part {
        if let part = open[partition] { return part }
        if open.count >= maxOpenFiles, let (oldest, part) = open.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            try part.close()
            open[oldest] = nil
        }
        let number = nextPart[partition, default: 0]
        nextPart[partition] = number + 1
        let folder = PartitionKeys.path(names: names, values: partition)
        let name = "part-\(number).\(fileExtension)" + (compression.map { $0 == .gzip ? ".gz" : ".zst" } ?? "")
        let part = try Part(path: try directory.file(in: folder, named: name), encoder: makeEncoder(), compression: compression)
        open[partition] = part
        return part
    }

    /// One open file and its encoder.
    private final class Part {
        let path: String
        var encoder: Encoder
        var lastUse = 0
        private let handle: FileHandle
        private let compressor: ByteCompressor?

        init(path: String, encoder: Encoder, compression: CompressionFormat?) throws(CommandFailure) {
            self.path = path
            self.encoder = encoder
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw .usage("\(path): cannot create the output file: \(systemError())")
            }
            self.handle = handle
            do throws(JSONMapperError) {
                compressor = try compression.map { (format) throws(JSONMapperError) in try ByteCompressor(format) }
            } catch {
                throw .usage("\(path): cannot write the output file: \(error)")
            }
            self.encoder.begin()
        }

        func flush() throws(CommandFailure) {
            let bytes = encoder.bufferedBytes
            encoder.removeBufferedBytes()
            try write(bytes)
        }

        func close() throws(CommandFailure) {
            try encoder.end()
            try flush()
            if let compressor { try write(try compressed { () throws(JSONMapperError) in try compressor.finish() }) }
            do { try handle.close() } catch { throw .usage("\(path): cannot write the output file: \(error)") }
        }

        private func write(_ bytes: [UInt8]) throws(CommandFailure) {
            let out = try compressor.map { (compressor) throws(CommandFailure) in
                try compressed { () throws(JSONMapperError) in try compressor.compress(bytes) }
            } ?? bytes
            do { try handle.write(contentsOf: out) } catch { throw .usage("\(path): write failed: \(error)") }
        }

        private func compressed(_ body: () throws(JSONMapperError) -> [UInt8]) throws(CommandFailure) -> [UInt8] {
            do throws(JSONMapperError) { return try body() } catch { throw .usage("\(path): cannot write the output file: \(error)") }
        }
    }
}

/// A row's partition and its formatted cells, made on a worker.
struct PartitionedRow<Formatted: Sendable>: Sendable {
    let partition: [String?]
    let row: Formatted

    /// Splits each row into its partition and the row of the other columns, which `rest` formats.
    static func format(keys: PartitionKeys, rest: @escaping @Sendable (JSONRow) throws(JSONMapperError) -> Formatted)
        -> @Sendable (JSONRow) throws(JSONMapperError) -> PartitionedRow {
        { (row) throws(JSONMapperError) in
            let (partition, cells) = try keys.split(row)
            return PartitionedRow(partition: partition, row: try rest(cells))
        }
    }
}

/// The partition columns of a schema: which cells make a row's partition, its directory
/// names, and the row of the other columns.
struct PartitionKeys: Sendable {
    /// The partition columns' indices in the schema, in `--partition-by` order.
    let indices: [Int]
    /// Their names.
    let names: [String]
    /// The other columns' indices, in schema order.
    let restIndices: [Int]
    /// Formats the partition cells as TSV: a column's text in the CSV and TSV formats (a date
    /// in its output format), with only tabs, line breaks and backslashes escaped.
    private let text: JSONRowWriter

    /// The value Hive, Spark and DuckDB read as null.
    static let nullValue = "__HIVE_DEFAULT_PARTITION__"

    /// The partition columns `names` of `schema`.
    init(_ names: [String], of schema: JSONSchema) throws(CommandFailure) {
        var indices: [Int] = []
        for name in names {
            guard let index = schema.columns.firstIndex(where: { $0.name == name }) else {
                throw .usage("--partition-by: no column is named \(name)")
            }
            guard !indices.contains(index) else { throw .usage("--partition-by: \(name) is named twice") }
            indices.append(index)
        }
        guard indices.count < schema.columns.count else {
            throw .usage("--partition-by: every column is a partition column; the files would have none")
        }
        self.indices = indices
        self.names = names
        restIndices = schema.columns.indices.filter { !indices.contains($0) }
        text = JSONRowWriter(schema: try Self.schema(of: indices, in: schema), format: .tsv)
    }

    /// A schema of the columns at `indices`, for writers of rows already decoded: their names,
    /// types and whether they may be empty (an ordinal column is the integer it is; with an
    /// explode, any column may be empty).
    static func schema(of indices: [Int], in schema: JSONSchema) throws(CommandFailure) -> JSONSchema {
        let columns = indices.map { (index) in
            var column = schema.columns[index]
            if case .ordinal = column.type { column.type = .int }
            if schema.explode != nil { column.isRequired = false }
            return column
        }
        do {
            return try JSONSchema(columns: columns, coercion: schema.coercion)
        } catch {
            throw .usage("--partition-by: \(error)")
        }
    }

    /// A row's partition values (`nil` for a null or empty value) and the row of the other columns.
    func split(_ row: JSONRow) throws(JSONMapperError) -> ([String?], JSONRow) {
        let keyRow = JSONRow(cells: indices.map { row.cells[$0] })
        let line = try text.formatted(keyRow).bytes.dropLast()  // the line break
        let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        var values: [String?] = []
        for (position, field) in fields.enumerated() {
            values.append(keyRow.cells[position] == .null || field.isEmpty ? nil : Self.unescapeTSV(field))
        }
        return (values, JSONRow(cells: restIndices.map { row.cells[$0] }))
    }

    private static func unescapeTSV(_ field: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
                default: bytes.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `a=1/b=x%2Fy`: the directory of a partition, below the output directory.
    static func path(names: [String], values: [String?]) -> String {
        zip(names, values).map { "\(escape($0))=\($1.map(escape) ?? nullValue)" }.joined(separator: "/")
    }

    /// A name or value as a path segment, Hive's way: the bytes Hive escapes as `%XX`.
    static func escape(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || escapedASCII.contains(byte) {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let escapedASCII = Set("\"#%'*/:=?\\{[]^".utf8)
}

/// A directory output written under a temporary name beside its path and renamed into place
/// by ``commit()``, so that readers see all of it or none: a failed, stopped or interrupted
/// run leaves nothing (the temporary directory is listed in ``TemporaryFiles``, which removes
/// it on every other way out of the process). An existing directory at the path is refused
/// unless it may be replaced; it is then moved aside at the commit and removed after.
final class OutputDirectory {
    /// The path the directory appears at.
    let path: String
    private let temporaryPath: String
    private let replaces: Bool
    private var isOpen = true

    init(path: String, overwrite: Bool) throws(CommandFailure) {
        self.path = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        replaces = overwrite
        if FileManager.default.fileExists(atPath: self.path), !overwrite {
            throw .usage("\(self.path): the output directory exists (give --overwrite to replace it)")
        }
        temporaryPath = try TemporaryFiles.shared.createDirectory(beside: self.path)
    }

    /// The path of a new file `name` in the folder `folder` (made when missing).
    func file(in folder: String, named name: String) throws(CommandFailure) -> String {
        let directory = temporaryPath + "/" + folder
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .usage("\(path)/\(folder): cannot create the partition directory: \(error.localizedDescription)")
        }
        return directory + "/" + name
    }

    /// Moves the directory into place (an existing one, when it may be replaced, aside first).
    func commit() throws(CommandFailure) {
        guard isOpen else { return }
        isOpen = false
        var aside: String?
        if replaces, FileManager.default.fileExists(atPath: path) {
            let old = temporaryPath + ".old"
            guard rename(path, old) == 0 else { throw failure("cannot move the existing directory aside") }
            aside = old
        }
        guard rename(temporaryPath, path) == 0 else {
            let message = failure("cannot rename the output directory into place")
            if let aside { _ = rename(aside, path) }
            TemporaryFiles.shared.discardDirectory(temporaryPath)
            throw message
        }
        TemporaryFiles.shared.forgetDirectory(temporaryPath)
        if let aside { try? FileManager.default.removeItem(atPath: aside) }
    }

    /// Removes the temporary directory and all in it.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        TemporaryFiles.shared.discardDirectory(temporaryPath)
    }

    private func failure(_ what: String) -> CommandFailure {
        .usage("\(path): \(what): \(systemError())")
    }
}
