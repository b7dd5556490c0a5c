import Foundation

/// A table shape decided at run time: a list of ``JSONColumn``s, compiled into a mapping on
/// the same engine as a ``JSONMappable`` model's (the same key table with its chains of
/// properties per key, the same key-path tree, codecs and coercions), whose "properties"
/// write the typed cells of a ``JSONRow``.
///
/// ```swift
/// let schema = try JSONSchema(columns: [
///     JSONColumn("id", path: "id", required: true),
///     JSONColumn("size", path: "payload.size", type: .int),
///     JSONColumn("commits", path: "payload.commits", type: .count),
/// ])
/// for result in JSONRecordDecoder().records(schema, from: .file("events.jsonl")) {
///     let row = try result.get().value      // row[1] is .int(12), or .null when absent
/// }
/// ```
///
/// Compiling checks everything that does not depend on the input (paths, date formats,
/// defaults, names) and throws ``JSONSchemaError``; after that a schema is immutable and
/// shared by every thread that decodes with it. Its compiled tables are freed when the last
/// copy of the schema, and the last stream reading with it, goes: a schema may be compiled per
/// request or per tenant. Compiling costs more than decoding a small record, so keep a schema
/// that is used again.
public struct JSONSchema: Sendable {
    /// The columns, in output order.
    public let columns: [JSONColumn]
    /// How values are converted to the columns' types: lenient (the default) or strict.
    public let coercion: DecodingOptions.Coercion
    /// The array whose elements make the rows, when a record makes one row per element.
    public let explode: JSONExplode?
    /// The compiled mapping of a record's row: every column, or, with an explode, the columns
    /// read from the record and the array last; frozen once built.
    var codec: RowCodec { sharedCodec.handler }
    private let sharedCodec: SharedHandler<RowCodec>
    /// How a record's row becomes its rows, with an explode.
    let expansion: RowExpansion?
    /// How each column's cells are written.
    let formats: [ColumnFormat]
    /// The plan the C recorder follows through each record, when the columns have one (see
    /// ``RecordPlan``).
    let plan: RecordPlan?

    /// Compiles `columns`, with one row per element of the array `explode` names when given.
    ///
    /// - Throws: ``JSONSchemaError`` naming the first column that cannot be compiled (or, for
    ///   a malformed explode path, the explode: see ``JSONSchemaError/columnIndex``).
    public init(columns: [JSONColumn], coercion: DecodingOptions.Coercion = .lenient, explode: JSONExplode? = nil) throws(JSONSchemaError) {
        self.columns = columns
        self.coercion = coercion
        self.explode = explode
        var names = Set<String>()
        var formats: [ColumnFormat] = []
        for (index, column) in columns.enumerated() {
            let failure = JSONSchemaError.at(index, column)
            guard !column.name.isEmpty else { throw failure("the column has no name") }
            guard names.insert(column.name).inserted else { throw failure("another column has the same name") }
            formats.append(try ColumnFormat.make(column.type).get(or: failure))
        }
        self.formats = formats
        if let explode {
            let expansion = try RowExpansion(explode, columns: columns, formats: formats, coercion: coercion)
            self.expansion = expansion
            sharedCodec = SharedHandler(expansion.recordCodec)
        } else {
            expansion = nil
            sharedCodec = SharedHandler(try Self.rowCodec(Array(columns.indices), of: columns, formats: formats, coercion: coercion))
        }
        plan = RecordPlan(columns: columns, explode: explode)
    }

    /// The columns' names, in order.
    public var columnNames: [String] { columns.map(\.name) }

    /// The codec of rows whose cells are the columns at `indices`, in that order, followed by
    /// `extra`'s cell when given (the exploded array, read whole, whose property writes the
    /// cell after the columns').
    static func rowCodec(_ indices: [Int], of columns: [JSONColumn], formats: [ColumnFormat], coercion: DecodingOptions.Coercion,
                         extra: PropertyMeta? = nil) throws(JSONSchemaError) -> RowCodec {
        var properties: [PropertyMeta] = []
        for (cell, index) in indices.enumerated() {
            let failure = JSONSchemaError.at(index, columns[index])
            properties.append(try Self.property(for: columns[index], at: cell, format: formats[index]).get(or: failure))
        }
        if let extra { properties.append(extra) }
        let meta = ModelMeta(typeName: "\(columns.count) columns", properties: properties, hooks: ModelHooks())
        var template = JSONRow(cells: Array(repeating: .null, count: properties.count))
        let options = DecodingOptions(coercion: coercion)
        for (cell, index) in indices.enumerated() {
            let column = columns[index]
            guard let value = column.defaultValue else { continue }
            do {
                template.cells[cell] = try Self.defaultCell(value, of: column.type, properties[cell], options)
            } catch {
                throw JSONSchemaError(columnIndex: index, column: column.name, message: "the default \(value) is not \(withArticle(column.type.description)): \(error)")
            }
        }
        return RowCodec(meta: meta, template: template)
    }

