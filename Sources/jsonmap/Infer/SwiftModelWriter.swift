import JSONMapperKeySyntax

/// Swift source for ``JSONMappable`` models of sampled records: one struct per object shape
/// (the records' own, then one per nested object, named after its key), each property typed
/// from its values (`[T]` for arrays, `JSONValue` for mixed kinds) and mapped from its key,
/// `required: true` where every sampled object held a non-null value. Nested objects with the
/// same members (names, types, keys, required) share one struct, the first one named.
struct SwiftModelWriter {
    /// A property of a struct, as written.
    private struct Property: Hashable {
        let name: String
        let type: String
        let initial: String
        let key: String
        let isRequired: Bool
    }

    private var definitions: [String] = []
    private var usedTypeNames: Set<String> = []
    /// The nested structs written, by their properties.
    private var typeNames: [[Property]: String] = [:]

    /// The source of the model `name` and the models it nests.
    static func source(for root: ValueShape, named name: String, records: Int) -> String {
        var writer = SwiftModelWriter()
        writer.usedTypeNames.insert(name)
        writer.definitions.append(writer.definition(named: name, properties: writer.properties(of: root, owner: name, occurrences: records)))
        return "import Foundation\nimport JSONMapper\n\n" + writer.definitions.joined(separator: "\n")
    }

    /// The struct for a nested object shape: one already written with the same properties, or
    /// a new one named `proposed` (made unique), written after the ones it nests.
    private mutating func nestedType(of shape: ValueShape, proposed: String, occurrences: Int) -> String {
        let properties = properties(of: shape, owner: proposed, occurrences: occurrences)
        if let existing = typeNames[properties] { return existing }
        let name = Self.unique(proposed, in: &usedTypeNames)
        typeNames[properties] = name
        definitions.append(definition(named: name, properties: properties))
        return name
    }

    /// The properties of an object shape, defining the structs they nest.
    private mutating func properties(of shape: ValueShape, owner: String, occurrences: Int) -> [Property] {
        var properties: [Property] = []
        var propertyNames: Set<String> = ["jsonMapping"]
        for member in shape.members where !member.key.isEmpty {
            let (key, member) = (member.key, member.shape)
            let property = Self.unique(Self.identifier(for: key), in: &propertyNames)
            let isRequired = member.nonNullCount == occurrences
            let (type, initial) = swiftType(of: member, key: key, owner: owner, isRequired: isRequired)
            properties.append(Property(name: property, type: type, initial: initial, key: MappingKeyPath.escaping(key), isRequired: isRequired))
        }
        return properties
    }

    private func definition(named name: String, properties: [Property]) -> String {
        var text = "struct \(name): JSONMappable, Sendable {\n"
        for property in properties {
            text += "    var \(Self.backticked(property.name)): \(property.type)\(property.initial.isEmpty ? "" : " = \(property.initial)")\n"
        }
        if !properties.isEmpty { text += "\n" }
        text += "    static let jsonMapping = JSONMapping<\(name)> {\n"
        for property in properties {
            text += "        JSONMap(\\.\(Self.backticked(property.name)), \(MappingKeyPath.swiftLiteral(property.key))\(property.isRequired ? ", required: true" : ""))\n"
        }
        return text + "    }\n}\n"
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
            return nestedType(of: shape, proposed: owner + Self.typeName(for: key), occurrences: shape.nonNullCount)
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

    /// The singular of a key naming an array of objects, for its element type: `commits` →
    /// `commit`, `dependencies` → `dependency`, `matches` → `match`, `statuses` → `status`; a
    /// key that does not end like an English plural gets `Element`: `data` → `dataElement`.
    static func singular(_ key: String) -> String {
        for (plural, singular) in irregularPlurals where key.hasSuffix(plural) {
            return key.dropLast(plural.count) + singular
        }
        // A regular ending needs a stem of two letters or more: `ties` is `tie`, not `ty`.
        for (plural, singular) in pluralEndings where key.hasSuffix(plural) && key.count > plural.count + 1 {
            return key.dropLast(plural.count) + singular
        }
        let looksSingular = ["ss", "us", "is"].contains { key.hasSuffix($0) }
        return key.count > 1 && key.hasSuffix("s") && !looksSingular ? String(key.dropLast()) : key + "Element"
    }

    /// Irregular plurals, and plurals of words ending in `-ie` or `-s`, that APIs use.
    private static let irregularPlurals: [(String, String)] = [
        ("people", "person"), ("children", "child"), ("statuses", "status"), ("aliases", "alias"),
        ("analyses", "analysis"), ("indices", "index"), ("matrices", "matrix"), ("vertices", "vertex"),
        ("series", "series"), ("species", "species"), ("caches", "cache"), ("movies", "movie"), ("cookies", "cookie"),
    ]

    /// Regular plural endings and their singulars, checked before dropping a final `s`.
    private static let pluralEndings: [(String, String)] = [("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x")]

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
}
