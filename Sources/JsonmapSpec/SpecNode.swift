import JSONMapper
import Yams

/// A spec file's document, JSON or YAML alike, with the line and column of each YAML node
/// (JSON specs are short and their syntax errors carry positions; their nodes have none).
struct SpecNode {
    enum Value {
        case null
        case bool(Bool)
        /// A number's text, as JSON writes it.
        case number(String)
        case string(String)
        case list([SpecNode])
        case map([(key: String, value: SpecNode)])
    }

    let value: Value
    /// `line 7, column 11`, for YAML.
    let position: String?

    /// The node for a parsed JSON value.
    init(_ json: JSONValue) {
        position = nil
        switch json {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .number(let number): value = .number(number.description)
        case .string(let string): value = .string(string)
        case .array(let elements): value = .list(elements.map(SpecNode.init))
        case .object(let object): value = .map(object.map { (key: $0.key, value: SpecNode($0.value)) })
        }
    }

    /// The node for a composed YAML node, with scalars typed by YAML's core schema (`12` is a
    /// number, `true` a boolean, `~` null, `"12"` a string).
    init(_ yaml: Node) throws(SpecProblem) {
        position = yaml.mark.map { "line \($0.line), column \($0.column)" }
        switch yaml {
        case .scalar(let scalar):
            value = Self.value(of: scalar, in: yaml)
        case .sequence(let sequence):
            var elements: [SpecNode] = []
            for element in sequence { elements.append(try SpecNode(element)) }
            value = .list(elements)
        case .mapping(let mapping):
            var members: [(key: String, value: SpecNode)] = []
            for (key, member) in mapping {
                guard let name = key.string else { throw SpecProblem(path: "", position: position, message: "a key is not a string") }
                members.append((name, try SpecNode(member)))
            }
            value = .map(members)
        case .alias:
            throw SpecProblem(path: "", position: position, message: "YAML aliases are not supported in specs")
        }
    }

    private static func value(of scalar: Node.Scalar, in node: Node) -> Value {
        // Quoted scalars are strings whatever they hold; plain ones are typed by their text.
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return .null
        case .bool: return node.bool.map(Value.bool) ?? .string(scalar.string)
        case .int: return node.int.map { .number(String($0)) } ?? .string(scalar.string)
        case .float:
            guard let number = node.float, number.isFinite, let json = JSONNumber(number) else { return .string(scalar.string) }
            return .number(json.description)
        default: return .string(scalar.string)
        }
    }

    /// The node as a JSON value (a column's default).
    var json: JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): JSONNumber(text: text).map(JSONValue.number) ?? .string(text)
        case .string(let string): .string(string)
        case .list(let elements): .array(elements.map(\.json))
        case .map(let members): .object(JSONObject(members.map { ($0.key, $0.value.json) }))
        }
    }

    /// What the node is, for messages: "a string", "a list"…
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .list: "a list"
        case .map: "a mapping"
        }
    }
}

/// A problem at a place in a spec: its path (`columns[2].type`) and, for YAML, line and column.
struct SpecProblem: Error {
    let path: String
    let position: String?
    let message: String

    /// `spec.yaml: columns[2].type (line 7, column 11): unknown type "integer"…`
    func message(inFile file: String) -> String {
        let place = [path.isEmpty ? nil : path, position.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)"
    }
}
