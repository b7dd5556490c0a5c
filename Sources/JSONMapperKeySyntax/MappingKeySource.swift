extension MappingKeyPath {
    /// The mapping key that reads `key` as one JSON key, whatever it holds: `a.b` becomes
    /// `a\.b`, so that no `.`, `[` or `\` in it starts a step (the grammar escapes only those).
    public static func escaping(_ key: String) -> String {
        var escaped = ""
        for character in key {
            if character == "." || character == "[" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A mapping key as a Swift string literal, for code that writes mappings (`@JSONMappable`'s
    /// expansion, `jsonmap infer --swift`): backslashes, quotes and control characters escaped.
    public static func swiftLiteral(_ mappingKey: String) -> String {
        var literal = "\""
        for scalar in mappingKey.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
