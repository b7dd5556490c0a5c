/// How an exploding schema (see ``JSONExplode``) turns a record into rows, compiled with the
/// schema. The record is decoded by ``recordCodec`` into a row of the columns read from the
/// record, with the array at the explode path last, as a `JSONValue`; each element is then
/// decoded into the element columns (one decode per record, of the elements as one array), and
/// the rows are assembled in the schema's column order.
///
/// The element columns keep their full paths (`payload.commits.sha`): each element is handed
/// to their codec inside objects (and arrays) of the explode path's steps, so one mapping
/// grammar and one key tree read it, and a path equal to the explode path reads the element
/// itself.
struct RowExpansion: Sendable {
    /// Where each cell of a row comes from.
    enum CellSource: Sendable {
        case record(Int)
        case element(Int)
        case ordinal
    }

    let path: String
    let isOuter: Bool
    private let steps: [KeyPathSpec.Step]
    private let sharedRecordCodec: SharedHandler<RowCodec>
    private let sharedElementCodec: SharedHandler<RowCodec>
    private let sharedElementsCodec: SharedHandler<CollectionCodec<JSONRow, [JSONRow]>>
    /// The element cells of an outer row: the element columns' defaults.
    private let elementDefaults: [JSONCell]
    /// Where each of the schema's cells comes from, in column order.
    let sources: [CellSource]
    /// The cell of the record's row that holds the array.
    private let arrayCell: Int

    /// The codec of a record's row: the columns read from the record, the array last.
    var recordCodec: RowCodec { sharedRecordCodec.handler }
    /// The element columns' row codec (whose rows ``elementsCodec`` makes, one per element).
    var elementCodec: RowCodec { sharedElementCodec.handler }
    /// Decodes the wrapped elements of a record into their rows of element columns.
    private var elementsCodec: CollectionCodec<JSONRow, [JSONRow]> { sharedElementsCodec.handler }

    init(_ explode: JSONExplode, columns: [JSONColumn], formats: [ColumnFormat], coercion: DecodingOptions.Coercion) throws(JSONSchemaError) {
        let explodeFailure = JSONSchemaError.at(columns.count, JSONColumn("explode", path: explode.path))
        let arrayKey: KeyPathSpec
        do {
            arrayKey = try KeyPathSpec(explode.path, strategy: .useDeclaredKeys)
        } catch {
            throw explodeFailure("bad path \"\(explode.path)\": \(error)")
        }
        path = explode.path
        isOuter = explode.isOuter
        steps = arrayKey.steps
        var recordColumns: [Int] = []
        var elementColumns: [Int] = []
        var sources: [CellSource] = []
        for (index, column) in columns.enumerated() {
            if case .ordinal = column.type {
                sources.append(.ordinal)
                continue
            }
            let keys = try JSONSchema.keys(of: column).get(or: JSONSchemaError.at(index, column))
            let under = keys.filter { $0.steps.starts(with: arrayKey.steps) }.count
            if under == 0 {
                sources.append(.record(recordColumns.count))
                recordColumns.append(index)
            } else if under == keys.count {
                sources.append(.element(elementColumns.count))
                elementColumns.append(index)
            } else {
                throw JSONSchemaError.at(index, column)("the paths mix the exploded array \"\(explode.path)\" and the rest of the record")
            }
        }
        self.sources = sources
        arrayCell = recordColumns.count
        let array = ColumnPropertyMeta(column: arrayCell, keys: [arrayKey], isRequired: false, format: try ColumnFormat.make(.json).get(or: explodeFailure),
                                       codec: valueCodec(for: JSONValue.self), cell: JSONCell.json)
        let elementCodec = try JSONSchema.rowCodec(elementColumns, of: columns, formats: formats, coercion: coercion)
        sharedRecordCodec = SharedHandler(try JSONSchema.rowCodec(recordColumns, of: columns, formats: formats, coercion: coercion, extra: array))
        sharedElementCodec = SharedHandler(elementCodec)
        sharedElementsCodec = SharedHandler(CollectionCodec(element: elementCodec))
        elementDefaults = elementCodec.templateCells
    }

