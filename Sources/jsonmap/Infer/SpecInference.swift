import JSONMapper
import JSONMapperKeySyntax

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

    /// The columns; with `explode`, the path of an array, its elements' columns (flattened
    /// under the path, required when every element has a value) and an ordinal column in
    /// place of the array's.
    static func columns(of root: ValueShape, records: Int, explode: String? = nil) -> [Column] {
        var columns: [Column] = []
        collect(root, prefix: (name: "", path: ""), records: records, explode: explode, into: &columns)
        return columns
    }

    private static func collect(_ shape: ValueShape, prefix: (name: String, path: String), records: Int, explode: String?,
                                into columns: inout [Column]) {
        for member in shape.members where !member.key.isEmpty {
            let (key, member) = (member.key, member.shape)
            let name = prefix.name.isEmpty ? key : "\(prefix.name).\(key)"
            let path = prefix.path.isEmpty ? MappingKeyPath.escaping(key) : "\(prefix.path).\(MappingKeyPath.escaping(key))"
            if path == explode, let element = member.elements.first {
                columns.append(Column(name: "\(name).ordinal", path: path, type: .ordinal, isRequired: false))
                if element.isObjectOnly {
                    collect(element, prefix: (name, path), records: element.nonNullCount, explode: nil, into: &columns)
                } else {
                    columns.append(Column(name: name, path: path, type: element.columnType, isRequired: false))
                }
            } else if member.isObjectOnly {
                collect(member, prefix: (name, path), records: records, explode: explode, into: &columns)
            } else {
                columns.append(Column(name: name, path: path, type: member.columnType, isRequired: member.nonNullCount == records))
            }
        }
    }

    /// The path of the first array of objects in the shape (members in the order their keys
    /// first appeared, depth first), for proposing an explode.
    static func firstArrayOfObjects(in shape: ValueShape, prefix: String = "") -> String? {
        for member in shape.members where !member.key.isEmpty {
            let path = prefix.isEmpty ? MappingKeyPath.escaping(member.key) : "\(prefix).\(MappingKeyPath.escaping(member.key))"
            if member.shape.kinds.subtracting(.null) == .array, member.shape.elements.first?.isObjectOnly == true { return path }
            if member.shape.isObjectOnly, let inner = firstArrayOfObjects(in: member.shape, prefix: path) { return inner }
        }
        return nil
    }

    /// Whether `path` names an array in the shape, as ``columns(of:records:explode:)`` reads it.
    static func hasArray(at path: String, in shape: ValueShape) -> Bool {
        columns(of: shape, records: 1, explode: path).contains { $0.type == .ordinal }
    }

    /// The spec as JSON text, one column per line, with the explode when given.
    static func specText(_ columns: [Column], explode: String? = nil) -> String {
        let lines = columns.map { column -> String in
            var members: [(String, JSONValue)] = [("name", .string(column.name)), ("path", .string(column.path)), ("type", .string(column.type.description))]
            if column.isRequired { members.append(("required", true)) }
            return "    " + JSONValue.object(JSONObject(members)).description
        }
        let explodeLine = explode.map { "  \"explode\": \(JSONValue.string($0).description),\n" } ?? ""
        return "{\n" + explodeLine + "  \"columns\": [\n" + lines.joined(separator: ",\n") + "\n  ],\n  \"coercion\": \"lenient\"\n}\n"
    }
}