    /// The parsed paths of `column`.
    static func keys(of column: JSONColumn) -> Result<[KeyPathSpec], SchemaProblem> {
        guard !column.paths.isEmpty else { return .failure(SchemaProblem("the column has no path")) }
        guard column.paths.count < Int(PropertyState.presentBeforeUpdate) else {
            return .failure(SchemaProblem("the column has more than \(PropertyState.presentBeforeUpdate - 1) paths"))
        }
        var keys: [KeyPathSpec] = []
        for path in column.paths {
            do {
                keys.append(try KeyPathSpec(path, strategy: .useDeclaredKeys))
            } catch {
                return .failure(SchemaProblem("bad path \"\(path)\": \(error)"))
            }
        }
        return .success(keys)
    }

    /// The property that reads `column` into the cell at `index`, with the codec of its type.
    static func property(for column: JSONColumn, at index: Int, format: ColumnFormat) -> Result<PropertyMeta, SchemaProblem> {
        let keys: [KeyPathSpec]
        switch Self.keys(of: column) {
        case .success(let parsed): keys = parsed
        case .failure(let problem): return .failure(problem)
        }
        func make<Value>(_ codec: ValueCodec<Value>, _ cell: @escaping (Value) -> JSONCell) -> PropertyMeta {
            ColumnPropertyMeta(column: index, keys: keys, isRequired: column.isRequired, format: format, codec: codec, cell: cell)
        }
        switch column.type {
        case .string: return .success(make(valueCodec(for: String.self), JSONCell.string))
        case .int: return .success(make(valueCodec(for: Int.self), JSONCell.int))
        case .double: return .success(make(valueCodec(for: Double.self), JSONCell.double))
        case .decimal: return .success(make(valueCodec(for: Decimal.self), JSONCell.decimal))
        case .bool: return .success(make(valueCodec(for: Bool.self), JSONCell.bool))
        case .date(nil, _): return .success(make(valueCodec(for: Date.self), JSONCell.date))
        case .date(let format?, _):
            // ColumnFormat compiled the format already, so the transformer accepts it.
            let transformer = DateFormatTransformer(format: format)
            return .success(make(TransformCodec(transformer: transformer, inner: valueCodec(for: String.self)), JSONCell.date))
        case .json: return .success(make(valueCodec(for: JSONValue.self), JSONCell.json))
        case .count: return .success(make(ArrayCountCodec(), JSONCell.int))
        case .ordinal: return .failure(SchemaProblem("an ordinal column needs an exploded array (see JSONExplode)"))
        }
    }

    /// A default as a cell of the column's type: decoded by the column's codec, or for a
    /// count (whose codec reads arrays) as an integer.
    private static func defaultCell(_ value: JSONValue, of type: JSONColumnType, _ property: PropertyMeta,
                                    _ options: DecodingOptions) throws(JSONMapperError) -> JSONCell {
        if case .count = type {
            let count = try DecodeRun.decodeRoot(Int.self, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
                try session.emit(value)
            }
            return .int(count.value)
        }
        // Every property of a schema is a column property (see `property(for:at:format:)`).
        guard let column = property as? any DefaultCellMaking else { preconditionFailure("not a column property") }
        return try column.defaultCell(for: value, options: options)
    }
}

/// What a column's property offers to compile its default, whatever its value type.
protocol DefaultCellMaking {
    func defaultCell(for value: JSONValue, options: DecodingOptions) throws(JSONMapperError) -> JSONCell
}

extension ColumnPropertyMeta: DefaultCellMaking {}

/// A problem with one column, before it is given the column's place and name.
struct SchemaProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension JSONSchemaError {
    /// The error maker for the column at `index`.
    static func at(_ index: Int, _ column: JSONColumn) -> (String) -> JSONSchemaError {
        { JSONSchemaError(columnIndex: index, column: column.name, message: $0) }
    }
}

extension Result where Failure == SchemaProblem {
    /// The value, or the problem as the error `wrap` makes of its message.
    func get(or wrap: (String) -> JSONSchemaError) throws(JSONSchemaError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let problem): throw wrap(problem.message)
        }
    }
}
