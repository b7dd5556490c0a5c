import JSONMapper

/// A column given on the command line: `--field NAME=PATH[:TYPE][!]`, where `!` makes it
/// required and the type defaults to string (dates then use the built-in formats and ISO 8601
/// output). `PATH` may list fallbacks separated by `|`: `login=actor.login|actor.name`.
enum FieldOption {
    /// The column `text` describes, or a one-line usage message.
    static func column(from text: String) throws(CommandFailure) -> JSONColumn {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .usage("--field \"\(text)\": expected NAME=PATH[:TYPE][!]")
        }
        let name = String(text[..<equals])
        var rest = Substring(text[text.index(after: equals)...])
        let required = rest.hasSuffix("!")
        if required { rest = rest.dropLast() }
        var type = JSONColumnType.string
        if let colon = rest.lastIndex(of: ":") {
            let typeName = String(rest[rest.index(after: colon)...])
            guard let named = JSONColumnType(name: typeName) else {
                throw .usage("--field \"\(text)\": unknown type \"\(typeName)\"; expected one of \(JSONColumnType.names.joined(separator: ", "))")
            }
            type = named
            rest = rest[..<colon]
        }
        let paths = rest.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard !paths.contains(where: \.isEmpty) else { throw .usage("--field \"\(text)\": the path is empty") }
        return JSONColumn(name, paths: paths, type: type, required: required)
    }

    /// The schema of the `--field` options, in order, with one row per element of the array
    /// `explode` names.
    static func schema(from fields: [String], explode: JSONExplode? = nil) throws(CommandFailure) -> JSONSchema {
        var columns: [JSONColumn] = []
        for field in fields { columns.append(try column(from: field)) }
        do {
            return try JSONSchema(columns: columns, explode: explode)
        } catch {
            guard error.columnIndex < fields.count else { throw .usage("--explode \"\(explode?.path ?? "")\": \(error.message)") }
            throw .usage("--field \"\(fields[error.columnIndex])\": \(error.message)")
        }
    }
}
