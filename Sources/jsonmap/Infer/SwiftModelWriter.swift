/// Swift source for ``JSONMappable`` models of sampled records: one struct per object shape
/// (the records' own, then one per nested object, named after its key), each property typed
/// from its values (`[T]` for arrays, `JSONValue` for mixed kinds) and mapped from its key,
/// `required: true` where every sampled object held a non-null value.
struct SwiftModelWriter {
    private var definitions: [String] = []
    private var usedTypeNames: Set<String> = []

    /// The source of the model `name` and the models it nests.
    static func source(for root: ValueShape, named name: String, records: Int) -> String {
        var writer = SwiftModelWriter()
        writer.usedTypeNames.insert(name)
        writer.define(root, named: name, occurrences: records)
        return "import Foundation\nimport JSONMapper\n\n" + writer.definitions.joined(separator: "\n")
    }

    /// Adds the struct for an object shape (after the ones it nests, which it names).
    private mutating func define(_ shape: ValueShape, named name: String, occurrences: Int) {
        var properties: [(name: String, type: String, initial: String, key: String, isRequired: Bool)] = []
        var propertyNames: Set<String> = ["jsonMapping"]
        for member in shape.members where !member.key.isEmpty {
            let (key, member) = (member.key, member.shape)
            let property = Self.unique(Self.identifier(for: key), in: &propertyNames)
            let isRequired = member.nonNullCount == occurrences
            let (type, initial) = swiftType(of: member, key: key, owner: name, isRequired: isRequired)
            properties.append((property, type, initial, SpecInference.escaped(key), isRequired))
        }
        var text = "struct \(name): JSONMappable, Sendable {\n"
        for property in properties {
            text += "    var \(Self.backticked(property.name)): \(property.type)\(property.initial.isEmpty ? "" : " = \(property.initial)")\n"
        }
        if !properties.isEmpty { text += "\n" }
        text += "    static let jsonMapping = JSONMapping<\(name)> {\n"
        for property in properties {
            text += "        Map(\\.\(Self.backticked(property.name)), \(Self.literal(property.key))\(property.isRequired ? ", required: true" : ""))\n"
        }
        text += "    }\n}\n"
        definitions.append(text)
    }

    /// The property's type and initial value (empty for an optional, which starts as nil).
    private mutating func swiftType(of shape: ValueShape, key: String, owner: String, isRequired: Bool) -> (String, String) {
        let type = valueType(of: shape, key: key, owner: owner)
        if type.hasPrefix("[") { return (type, "[]") }
        guard isRequired else { return (type + "?", "") }
        switch type {
        case "String": return (type, "\"\"")
        case "Int", "Double", "Decimal": return (type, "0")
        case "Bool": return (type, "false")
        case "JSONValue": return (type, ".null")
        default: return (type, "\(type)()")
        }
    }

    /// The non-optional Swift type of the values of a shape.
    private mutating func valueType(of shape: ValueShape, key: String, owner: String) -> String {
        let seen = shape.kinds.subtracting(.null)
        if seen == .object {
            let name = Self.unique(owner + Self.typeName(for: key), in: &usedTypeNames)
            define(shape, named: name, occurrences: shape.nonNullCount)
            return name
        }
        if seen == .array {
            guard let element = shape.elements.first else { return "[JSONValue]" }
            return "[\(valueType(of: element, key: Self.singular(key), owner: owner))]"
        }
        switch shape.columnType {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .string: return "String"   // lenient mapping reads numbers and booleans as text too
        default: return "JSONValue"
        }
    }

    /// A lowerCamelCase identifier for a key: `created_at` → `createdAt`, `2fa` → `_2fa`.
    static func identifier(for key: String) -> String {
        let words = key.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII }).map(String.init)
        guard let first = words.first else { return "value" }
        var name = first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map(capitalized).joined()
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// An UpperCamelCase type name for a key: `pull_request` → `PullRequest`.
    static func typeName(for key: String) -> String {
        let name = identifier(for: key)
        return name.hasPrefix("_") ? "T" + name : capitalized(name)
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `commits` → `commit`, for the element type of an array of objects.
    private static func singular(_ key: String) -> String {
        key.count > 1 && key.hasSuffix("s") && !key.hasSuffix("ss") ? String(key.dropLast()) : key + "Element"
    }

    private static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            candidate = "\(name)\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    private static let keywords: Set = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    private static func backticked(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal.
    private static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 { literal += "\\u{\(String(scalar.value, radix: 16))}" } else { literal.unicodeScalars.append(scalar) }
            }
        }
        return literal + "\""
    }
}