    /// The rows of a record whose row `recordCodec` decoded, with the session's options; an
    /// element's error is placed at the element (`payload.commits[2].sha`) and reported
    /// through the session's policy.
    func rows(of record: JSONRow, _ session: DecodingSession) throws(JSONMapperError) -> [JSONRow] {
        let elements: [JSONValue]
        switch record.cells[arrayCell] {
        case .json(.array(let array)): elements = array
        case .null, .json(.null): elements = []
        case .json(let other):
            try session.report(.typeMismatch(path: path, expected: "an array to explode", found: Self.kind(of: other)))
            elements = []
        default: preconditionFailure("the array cell holds JSON")
        }
        guard !elements.isEmpty else {
            return isOuter ? [row(record, element: elementDefaults, ordinal: nil)] : []
        }
        return try decode(elements, session).enumerated().map { row(record, element: $0.element.cells, ordinal: $0.offset) }
    }

    /// What a value is, for messages: "an object", "a string"…
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The element columns' cells of each element, decoded in one session: the elements,
    /// each wrapped in the explode path's steps, as one array.
    private func decode(_ elements: [JSONValue], _ session: DecodingSession) throws(JSONMapperError) -> [JSONRow] {
        let wrapped = elements.map { (element) in
            steps.reversed().reduce(element) { (inner, step) in
                switch step {
                case .key(let key): .object(JSONObject([(key, inner)]))
                case .index(let index): .array(Array(repeating: .null, count: index) + [inner])
                }
            }
        }
        do {
            let decoded = try DecodeRun.decodeRoot([JSONRow].self, codec: elementsCodec, session.options, checksWholeDocument: false) {
                (inner) throws(JSONMapperError) in try inner.emit(.array(wrapped))
            }
            for issue in decoded.issues { try session.report(placed(issue)) }
            return decoded.value
        } catch {
            throw placed(error)
        }
    }

    private func row(_ record: JSONRow, element: [JSONCell], ordinal: Int?) -> JSONRow {
        JSONRow(cells: sources.map { source in
            switch source {
            case .record(let cell): record.cells[cell]
            case .element(let cell): element[cell]
            case .ordinal: ordinal.map(JSONCell.int) ?? .null
            }
        })
    }

    /// The error of an element with its path at the element: `[2].payload.commits.sha` (the
    /// third wrapped element) becomes `payload.commits[2].sha`.
    private func placed(_ error: JSONMapperError) -> JSONMapperError {
        error.withPath { (inner) in
            guard inner.first == "[", let close = inner.firstIndex(of: "]"),
                  let position = Int(inner[inner.index(after: inner.startIndex)..<close]) else { return inner }
            var rest = inner[inner.index(after: close)...]
            if rest.first == "." { rest = rest.dropFirst() }
            guard rest.hasPrefix(path) else { return inner }
            var below = rest.dropFirst(path.count)
            guard below.isEmpty || below.first == "." || below.first == "[" else { return inner }
            if below.first == "." { below = below.dropFirst() }
            var placed = JSONPathText(path)
            placed.append(index: position)
            placed.append(path: String(below))
            return placed.text
        }
    }
}

/// Decodes a record of an exploding schema into its rows: the record's row by the expansion's
/// record codec, then the rows by the expansion, on the thread that decoded the record.
final class ExplodingRowsCodec: ValueCodec<[JSONRow]> {
    private let expansion: RowExpansion

    init(_ expansion: RowExpansion) { self.expansion = expansion }

    override var expected: String { expansion.recordCodec.expected }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<[JSONRow]>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try expanded(into: destination, session) { (row) throws(JSONMapperError) in try expansion.recordCodec.initialize(event, at: row, session) }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try expansion.recordCodec.begin(isObject: isObject, session)
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<[JSONRow]>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try expanded(into: destination, session) { (row) throws(JSONMapperError) in try expansion.recordCodec.take(storage, initializing: row, session) }
    }

    private func expanded(into destination: UnsafeMutablePointer<[JSONRow]>, _ session: DecodingSession,
                          _ decode: (UnsafeMutablePointer<JSONRow>) throws(JSONMapperError) -> Bool) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: JSONRow.self) { (row) throws(JSONMapperError) in
            guard try decode(row) else { return false }
            destination.initialize(to: try expansion.rows(of: row.move(), session))
            return true
        }
    }
}

extension JSONMapperError {
    /// The error with its path rewritten by `transform`; errors without a path as they are.
    func withPath(_ transform: (String) -> String) -> JSONMapperError {
        switch self {
        case let .typeMismatch(path, expected, found, location): .typeMismatch(path: transform(path), expected: expected, found: found, location: location)
        case let .keyNotFound(path, location): .keyNotFound(path: transform(path), location: location)
        case let .invalidValue(path, reason, location): .invalidValue(path: transform(path), reason: reason, location: location)
        case let .depthLimitExceeded(path, location): .depthLimitExceeded(path: transform(path), location: location)
        default: self
        }
    }
}
