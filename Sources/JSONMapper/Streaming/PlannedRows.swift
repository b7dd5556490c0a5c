import CYajlCallbacks

/// One worker's decoder of a schema's records into runs of formatted rows (``JSONRowRun``),
/// a run per block between rejections: the block sink of the text formats.
///
/// A record goes the planned way when it can: the C recorder follows the schema's
/// ``RecordPlan`` through the record, noting only the values the columns read, and the row is
/// formatted from those values straight into the run, one Swift call per record and per cell.
/// Any record the planned way cannot vouch for (malformed, over a limit, shaped otherwise than
/// the plan expects, a value that does not convert at once) is decoded again the general way,
/// by the same engine and transform as every other record stream, which says exactly what is
/// wrong or makes the same row. So the planned way only ever shortcuts to the general way's
/// result: errors, positions and rejections are the general way's, and so is every cell.
final class PlannedRowEngine: RecordDecoding {
    private let layout: RowLayout
    /// The general way: the schema's row decoded and formatted as one record's run.
    private let general: RecordEngine<[UInt8]>
    private let planned: PlannedCells?

    init(schema: JSONSchema, layout: RowLayout, options: DecodingOptions) {
        self.layout = layout
        let codec = RecordTransformCodec(inner: schema.codec, transform: { (row) throws(JSONMapperError) -> [UInt8] in
            var text = JSONWriter(options: EncodingOptions(), capacity: 256)
            layout.writeRunSeparator(to: &text)
            try layout.write(row, to: &text)
            return text.bytes
        })
        general = RecordEngine(codec: codec, options: options)
        // Other policies keep values the planned way would have to vouch for one by one.
        let plan = options.invalidValuePolicy == .throw ? schema.plan : nil
        planned = plan.map { PlannedCells(plan: $0, schema: schema, layout: layout, options: options) }
    }

    var decodesWholeBlocks: Bool { true }

    /// One record's run, the general way (the stream decodes whole blocks; see ``outcomes(of:limits:columns:)``).
    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> JSONRowRun {
        JSONRowRun(bytes: try general.decode(bytes, at: origin, columns: columns, issues: &issues), records: 1, rows: 1)
    }

    func outcomes(of block: RecordBlock, limits: RecordFramer.Limits, columns: ColumnSink.Names?) -> [RecordOutcome<JSONRowRun>] {
        var outcomes: [RecordOutcome<JSONRowRun>] = []
        var run = RunInProgress(capacity: block.bytes.count / 2)
        var cursor = BlockCursor(block)
        // Array records read through column names go the general way, which names them.
        let planned = columns == nil ? planned : nil
        while let record = cursor.next() {
            if let tooLong: RecordOutcome<JSONRowRun> = limits.rejectionIfTooLong(record) {
                run.end(into: &outcomes)
                outcomes.append(tooLong)
                continue
            }
            if let planned, planned.appendRow(of: record.bytes, to: &run.writer) {
                run.add(record)
                continue
            }
            do throws(JSONMapperError) {
                var issues: [JSONMapperError] = []
                let text = try general.decode(record.bytes, at: record.span.origin, columns: columns, issues: &issues)
                text.withUnsafeBufferPointer { run.writer.writeRaw($0) }
                run.add(record)
            } catch {
                run.end(into: &outcomes)
                let outcome: RecordOutcome<JSONRowRun> = limits.outcome(of: record, failingWith: error, in: block)
                outcomes.append(outcome)
                if case .ended = outcome { return outcomes }
            }
        }
        run.end(into: &outcomes)
        return outcomes
    }
}

