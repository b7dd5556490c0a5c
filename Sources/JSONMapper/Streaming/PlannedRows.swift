import CYajlCallbacks

/// One worker's decoder of a schema's records into runs of rows (``JSONRowRun``), a run per
/// block between rejections, put together in the worker's block sink (``RowBlockSink``: text
/// laid out in a row format, or Parquet columns).
///
/// A record goes the planned way when it can: the C recorder follows the schema's
/// ``RecordPlan`` through the record, noting only the values the columns read, and the rows'
/// cells go from those values straight into the sink, one Swift call per record and per cell. Any record the planned way cannot vouch for (malformed, over a limit, shaped
/// otherwise than the plan expects, a value that does not convert at once) is decoded again
/// the general way, by the same engine and codecs as every other record stream, which says
/// exactly what is wrong or makes the same rows. So the planned way only ever shortcuts to the
/// general way's result: errors, positions and rejections are the general way's, and so is
/// every cell.
final class PlannedRowEngine<Sink: RowBlockSink>: RecordDecoding {
    /// A record's rows made the general way, in the sink's form, and how many.
    private struct GeneralRows: Sendable {
        let rows: Sink.RecordRows
        let count: Int
    }

    /// The general way: a record's rows decoded and made into the sink's form.
    private let general: any RecordDecoding<GeneralRows>
    private let planned: PlannedCells?
    private var sink: Sink

    init(schema: JSONSchema, sink: Sink, options: DecodingOptions) {
        self.sink = sink
        general = Self.generalEngine(schema, sink.recordRows, options: options)
        // Other policies keep values the planned way would have to vouch for one by one.
        let plan = options.invalidValuePolicy == .throw ? schema.plan : nil
        planned = plan.map { PlannedCells(plan: $0, schema: schema, options: options) }
    }

    /// The schema's rows of a record (one, or with an explode, one per element), in the sink's form.
    private static func generalEngine(_ schema: JSONSchema, _ make: @escaping @Sendable ([JSONRow]) throws(JSONMapperError) -> Sink.RecordRows,
                                      options: DecodingOptions) -> any RecordDecoding<GeneralRows> {
        RecordEngines.rows(schema, options: options).transformed { (rows) throws(JSONMapperError) in GeneralRows(rows: try make(rows), count: rows.count) }.make()
    }

    var decodesWholeBlocks: Bool { true }

    /// One record's run, the general way (the stream decodes whole blocks; see ``outcomes(of:limits:columns:)``).
    func decode(_ bytes: UnsafeRawBufferPointer, at origin: InputOrigin, rawInputChecked: Bool, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(JSONMapperError) -> JSONRowRun<Sink.Block> {
        let rows = try general.decode(bytes, at: origin, rawInputChecked: rawInputChecked, columns: columns, issues: &issues)
        sink.append(rows.rows)
        return JSONRowRun(rows: sink.takeBlock(), records: 1, rowCount: rows.count)
    }

    // The stream calls this through its engine protocol, so unspecialized: it would look up
    // the metadata of its run and outcome types on every record. The text sink's
    // specialization is taken instead for text output (the Parquet sink lives in another
    // module, which this one cannot name).
    @_specialize(where Sink == TextBlockSink)
    func outcomes(of block: RecordBlock, limits: RecordFramer.Limits, columns: ColumnSink.Names?) -> [RecordOutcome<JSONRowRun<Sink.Block>>] {
        var outcomes: [RecordOutcome<JSONRowRun<Sink.Block>>] = []
        var run = RunInProgress()
        var cursor = BlockCursor(block)
        // Array records read through column names go the general way, which names them.
        let planned = columns == nil ? planned : nil
        while let record = cursor.next() {
            if !limits.isTooLong(record), let planned, let rows = planned.appendRows(of: record.bytes, rawInputChecked: record.rawInputChecked, to: &sink) {
                run.add(record, rows: rows)
                continue
            }
            do throws(RecordFailure) {
                var issues: [JSONMapperError] = []
                let rows = try general.decode(record, in: block, limits: limits, columns: columns, issues: &issues)
                sink.append(rows.rows)
                run.add(record, rows: rows.count)
            } catch {
                run.end(taking: &sink, into: &outcomes)
                outcomes.append(.failed(error))
                if case .ended = error { return outcomes }
            }
        }
        run.end(taking: &sink, into: &outcomes)
        return outcomes
    }

    /// The records of the run being put together.
    private struct RunInProgress {
        private var records = 0
        private var rows = 0
        private var line = 0
        private var range = 0..<0

        /// Counts `record`, whose `rows` are in the sink.
        mutating func add(_ record: BlockCursor.Record, rows: Int) {
            if records == 0 {
                line = record.origin.line
                range = record.streamRange
            }
            range = range.lowerBound..<record.streamRange.upperBound
            records += 1
            self.rows += rows
        }

        /// Hands the sink's block on as a run, if it has records, and starts the next.
        mutating func end(taking sink: inout Sink, into outcomes: inout [RecordOutcome<JSONRowRun<Sink.Block>>]) {
            guard records > 0 else { return }
            let run = JSONRowRun(rows: sink.takeBlock(), records: records, rowCount: rows)
            outcomes.append(.decodedRun(run, records: records, line: line, range: range))
            records = 0
            rows = 0
        }
    }
}

/// The planned way of one worker: the C recorder, and the rows made from its values.
private final class PlannedCells {
    /// A column as the planned way makes its cells: a trivial record, read per cell without
    /// reference counting (its property and default are in arrays read only off the shortcuts).
    private struct Column {
        let source: RecordPlan.Column.Source
        /// Its paths' slots: `slots[firstSlot ..< firstSlot + slotCount]`, in priority order.
        let firstSlot: Int
        let slotCount: Int
        let shortcut: Shortcut
        let isRequired: Bool
    }

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

