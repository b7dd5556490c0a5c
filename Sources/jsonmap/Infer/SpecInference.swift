import JSONMapper

/// A spec from sampled records: one column per key path to a value that is not an object
/// (nested objects are flattened into key paths), typed by ``ValueShape/columnType``, and
/// required when every sampled record holds a non-null value there.
enum SpecInference {
    struct Column {
        /// The keys joined with dots, unescaped: the column's name.
        let name: String
        let path: String
        let type: JSONColumnType
        let isRequired: Bool
    }

    static func columns(of root: ValueShape, records: Int) -> [Column] {
        var columns: [Column] = []
        collect(root, prefix: (name: "", path: ""), records: records, into: &columns)
        return columns
    }

    private static func collect(_ shape: ValueShape, prefix: (name: String, path: String), records: Int, into columns: inout [Column]) {
        for member in shape.members where !member.key.isEmpty {
            let (key, member) = (member.key, member.shape)
            let name = prefix.name.isEmpty ? key : "\(prefix.name).\(key)"
            let path = prefix.path.isEmpty ? escaped(key) : "\(prefix.path).\(escaped(key))"
            if member.isObjectOnly {
                collect(member, prefix: (name, path), records: records, into: &columns)
            } else {
                columns.append(Column(name: name, path: path, type: member.columnType, isRequired: member.nonNullCount == records))
            }
        }
    }

    /// A key as one step of a key path: `.`, `[`, `]` and `\` escaped with a backslash.
    static func escaped(_ key: String) -> String {
        var text = ""
        for character in key {
            if "\\.[]".contains(character) { text.append("\\") }
            text.append(character)
        }
        return text
    }

    /// The spec as JSON text, one column per line.
    static func specText(_ columns: [Column]) -> String {
        let lines = columns.map { column -> String in
            var members: [(String, JSONValue)] = [("name", .string(column.name)), ("path", .string(column.path)), ("type", .string(column.type.description))]
            if column.isRequired { members.append(("required", true)) }
            return "    " + JSONValue.object(JSONObject(members)).description
        }
        return "{\n  \"columns\": [\n" + lines.joined(separator: ",\n") + "\n  ],\n  \"coercion\": \"lenient\"\n}\n"
    }
}