/// The rows of consecutive records being formatted into one run.
private struct RunInProgress {
    var writer: JSONWriter
    private var records = 0
    private var line = 0
    private var range = 0..<0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 4096)
        writer = JSONWriter(options: EncodingOptions(), capacity: self.capacity)
    }

    /// Counts `record`, whose row has been written.
    mutating func add(_ record: BlockCursor.Record) {
        if records == 0 {
            line = record.span.origin.line
            range = record.streamRange
        }
        range = range.lowerBound..<record.streamRange.upperBound
        records += 1
    }

    /// Hands the run on as an outcome, if it has records, and starts the next.
    mutating func end(into outcomes: inout [RecordOutcome<JSONRowRun>]) {
        guard records > 0 else { return }
        outcomes.append(.decodedRun(JSONRowRun(bytes: writer.bytes, records: records, rows: records), records: records, line: line, range: range))
        writer = JSONWriter(options: EncodingOptions(), capacity: capacity)
        records = 0
    }
}

/// The planned way of one worker: the C recorder, and the cells formatted from its values.
private final class PlannedCells {
    /// How a column's cell is made from a noted value without a conversion, when it can be.
    private enum Shortcut {
        /// A string's text (and leniently a number's).
        case string
        /// A number's digits when they are an integer's canonical text.
        case integer
        case bool
        /// An array's element count.
        case count
        /// Always through the column's conversion.
        case none
    }

    private let plan: RecordPlan
    private let layout: RowLayout
    private let recorder: UnsafeMutablePointer<cyajl_recorder>
    private let shortcuts: [Shortcut]
    private let isRequired: [Bool]
    private let properties: [PropertyMeta]
    private let defaults: [JSONCell]
    private let isLenient: Bool
    private let maxDocumentBytes: Int
    /// Converts a noted scalar through its column's property, as the general way does.
    private let session: DecodingSession
    /// The row the properties write their cells into.
    private var scratch: JSONRow

    init(plan: RecordPlan, schema: JSONSchema, layout: RowLayout, options: DecodingOptions) {
        self.plan = plan
        self.layout = layout
        recorder = cyajlplan_recorder_create(plan.plan, options.maxStringBytes ?? .max, options.maxNumberBytes ?? .max, options.maxDepth)
        shortcuts = schema.columns.map { (column) in
            switch column.type {
            case .string: .string
            case .int: .integer
            case .bool: .bool
            case .count: .count
            default: .none
            }
        }
        isRequired = schema.columns.map(\.isRequired)
        properties = schema.codec.meta.properties
        defaults = schema.codec.templateCells
        isLenient = options.coercion == .lenient
        maxDocumentBytes = options.maxDocumentBytes ?? .max
        session = DecodingSession(options: options, checksWholeDocument: true)
        scratch = JSONRow(cells: defaults)
    }

    deinit { cyajlplan_recorder_free(recorder) }

    /// Appends the row of the record in `bytes` to `writer`; `false` (with nothing written)
    /// when the record must go the general way.
    func appendRow(of bytes: UnsafeRawBufferPointer, to writer: inout JSONWriter) -> Bool {
        guard bytes.count <= maxDocumentBytes, Self.passesInputChecks(bytes),
              cyajlplan_record(recorder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count) != 0 else { return false }
        let mark = writer.mark
        layout.writeRunSeparator(to: &writer)
        layout.beginRow(to: &writer)
        for column in plan.columns.indices {
            layout.beginCell(column, to: &writer)
            guard writeCell(column, to: &writer) else {
                writer.rewind(to: mark)
                return false
            }
        }
        layout.endRow(to: &writer)
        return true
    }

    /// The checks of what yajl lets through (see ``RawInputCheck``), in one pass over the bytes.
    private static func passesInputChecks(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var raw = RawInputCheck()
        var surrogates = SurrogateEscapeCheck()
        return raw.firstFault(in: bytes) == nil && raw.faultAtEnd() == nil && surrogates.firstLoneSurrogate(in: bytes) == nil
    }

    /// The noted value of `column`: the one present path's. `nil` with `isAmbiguous` when
    /// several of its paths are present (which one wins is the general way's to say).
    private func value(of column: Int) -> (value: UnsafePointer<cyajl_plan_value>?, isAmbiguous: Bool) {
        let slots = plan.columns[column].slots
        if slots.count == 1 { return (cyajlplan_value(recorder, slots[0]), false) }
        var found: UnsafePointer<cyajl_plan_value>?
        for slot in slots {
            guard let value = cyajlplan_value(recorder, slot) else { continue }
            if found != nil { return (nil, true) }
            found = value
        }
        return (found, false)
    }

