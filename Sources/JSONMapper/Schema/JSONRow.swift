import Foundation

/// One record decoded through a ``JSONSchema``: a cell per column, in the schema's order.
public struct JSONRow: Sendable, Equatable {
    /// The cells, one per column of the schema.
    public internal(set) var cells: [JSONCell]

    /// A row with the given cells.
    public init(cells: [JSONCell]) { self.cells = cells }

    /// The cell of the column at `column`.
    public subscript(column: Int) -> JSONCell { cells[column] }
}

/// A typed value of a ``JSONRow``.
public enum JSONCell: Sendable, Equatable {
    /// No value: the record lacked it (or held `null`) and the column has no default.
    case null
    /// A ``JSONColumnType/string`` value.
    case string(String)
    /// An ``JSONColumnType/int`` value, or an array's ``JSONColumnType/count``.
    case int(Int)
    /// A ``JSONColumnType/double`` value.
    case double(Double)
    /// A ``JSONColumnType/decimal`` value.
    case decimal(Decimal)
    /// A ``JSONColumnType/bool`` value.
    case bool(Bool)
    /// A ``JSONColumnType/date(format:outputFormat:)`` value.
    case date(Date)
    /// A ``JSONColumnType/json`` value.
    case json(JSONValue)
}
