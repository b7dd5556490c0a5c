/// A column of a runtime schema compiled as a property: it writes its typed cell of the
/// ``JSONRow`` a frame's storage holds, through the codec of its value type (`Int`,
/// `String`, a date transformer, an array count…), so a column is read by the same key
/// tree, codecs and coercions as a model's property.
final class ColumnPropertyMeta<Value>: PropertyMeta {
    private let codec: ValueCodec<Value>
    /// Wraps a decoded value into the column's cell (`JSONCell.int`…).
    private let cell: (Value) -> JSONCell
    /// How the cell is written when the row is encoded as JSON.
    let format: ColumnFormat

    init(column: Int, keys: [KeyPathSpec], isRequired: Bool, format: ColumnFormat,
         codec: ValueCodec<Value>, cell: @escaping (Value) -> JSONCell) {
        self.codec = codec
        self.cell = cell
        self.format = format
        super.init(name: keys.first?.text ?? "", index: column, keys: keys, isRequired: isRequired)
    }

    /// The row a frame fills: its storage is the `JSONRow` the row codec pushed.
    @inline(__always)
    private func row(_ model: UnsafeMutableRawPointer) -> UnsafeMutablePointer<JSONRow> {
        model.model(as: JSONRow.self)
    }

    override func assign(_ event: ScalarEvent, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            guard try codec.initialize(event, at: value, session) else { return false }
            row(model).pointee.cells[index] = cell(value.move())
            return true
        }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.begin(isObject: isObject, session)
    }

    override func commit(_ child: FrameStorage, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            if try codec.take(child, initializing: value, session) { row(model).pointee.cells[index] = cell(value.move()) }
        }
    }

    override func encode(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        try format.writeJSON(row(model).pointee.cells[index], to: &writer)
    }

    override func isNil(model: UnsafeMutableRawPointer) -> Bool {
        row(model).pointee.cells[index] == .null
    }

    /// The cell for a default value: the value decoded by the column's codec, with the
    /// schema's coercion, as if a record held it.
    func defaultCell(for value: JSONValue, options: DecodingOptions) throws(JSONMapperError) -> JSONCell {
        let decoded = try DecodeRun.decodeRoot(Value.self, codec: codec, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            try session.emit(value)
        }
        return cell(decoded.value)
    }
}
