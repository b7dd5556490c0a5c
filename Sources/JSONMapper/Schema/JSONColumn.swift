/// One column of a ``JSONSchema``: where its value comes from in each record, what type it
/// takes, and what happens when the record lacks it.
///
/// ```swift
/// JSONColumn("login", paths: ["actor.login", "actor.name"], type: .string, default: "")
/// JSONColumn("size", path: "payload.size", type: .int, required: true)
/// ```
public struct JSONColumn: Sendable, Equatable {
    /// The column's name: its header in CSV and TSV, its key in JSON output.
    public var name: String
    /// Where the value is read, in priority order: keys, key paths (`"actor.login"`), index
    /// paths (`"payload.commits[0].sha"`, `"[3]"`), written as mapping keys are. The first
    /// present one wins, as for a model's fallback keys.
    public var paths: [String]
    /// The type the value is converted to.
    public var type: JSONColumnType
    /// Whether a record without a value for the column is rejected
    /// (``JSONMapperError/keyNotFound(path:location:)``, naming the first path).
    public var isRequired: Bool
    /// The value of the column when a record lacks it (or holds `null`), converted to the
    /// column's type when the schema is compiled; `nil` for an empty cell.
    public var defaultValue: JSONValue?

    /// A column read from one key, key path or index path.
    public init(_ name: String, path: String, type: JSONColumnType = .string, required: Bool = false, default defaultValue: JSONValue? = nil) {
        self.init(name, paths: [path], type: type, required: required, default: defaultValue)
    }

    /// A column read from the first present path of a list.
    public init(_ name: String, paths: [String], type: JSONColumnType = .string, required: Bool = false, default defaultValue: JSONValue? = nil) {
        self.name = name
        self.paths = paths
        self.type = type
        self.isRequired = required
        self.defaultValue = defaultValue
    }
}

/// The type of a ``JSONColumn``'s values, converted by the library's coercions (lenient or
/// strict, as the schema says).
public enum JSONColumnType: Sendable, Equatable, CustomStringConvertible {
    /// Text; leniently also a number's own text and `true`/`false`.
    case string
    /// A 64-bit integer, exact; out of range is an error, never wrapped.
    case int
    /// A double, written back in its shortest round-trip form.
    case double
    /// A decimal, exact from the number's text.
    case decimal
    /// `true` or `false`.
    case bool
    /// A date read in `format` (``DateFormatTransformer``'s pattern letters; `nil`: Unix time
    /// or the built-in ISO 8601 and RFC 2822 forms) and written in `outputFormat` (`nil`:
    /// ISO 8601 in UTC). Dates without a zone field are in UTC.
    case date(format: String? = nil, outputFormat: String? = nil)
    /// The value's JSON text, whatever its kind (objects and arrays included).
    case json
    /// The number of elements of an array.
    case count
    /// The position of the element a row was made from in an exploded array, from 0 (see
    /// ``JSONExplode``); the column's paths are not read. Only in a schema with an explode.
    case ordinal

    /// The names types have in schema files, without the date's formats.
    public static let names = ["string", "int", "double", "decimal", "bool", "date", "json", "count", "ordinal"]

    /// The type a name of ``names`` stands for, with no date formats; `nil` for another name.
    public init?(name: String) {
        switch name {
        case "string": self = .string
        case "int": self = .int
        case "double": self = .double
        case "decimal": self = .decimal
        case "bool": self = .bool
        case "date": self = .date()
        case "json": self = .json
        case "count": self = .count
        case "ordinal": self = .ordinal
        default: return nil
        }
    }

    /// The type's name in schema files (`"date"` for every date).
    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .decimal: "decimal"
        case .bool: "bool"
        case .date: "date"
        case .json: "json"
        case .count: "count"
        case .ordinal: "ordinal"
        }
    }
}
