import JSONMapper

/// Interprets a spec document: `columns` (a list of column mappings), `coercion`,
/// `explode` (see ``ExplodeSpec``) and `to` (the output format `convert` writes), with
/// unknown keys reported (a typo would otherwise silently change the output).
enum SpecReader {
    private static let topKeys: Set = ["columns", "coercion", "explode", "to"]
    /// The formats `to` may name: `convert`'s `--to`.
    static let outputFormats = ["csv", "tsv", "ndjson", "json", "parquet"]
    private static let columnKeys: Set = ["name", "path", "type", "required", "default", "format", "outputFormat"]

    /// The spec's schema; `explode`, when given, replaces the spec's own.
    static func schema(from root: SpecNode, explode: JSONExplode? = nil) throws -> JSONSchema {
        let members = try mapping(root, at: "")
        try checkKeys(members, allowed: topKeys, at: "", node: root)
        guard let columnsNode = members.first(where: { $0.key == "columns" })?.value else {
            throw SpecProblem(path: "", position: root.position, message: "the spec has no \"columns\" list")
        }
        guard case .list(let columnNodes) = columnsNode.value, !columnNodes.isEmpty else {
            throw SpecProblem(path: "columns", position: columnsNode.position, message: "\"columns\" must be a non-empty list of columns")
        }
        var coercion = DecodingOptions.Coercion.lenient
        if let node = members.first(where: { $0.key == "coercion" })?.value {
            switch try string(node, at: "coercion") {
            case "lenient": coercion = .lenient
            case "strict": coercion = .strict
            case let other: throw SpecProblem(path: "coercion", position: node.position, message: "unknown coercion \"\(other)\"; expected lenient or strict")
            }
        }
        var columns: [JSONColumn] = []
        for (index, node) in columnNodes.enumerated() {
            columns.append(try column(node, at: "columns[\(index)]"))
        }
        let explodeNode = members.first(where: { $0.key == "explode" })?.value
        let explode = try explode ?? explodeNode.map { try ExplodeSpec.explode(from: $0) }
        do {
            return try JSONSchema(columns: columns, coercion: coercion, explode: explode)
        } catch {
            guard error.columnIndex < columnNodes.count else {
                throw SpecProblem(path: "explode", position: explodeNode?.position, message: error.message)
            }
            let node = columnNodes[error.columnIndex]
            throw SpecProblem(path: "columns[\(error.columnIndex)]", position: node.position, message: "column \"\(error.column)\": \(error.message)")
        }
    }

    /// The output format the spec's `to` names, or `nil` without one.
    static func outputFormat(from root: SpecNode) throws -> String? {
        let members = try mapping(root, at: "")
        guard let node = members.first(where: { $0.key == "to" })?.value else { return nil }
        let format = try string(node, at: "to")
        guard outputFormats.contains(format) else {
            throw SpecProblem(path: "to", position: node.position,
                              message: "unknown output format \"\(format)\"; expected one of \(outputFormats.joined(separator: ", "))")
        }
        return format
    }

    private static func column(_ node: SpecNode, at path: String) throws -> JSONColumn {
        let members = try mapping(node, at: path)
        try checkKeys(members, allowed: columnKeys, at: path, node: node)
        func member(_ key: String) -> SpecNode? { members.first { $0.key == key }?.value }
        guard let nameNode = member("name") else { throw SpecProblem(path: path, position: node.position, message: "the column has no \"name\"") }
        let name = try string(nameNode, at: "\(path).name")
        let paths = try member("path").map { try self.paths($0, at: "\(path).path") } ?? [name]
        let type = try self.type(member("type"), format: member("format"), outputFormat: member("outputFormat"), at: path)
        let required = try member("required").map { try bool($0, at: "\(path).required") } ?? false
        return JSONColumn(name, paths: paths, type: type, required: required, default: member("default")?.json)
    }

    private static func type(_ node: SpecNode?, format: SpecNode?, outputFormat: SpecNode?, at path: String) throws -> JSONColumnType {
        let name = try node.map { try string($0, at: "\(path).type") } ?? "string"
        guard let type = JSONColumnType(name: name) else {
            throw SpecProblem(path: "\(path).type", position: node?.position,
                              message: "unknown type \"\(name)\"; expected one of \(JSONColumnType.names.joined(separator: ", "))")
        }
        guard case .date = type else {
            if let extra = format ?? outputFormat {
                throw SpecProblem(path: path, position: extra.position, message: "\"format\" and \"outputFormat\" apply to date columns only")
            }
            return type
        }
        return .date(format: try format.map { try string($0, at: "\(path).format") },
                     outputFormat: try outputFormat.map { try string($0, at: "\(path).outputFormat") })
    }

    /// A path, or a list of fallback paths.
    private static func paths(_ node: SpecNode, at path: String) throws -> [String] {
        switch node.value {
        case .string(let single): return [single]
        case .list(let elements) where !elements.isEmpty:
            return try elements.enumerated().map { try string($0.element, at: "\(path)[\($0.offset)]") }
        default: throw SpecProblem(path: path, position: node.position, message: "expected a key path or a non-empty list of key paths, found \(node.kind)")
        }
    }

    static func mapping(_ node: SpecNode, at path: String) throws -> [(key: String, value: SpecNode)] {
        guard case .map(let members) = node.value else {
            throw SpecProblem(path: path, position: node.position, message: "expected a mapping, found \(node.kind)")
        }
        return members
    }

    static func checkKeys(_ members: [(key: String, value: SpecNode)], allowed: Set<String>, at path: String, node: SpecNode) throws {
        guard let unknown = members.first(where: { !allowed.contains($0.key) }) else { return }
        throw SpecProblem(path: path, position: unknown.value.position ?? node.position,
                          message: "unknown key \"\(unknown.key)\"; expected one of \(allowed.sorted().joined(separator: ", "))")
    }

    static func string(_ node: SpecNode, at path: String) throws -> String {
        guard case .string(let text) = node.value else {
            throw SpecProblem(path: path, position: node.position, message: "expected a string, found \(node.kind)")
        }
        return text
    }

    static func bool(_ node: SpecNode, at path: String) throws -> Bool {
        guard case .bool(let flag) = node.value else {
            throw SpecProblem(path: path, position: node.position, message: "expected true or false, found \(node.kind)")
        }
        return flag
    }
}