    /// Writes the cell of `column`; `false` when the general way must decide it.
    private func writeCell(_ column: Int, to writer: inout JSONWriter) -> Bool {
        let (found, isAmbiguous) = value(of: column)
        guard !isAmbiguous else { return false }
        guard let noted = found else {
            // Absent: the default, unless the column must be there.
            guard !isRequired[column] else { return false }
            return write(defaults[column], column: column, to: &writer)
        }
        let value = noted.pointee
        let kind = cyajl_plan_kind(UInt32(value.kind))
        // A string's or number's text; for the other kinds, a valid address and a count unused.
        let text = UnsafeBufferPointer(start: cyajlplan_text(recorder, noted), count: Int(value.length))
        switch (shortcuts[column], kind) {
        case (.string, CYAJL_PLAN_STRING):
            layout.writeStringCell(text, to: &writer)
            return true
        case (.string, CYAJL_PLAN_NUMBER) where isLenient:
            layout.writeStringCell(text, to: &writer)
            return true
        case (.integer, CYAJL_PLAN_NUMBER) where Self.isCanonicalInteger(text):
            writer.writeRaw(text)
            return true
        case (.bool, CYAJL_PLAN_TRUE), (.bool, CYAJL_PLAN_FALSE):
            writer.writeBool(kind == CYAJL_PLAN_TRUE)
            return true
        case (.count, CYAJL_PLAN_ARRAY):
            writer.writeInteger(value.length)
            return true
        default:
            return writeConverted(kind, text, column: column, to: &writer)
        }
    }

    /// A scalar converted by the column's property into its cell, then written; `false` for a
    /// container, a null the general way must weigh (a required column, or one of several
    /// paths), and any conversion or formatting error.
    private func writeConverted(_ kind: cyajl_plan_kind, _ text: UnsafeBufferPointer<UInt8>, column: Int,
                                to writer: inout JSONWriter) -> Bool {
        let event: ScalarEvent
        switch kind {
        case CYAJL_PLAN_NULL:
            guard !isRequired[column], plan.columns[column].slots.count == 1 else { return false }
            event = .null
        case CYAJL_PLAN_TRUE: event = .bool(true)
        case CYAJL_PLAN_FALSE: event = .bool(false)
        case CYAJL_PLAN_NUMBER: event = .number(JSONBytes(start: text.baseAddress!, count: text.count))
        case CYAJL_PLAN_STRING: event = .string(JSONBytes(start: text.baseAddress!, count: text.count))
        default: return false
        }
        scratch.cells[column] = defaults[column]
        do throws(JSONMapperError) {
            _ = try withUnsafeMutablePointer(to: &scratch) { (row) throws(JSONMapperError) in
                try properties[column].assign(event, model: UnsafeMutableRawPointer(row), session)
            }
        } catch {
            return false
        }
        return write(scratch.cells[column], column: column, to: &writer)
    }

    private func write(_ cell: JSONCell, column: Int, to writer: inout JSONWriter) -> Bool {
        do throws(JSONMapperError) {
            try layout.writeCell(cell, column: column, to: &writer)
            return true
        } catch {
            return false
        }
    }

    /// Whether a JSON number's text is an integer as ``JSONWriter/writeInteger(_:)`` writes it:
    /// digits (no leading zero but `0` itself), an optional minus but not on zero, no fraction
    /// or exponent, and few enough digits for any `Int`.
    private static func isCanonicalInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
        guard !digits.isEmpty, digits.count <= 18 else { return false }
        if digits.count == 1 { return !(negative && digits[0] == UInt8(ascii: "0")) && digits[0] &- 0x30 < 10 }
        guard digits[0] != UInt8(ascii: "0") else { return false }
        for digit in digits where digit &- 0x30 >= 10 { return false }
        return true
    }
}
