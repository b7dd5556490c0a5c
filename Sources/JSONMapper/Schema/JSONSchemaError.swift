/// A schema that cannot be compiled: a column with no path, a malformed key path, a date
/// format with an unsupported letter, a default the column's type cannot take, two columns
/// with one name.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The position of the offending column in ``JSONSchema/columns``; for a problem of the
    /// schema's ``JSONExplode`` (a malformed path), `columns.count`, with ``column`` `"explode"`.
    public var columnIndex: Int
    /// The offending column's name.
    public var column: String
    /// What is wrong, for a person.
    public var message: String

    /// An error about the column at `columnIndex`.
    public init(columnIndex: Int, column: String, message: String) {
        self.columnIndex = columnIndex
        self.column = column
        self.message = message
    }

    /// `column 3 ("size"): unknown type "integer"`.
    public var description: String {
        "column \(columnIndex + 1) (\"\(column)\"): \(message)"
    }
}
