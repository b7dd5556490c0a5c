import Foundation

/// Foundation's key conversions, written as its coders apply them.
enum SnakeCase {
    /// `convertFromSnakeCase`: `first_name` → `firstName`; leading and trailing underscores
    /// stay, and a key without an inner underscore is left as it is.
    static func camelCased(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(key[first...last])
        } else {
            joined = ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
