/// How the keys written in a mapping become the keys looked up in JSON.
public enum JSONKeyStrategy: Sendable, Equatable {
    /// Look keys up exactly as declared.
    case useDeclaredKeys
    /// Declared `camelCase` keys are looked up as `snake_case`: `screenName` → `screen_name`.
    case snakeCase
    /// Declared `snake_case` keys are looked up as `camelCase`: `screen_name` → `screenName`.
    case camelCase
    /// Declared keys are looked up in lower case: `ScreenName` → `screenname`.
    case lowercase

    /// The JSON key for one declared key segment.
    public func jsonKey(for declared: String) -> String {
        switch self {
        case .useDeclaredKeys: declared
        case .snakeCase: Self.snakeCased(declared)
        case .camelCase: Self.camelCased(declared)
        case .lowercase: declared.lowercased()
        }
    }

    /// `screenName` → `screen_name`, `userID` → `user_id`, `URLString` → `url_string`.
    private static func snakeCased(_ key: String) -> String {
        let characters = Array(key)
        var result = ""
        for (i, c) in characters.enumerated() {
            if c.isUppercase {
                let previous = i > 0 ? characters[i - 1] : nil
                let next = i + 1 < characters.count ? characters[i + 1] : nil
                let startsWord = previous.map { $0.isLowercase || $0.isNumber } ?? false
                let endsAcronym = (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
                if i > 0, startsWord || endsAcronym, result.last != "_" { result.append("_") }
                result.append(contentsOf: c.lowercased())
            } else {
                result.append(c)
            }
        }
        return result
    }

    /// `screen_name` → `screenName`; leading underscores are kept.
    private static func camelCased(_ key: String) -> String {
        let leading = key.prefix { $0 == "_" }
        let words = key.dropFirst(leading.count).split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return key }
        return String(leading) + first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