    private let recorder: UnsafeMutablePointer<cyajl_recorder>
    /// Frozen copies, freed with the planned way.
    private let columns: UnsafeMutableBufferPointer<Column>
    private let slots: UnsafeMutableBufferPointer<UInt32>
    /// The property that converts a value into each column's cell, as the general way does.
    private let properties: [PropertyMeta?]
    private let defaults: [JSONCell]
    private let explodeSlot: UInt32?
    private let isOuter: Bool
    private let isLenient: Bool
    private let maxDocumentBytes: Int
    /// Converts a noted scalar through its column's property, as the general way does.
    private let session: DecodingSession
    /// The row a property writes its cell into.
    private var scratch: JSONRow

    init(plan: RecordPlan, schema: JSONSchema, options: DecodingOptions) {
        recorder = cyajlplan_recorder_create(plan.plan, options.maxStringBytes ?? .max, options.maxNumberBytes ?? .max, options.maxDepth)
        var columns: [Column] = []
        var slots: [UInt32] = []
        for (column, source) in zip(schema.columns, plan.columns) {
            let (kind, columnSlots) = (source.source, source.slots)
            columns.append(Column(source: kind, firstSlot: slots.count, slotCount: columnSlots.count,
                                  shortcut: Self.shortcut(for: column.type), isRequired: column.isRequired))
            slots += columnSlots
        }
        self.columns = .frozenCopy(of: columns)
        self.slots = .frozenCopy(of: slots)
        let conversions = schema.columns.indices.map { Self.conversion(of: $0, in: schema) }
        properties = conversions.map(\.0)
        defaults = conversions.map(\.1)
        explodeSlot = plan.explodeSlot
        isOuter = schema.explode?.isOuter ?? false
        isLenient = options.coercion == .lenient
        maxDocumentBytes = options.maxDocumentBytes ?? .max
        session = DecodingSession(options: options, checksWholeDocument: true)
        // Room for the cell of every property, at its index in its codec's rows.
        scratch = JSONRow(cells: Array(repeating: .null, count: (properties.compactMap { $0?.index }.max() ?? 0) + 1))
    }

    deinit {
        cyajlplan_recorder_free(recorder)
        columns.deallocate()
        slots.deallocate()
    }

    /// The property that converts column `index`'s values, and its default cell: the record
    /// row's, or with an explode, the record's or the element's row's.
    private static func conversion(of index: Int, in schema: JSONSchema) -> (PropertyMeta?, JSONCell) {
        guard let expansion = schema.expansion else {
            return (schema.codec.meta.properties[index], schema.codec.templateCells[index])
        }
        switch expansion.sources[index] {
        case .record(let cell): return (expansion.recordCodec.meta.properties[cell], expansion.recordCodec.templateCells[cell])
        case .element(let cell): return (expansion.elementCodec.meta.properties[cell], expansion.elementCodec.templateCells[cell])
        case .ordinal: return (nil, .null)
        }
    }

    private static func shortcut(for type: JSONColumnType) -> Shortcut {
        switch type {
        case .string: .string
        case .int: .integer
        case .bool: .bool
        case .count: .count
        default: .none
        }
    }

    /// Puts the rows of the record in `bytes` into `sink` and returns how many; `nil` (with
    /// nothing kept) when the record must go the general way. With `rawInputChecked`, the
    /// bytes are known to pass the raw input check.
    func appendRows<Sink: RowBlockSink>(of bytes: UnsafeRawBufferPointer, rawInputChecked: Bool, to sink: inout Sink) -> Int? {
        guard bytes.count <= maxDocumentBytes, rawInputChecked || RawInputCheck.surelyPasses(bytes),
              cyajlplan_record(recorder, bytes.baseAddress, bytes.count) != 0 else { return nil }
        sink.beginRecord()
        guard let rows = appendRecordRows(to: &sink), sink.commitRecord() else {
            sink.discardRecord()
            return nil
        }
        return rows
    }

