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
    private let layout: Layout
    private var writer = JSONWriter(options: EncodingOptions(), capacity: 1 << 17)
    /// Rows written so far (the JSON array puts a comma before every row but the first).
    public private(set) var rowCount = 0

    /// A writer of `schema`'s rows in `format`.
    public init(schema: JSONSchema, format: JSONRowFormat) {
        layout = Layout(schema: schema, format: format)
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

    /// What comes before a row: a line break, and a comma but before the first row, in a
    /// JSON array.
    private mutating func writeSeparator() {
        guard format == .json else { return }
        writer.writeRaw(UInt8(ascii: rowCount == 0 ? "\n" : ","))
        if rowCount > 0 { writer.writeRaw(UInt8(ascii: "\n")) }
    }
}

/// How a schema's rows are laid out in a format, apart from any buffer: shared by the
/// writer's own buffer and the rows it formats on their own.
private struct Layout: Sendable {
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
        switch format {
        case .csv, .tsv: try writeTableRow(row, to: &writer)
        case .ndjson, .json: try writeObject(row, to: &writer)
        }
    }

    private func writeTableRow(_ row: JSONRow, to writer: inout JSONWriter) throws(JSONMapperError) {
        let separator = separator
        let quoting: (UnsafeBufferPointer<UInt8>, inout JSONWriter) -> Void
        if format == .tsv { quoting = Self.escapeTSV } else { quoting = Self.quoteCSV }
        for index in formats.indices {
            if index > 0 { writer.writeRaw(separator) }
            do throws(JSONMapperError) {
                try formats[index].writeText(row.cells[index], to: &writer, quoting: quoting)
            } catch {
                throw error.inColumn(names[index])
            }
        }
        writer.writeRaw(UInt8(ascii: "\n"))
    }

    private func writeObject(_ row: JSONRow, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeRaw(UInt8(ascii: "{"))
        for index in formats.indices {
            if index > 0 { writer.writeRaw(UInt8(ascii: ",")) }
            quotedKeys[index].withUnsafeBufferPointer { writer.writeRaw($0) }
            do throws(JSONMapperError) {
                try formats[index].writeJSON(row.cells[index], to: &writer)
            } catch {
                throw error.inColumn(names[index])
            }
        }
        writer.writeRaw(UInt8(ascii: "}"))
        if format == .ndjson { writer.writeRaw(UInt8(ascii: "\n")) }
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
