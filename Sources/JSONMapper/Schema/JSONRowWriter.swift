/// Writes rows of a ``JSONSchema`` as CSV, TSV, JSON Lines or a JSON array into a byte
/// buffer that the caller drains to its output (a file, a pipe) whenever it likes.
///
/// ```swift
/// var writer = JSONRowWriter(schema: schema, format: .csv)
/// writer.writeHeader()
/// for result in decoder.records(schema, from: .standardInput) {
///     try writer.write(result.get().value)
///     if writer.bufferedBytes.count >= 1 << 16 { flush(writer.bufferedBytes); writer.removeBufferedBytes() }
/// }
/// writer.writeFooter()
/// flush(writer.bufferedBytes)
/// ```
///
/// Cells are written straight into the buffer (numbers as digits, strings quoted or escaped
/// as they are copied), so writing a row makes no `String` for its numbers or booleans.
public struct JSONRowWriter: Sendable {
    /// The layout written.
    public var format: JSONRowFormat { layout.format }
    let layout: RowLayout
    private var writer = JSONWriter(options: EncodingOptions(), capacity: 1 << 17)
    /// Rows written so far (the JSON array puts a comma before every row but the first).
    public private(set) var rowCount = 0

    /// A writer of `schema`'s rows in `format`.
    public init(schema: JSONSchema, format: JSONRowFormat) {
        layout = RowLayout(schema: schema, format: format)
    }

    /// The bytes written and not yet removed.
    public var bufferedBytes: [UInt8] { writer.bytes }

    /// How many bytes are written and not yet removed.
    public var bufferedByteCount: Int { writer.bytes.count }

    /// Forgets the buffered bytes (once the caller has written them out), keeping the
    /// buffer's capacity.
    public mutating func removeBufferedBytes() { writer.removeWrittenBytes() }

    /// Writes what comes before the rows: the header row of CSV and TSV (the column names),
    /// the opening bracket of a JSON array. Call it once, first; leave it out for CSV or TSV
    /// without a header.
    public mutating func writeHeader() {
        switch format {
        case .csv, .tsv:
            for (index, name) in layout.names.enumerated() {
                if index > 0 { writer.writeRaw(layout.separator) }
                var name = name
                name.withUTF8 { layout.writeCell(text: $0, to: &writer) }
            }
            writer.writeRaw(UInt8(ascii: "\n"))
        case .json: writer.writeRaw(UInt8(ascii: "["))
        case .ndjson: break
        }
    }

    /// Writes what comes after the rows: the closing bracket of a JSON array.
    public mutating func writeFooter() {
        guard format == .json else { return }
        if rowCount > 0 { writer.writeRaw(UInt8(ascii: "\n")) }
        writer.writeRaw(UInt8(ascii: "]"))
        writer.writeRaw(UInt8(ascii: "\n"))
    }

    /// Writes one row. A cell that has no text in the format (a date outside the years
    /// 0000–9999 in an output format) throws ``JSONMapperError/invalidValue(path:reason:location:)``
    /// naming its column, and nothing of the row is written.
    public mutating func write(_ row: JSONRow) throws(JSONMapperError) {
        let start = writer.mark
        writeSeparator()
        do throws(JSONMapperError) {
            try layout.write(row, to: &writer)
        } catch {
            writer.rewind(to: start)
            throw error
        }
        rowCount += 1
    }

    /// The text ``write(_:)`` would add for `row`, apart from what separates the rows of a
    /// JSON array: for formatting rows on several threads (see
    /// `JSONRecordDecoder.records(_:from:transform:onRejection:)`), to be written in order
    /// with ``write(formatted:)``. Throws as ``write(_:)`` does.
    public func formatted(_ row: JSONRow) throws(JSONMapperError) -> JSONFormattedRow {
        var text = JSONWriter(options: EncodingOptions(), capacity: 256)
        try layout.write(row, to: &text)
        return JSONFormattedRow(text.bytes)
    }