    /// The record's rows: one, or one per element of its exploded array. A record without
    /// elements still has its record cells read (they may reject it) even when it makes no row.
    private func appendRecordRows<Sink: RowBlockSink>(to sink: inout Sink) -> Int? {
        guard let explodeSlot else { return appendRow(element: nil, to: &sink) ? 1 : nil }
        var elements = 0
        if let array = cyajlplan_value(recorder, explodeSlot) {
            switch cyajl_tape_kind(UInt32(array.pointee.kind)) {
            case CYAJL_TAPE_BEGIN_ARRAY: elements = Int(recorder.pointee.elementCount)
            case CYAJL_TAPE_NULL: elements = 0
            default: return nil
            }
        }
        guard elements > 0 else {
            guard appendRow(element: nil, to: &sink) else { return nil }
            if isOuter { return 1 }
            sink.discardRecord()
            return 0
        }
        for element in 0..<elements where !appendRow(element: UInt32(element), to: &sink) { return nil }
        return elements
    }


    /// Appends one row: of the record, or of an element of its exploded array (`nil` on an
    /// outer row, whose element columns hold their defaults). `false` when the general way must
    /// decide.
    private func appendRow<Sink: RowBlockSink>(element: UInt32?, to sink: inout Sink) -> Bool {
        sink.beginRow()
        for index in columns.indices where !appendCell(index, element: element, to: &sink) { return false }
        sink.endRow()
        return true
    }

    /// The noted value of `column`'s slots (in `element`, for an element column's): the one
    /// present path's. `nil` with `isAmbiguous` when several of its paths are present (which one wins
    /// is the general way's to say).
    private func value(of column: Column, element: UInt32?) -> (value: UnsafePointer<cyajl_plan_value>?, isAmbiguous: Bool) {
        var found: UnsafePointer<cyajl_plan_value>?
        for slot in slots[column.firstSlot..<column.firstSlot + column.slotCount] {
            let value = element.map { cyajlplan_element_value(recorder, $0, slot) } ?? cyajlplan_value(recorder, slot)
            guard let value else { continue }
            if found != nil { return (nil, true) }
            found = value
        }
        return (found, false)
    }

    /// Appends the cell of column `index`; `false` when the general way must decide it.
    private func appendCell<Sink: RowBlockSink>(_ index: Int, element: UInt32?, to sink: inout Sink) -> Bool {
        let column = columns[index]
        switch column.source {
        case .record: break
        case .element:
            // An outer row's element columns hold their defaults.
            guard element != nil else { return sink.append(defaults[index], column: index) }
        case .ordinal:
            return sink.append(element.map { JSONCell.int(Int($0)) } ?? .null, column: index)
        }
        let (found, isAmbiguous) = value(of: column, element: column.source == .element ? element : nil)
        guard !isAmbiguous else { return false }
        guard let noted = found else {
            // Absent: the default, unless the column must be there.
            guard !column.isRequired else { return false }
            return sink.append(defaults[index], column: index)
        }
        let value = noted.pointee
        let kind = cyajl_tape_kind(UInt32(value.kind))
        // A string's or number's text; for the other kinds, a valid address and a count unused.
        let text = UnsafeBufferPointer(start: cyajlplan_text(recorder, noted), count: Int(value.length))
        switch (column.shortcut, kind) {
        case (.string, CYAJL_TAPE_STRING):
            sink.appendString(text, column: index)
            return true
        case (.string, CYAJL_TAPE_NUMBER) where isLenient:
            sink.appendString(text, column: index)
            return true
        case (.integer, CYAJL_TAPE_NUMBER) where Self.isCanonicalInteger(text):
            sink.appendInteger(digits: text, column: index)
            return true
        case (.bool, CYAJL_TAPE_TRUE), (.bool, CYAJL_TAPE_FALSE):
            sink.appendBool(kind == CYAJL_TAPE_TRUE, column: index)
            return true
        case (.count, CYAJL_TAPE_BEGIN_ARRAY):
            sink.appendInteger(Int(value.length), column: index)
            return true
        default:
            return appendConverted(kind, text, column: index, to: &sink)
        }
    }

    /// A scalar converted by the column's property into its cell, then appended; `false` for a
    /// container, a null the general way must weigh (a required column, or one of several
    /// paths), and any conversion or formatting error.
    private func appendConverted<Sink: RowBlockSink>(_ kind: cyajl_tape_kind, _ text: UnsafeBufferPointer<UInt8>, column index: Int,
                                                     to sink: inout Sink) -> Bool {
        let column = columns[index]
        guard let property = properties[index] else { return false }
        let event: ScalarEvent
        switch kind {
        case CYAJL_TAPE_NULL:
            guard !column.isRequired, property.keys.count == 1 else { return false }
            event = .null
        case CYAJL_TAPE_TRUE: event = .bool(true)
        case CYAJL_TAPE_FALSE: event = .bool(false)
        case CYAJL_TAPE_NUMBER: event = .number(JSONBytes(start: text.baseAddress!, count: text.count))
        case CYAJL_TAPE_STRING: event = .string(JSONBytes(start: text.baseAddress!, count: text.count))
        default: return false
        }
        // The property writes the cell at its index in the rows of its codec (the scratch row
        // has room for every one).
        scratch.cells[property.index] = defaults[index]
        do throws(JSONMapperError) {
            _ = try withUnsafeMutablePointer(to: &scratch) { (row) throws(JSONMapperError) in
                try property.assign(event, model: UnsafeMutableRawPointer(row), session)
            }
        } catch {
            return false
        }
        return sink.append(scratch.cells[property.index], column: index)
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
