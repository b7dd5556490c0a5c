/// Where a record stream's worker puts the rows of a block of records (see
/// ``PlannedRowEngine``): text laid out in one of ``JSONRowFormat``'s formats
/// (``TextBlockSink``), or typed columns (the Parquet writer's). One per worker.
///
/// A record's rows arrive cell by cell from the planned way (``beginRecord()``, rows of cells,
/// then ``commitRecord()``, or ``discardRecord()`` when the record goes the general way), or
/// whole from the general way (``append(_:)`` of what ``recordRows`` made on the worker).
package protocol RowBlockSink: SendableMetatype {
    /// The rows of a block, handed to the writing thread.
    associatedtype Block: Sendable
    /// One record's rows as the general way makes them.
    associatedtype RecordRows: Sendable

    /// Makes one record's rows (one, or one per element of an explode) into the sink's form,
    /// on the worker; an error rejects the record.
    var recordRows: @Sendable ([JSONRow]) throws(JSONMapperError) -> RecordRows { get }

    /// Keeps a record's rows made the general way.
    mutating func append(_ rows: RecordRows)

    mutating func beginRecord()
    mutating func beginRow()
    /// A string cell of column `column`, from valid UTF-8.
    mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>, column: Int)
    /// An integer cell from its canonical digits (see ``JSONWriter/writeInteger(_:)``).
    mutating func appendInteger(digits: UnsafeBufferPointer<UInt8>, column: Int)
    mutating func appendInteger(_ value: Int, column: Int)
    mutating func appendBool(_ value: Bool, column: Int)
    /// Any cell; `false` when the sink cannot hold it (the record then goes the general way,
    /// which reports why).
    mutating func append(_ cell: JSONCell, column: Int) -> Bool
    mutating func endRow()
    /// Keeps the record's rows; `false`, with nothing kept, when the sink cannot take them.
    mutating func commitRecord() -> Bool
    /// Forgets the rows of the record begun.
    mutating func discardRecord()

    /// The rows kept so far, leaving the sink empty.
    mutating func takeBlock() -> Block
}

/// Rows laid out as CSV, TSV, JSON Lines or a JSON array (see ``RowLayout``), for
/// ``JSONRowWriter/write(run:)``.
package struct TextBlockSink: RowBlockSink {
    private let layout: RowLayout
    private var writer: JSONWriter
    private var recordStart: JSONWriter.Mark
    private let capacity: Int

    /// A sink of `layout`'s rows, whose blocks start with room for `capacity` bytes.
    init(layout: RowLayout, capacity: Int) {
        self.layout = layout
        self.capacity = capacity
        writer = JSONWriter(options: EncodingOptions(), capacity: capacity)
        recordStart = writer.mark
    }

    package var recordRows: @Sendable ([JSONRow]) throws(JSONMapperError) -> [UInt8] {
        { [layout] (rows) throws(JSONMapperError) in
            var text = JSONWriter(options: EncodingOptions(), capacity: 256 * max(rows.count, 1))
            for row in rows {
                layout.writeRunSeparator(to: &text)
                try layout.write(row, to: &text)
            }
            return text.bytes
        }
    }

    package mutating func append(_ rows: [UInt8]) {
        rows.withUnsafeBufferPointer { writer.writeRaw($0) }
    }

    package mutating func beginRecord() { recordStart = writer.mark }

    package mutating func beginRow() {
        layout.writeRunSeparator(to: &writer)
        layout.beginRow(to: &writer)
    }

    package mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>, column: Int) {
        layout.beginCell(column, to: &writer)
        layout.writeStringCell(utf8, to: &writer)
    }

    package mutating func appendInteger(digits: UnsafeBufferPointer<UInt8>, column: Int) {
        layout.beginCell(column, to: &writer)
        writer.writeRaw(digits)
    }

    package mutating func appendInteger(_ value: Int, column: Int) {
        layout.beginCell(column, to: &writer)
        writer.writeInteger(value)
    }

    package mutating func appendBool(_ value: Bool, column: Int) {
        layout.beginCell(column, to: &writer)
        writer.writeBool(value)
    }

    package mutating func append(_ cell: JSONCell, column: Int) -> Bool {
        layout.beginCell(column, to: &writer)
        do throws(JSONMapperError) {
            try layout.writeCell(cell, column: column, to: &writer)
            return true
        } catch {
            return false
        }
    }

    package mutating func endRow() { layout.endRow(to: &writer) }

    package mutating func commitRecord() -> Bool { true }

    package mutating func discardRecord() { writer.rewind(to: recordStart) }

    package mutating func takeBlock() -> [UInt8] {
        defer {
            writer = JSONWriter(options: EncodingOptions(), capacity: capacity)
            recordStart = writer.mark
        }
        return writer.bytes
    }
}