    /// Writes a row that ``formatted(_:)`` made, of a writer of the same schema and format.
    public mutating func write(formatted row: JSONFormattedRow) {
        writeSeparator()
        row.withBytes { writer.writeRaw($0) }
        rowCount += 1
    }

    /// Makes a record stream worker's sink of this writer's rows, for runs written with
    /// ``write(run:)``.
    package var blockSink: @Sendable () -> TextBlockSink {
        { [layout] in TextBlockSink(layout: layout, capacity: 1 << 16) }
    }

    /// Writes a run of rows formatted together by a record stream's worker (see
    /// ``JSONRowRun``), of a writer of the same schema and format.
    package mutating func write(run: JSONRowRun<[UInt8]>) {
        run.rows.withUnsafeBufferPointer { (text) in
            // The run's rows each start with the separator of a row after another.
            let first = format == .json && rowCount == 0 && !text.isEmpty ? 1 : 0
            writer.writeRaw(UnsafeBufferPointer(rebasing: text[first...]))
        }
        rowCount += run.rowCount
    }

    /// What comes before a row: a line break, and a comma but before the first row, in a
    /// JSON array.
    private mutating func writeSeparator() {
        guard format == .json else { return }
        writer.writeRaw(UInt8(ascii: rowCount == 0 ? "\n" : ","))
        if rowCount > 0 { writer.writeRaw(UInt8(ascii: "\n")) }
    }
}

/// How a schema's rows are laid out in a format, apart from any buffer: shared by the
/// writer's own buffer, the rows it formats on their own, and the runs of rows a record
/// stream's workers format cell by cell (``beginRow(to:)``, ``beginCell(_:to:)``, …).
struct RowLayout: Sendable {
    let format: JSONRowFormat
    let formats: [ColumnFormat]
    let names: [String]
    /// Each column's `"name":` for JSON output, quoted and escaped once.
    let quotedKeys: [[UInt8]]

    init(schema: JSONSchema, format: JSONRowFormat) {
        self.format = format
        formats = schema.formats
        names = schema.columnNames
        quotedKeys = names.map { name in
            var key = JSONWriter(options: EncodingOptions(), capacity: name.utf8.count + 3)
            key.writeString(name)
            key.writeRaw(UInt8(ascii: ":"))
            return key.bytes
        }
    }

    var separator: UInt8 { UInt8(ascii: format == .tsv ? "\t" : ",") }

    /// The row's line (CSV, TSV, JSON Lines) or object (JSON array).
    func write(_ row: JSONRow, to writer: inout JSONWriter) throws(JSONMapperError) {
        beginRow(to: &writer)
        for index in formats.indices {
            beginCell(index, to: &writer)
            try writeCell(row.cells[index], column: index, to: &writer)
        }
        endRow(to: &writer)
    }

    // MARK: Rows cell by cell, and runs of rows

    /// What separates the rows of a run, formatted apart from the writer (see
    /// ``JSONRowWriter/write(run:)``): in a JSON array, a comma and a line break before every
    /// row (the writer drops the comma of the array's first row); nothing in other formats.
    func writeRunSeparator(to writer: inout JSONWriter) {
        guard format == .json else { return }
        writer.writeRaw(UInt8(ascii: ","))
        writer.writeRaw(UInt8(ascii: "\n"))
    }

    /// What starts a row: the brace of a JSON object.
    @inline(__always)
    func beginRow(to writer: inout JSONWriter) {
        if format == .ndjson || format == .json { writer.writeRaw(UInt8(ascii: "{")) }
    }

    /// What comes before the cell of column `index`: the separator, and the key in JSON.
    @inline(__always)
    func beginCell(_ index: Int, to writer: inout JSONWriter) {
        switch format {
        case .csv, .tsv:
            if index > 0 { writer.writeRaw(separator) }
        case .ndjson, .json:
            if index > 0 { writer.writeRaw(UInt8(ascii: ",")) }
            quotedKeys[index].withUnsafeBufferPointer { writer.writeRaw($0) }
        }
    }

    /// A string cell from its UTF-8: quoted for CSV, escaped for TSV, a JSON string otherwise.
    @inline(__always)
    func writeStringCell(_ text: UnsafeBufferPointer<UInt8>, to writer: inout JSONWriter) {
        switch format {
        case .csv: Self.quoteCSV(text, &writer)
        case .tsv: Self.escapeTSV(text, &writer)
        case .ndjson, .json: writer.writeString(utf8: text)
        }
    }

    /// Any cell of column `index`, in the format.
    func writeCell(_ cell: JSONCell, column index: Int, to writer: inout JSONWriter) throws(JSONMapperError) {
        do throws(JSONMapperError) {
            switch format {
            case .csv: try formats[index].writeText(cell, to: &writer, quoting: Self.quoteCSV)
            case .tsv: try formats[index].writeText(cell, to: &writer, quoting: Self.escapeTSV)
            case .ndjson, .json: try formats[index].writeJSON(cell, to: &writer)
            }
        } catch {
            throw error.inColumn(names[index])
        }
    }

    /// What ends a row: the line break of a table or JSON Lines, the brace of an object.
    @inline(__always)
    func endRow(to writer: inout JSONWriter) {
        switch format {
        case .csv, .tsv: writer.writeRaw(UInt8(ascii: "\n"))
        case .ndjson:
            writer.writeRaw(UInt8(ascii: "}"))
            writer.writeRaw(UInt8(ascii: "\n"))
        case .json: writer.writeRaw(UInt8(ascii: "}"))
        }
    }

    func writeCell(text: UnsafeBufferPointer<UInt8>, to writer: inout JSONWriter) {
        if format == .tsv { Self.escapeTSV(text, &writer) } else { Self.quoteCSV(text, &writer) }
    }

    /// A CSV cell: as it is, or quoted with its quotes doubled when RFC 4180 needs it (or a
    /// reader would trim its edge spaces).
    private static func quoteCSV(_ text: UnsafeBufferPointer<UInt8>, _ writer: inout JSONWriter) {
        guard needsQuotes(text) else { return writer.writeRaw(text) }
        writer.writeRaw(UInt8(ascii: "\""))
        var runStart = 0
        for i in text.indices where text[i] == UInt8(ascii: "\"") {
            writer.writeRaw(UnsafeBufferPointer(rebasing: text[runStart...i]))
            writer.writeRaw(UInt8(ascii: "\""))
            runStart = i + 1
        }
        writer.writeRaw(UnsafeBufferPointer(rebasing: text[runStart...]))
        writer.writeRaw(UInt8(ascii: "\""))
    }

    private static func needsQuotes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        if isEdgeSpace(first) || isEdgeSpace(last) { return true }
        for byte in text {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return true
            default: continue
            }
        }
        return false
    }

    private static func isEdgeSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// A TSV cell, with tabs, line breaks and backslashes escaped.
    private static func escapeTSV(_ text: UnsafeBufferPointer<UInt8>, _ writer: inout JSONWriter) {
        var runStart = 0
        for i in text.indices {
            let escape: UInt8
            switch text[i] {
            case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
            case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            default: continue
            }
            writer.writeRaw(UnsafeBufferPointer(rebasing: text[runStart..<i]))
            writer.writeRaw(UInt8(ascii: "\\"))
            writer.writeRaw(escape)
            runStart = i + 1
        }
        writer.writeRaw(UnsafeBufferPointer(rebasing: text[runStart...]))
    }
}


extension JSONMapperError {
    /// The error of a cell, placed at its column.
    fileprivate func inColumn(_ name: String) -> JSONMapperError {
        guard case .invalidValue(_, let reason, let location) = self else { return self }
        return .invalidValue(path: name, reason: reason, location: location)
    }
}
