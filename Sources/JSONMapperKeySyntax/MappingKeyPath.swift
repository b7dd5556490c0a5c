/// A mapping key parsed into the steps it takes through JSON: the one grammar of mapping keys,
/// read by the runtime when it compiles a mapping and by the `@JSONMappable` macro at compile
/// time, so both accept and reject exactly the same keys.
///
/// ```
/// key-path  = first *( "." name / index )
/// first     = name / index
/// index     = "[" 1*DIGIT "]"
/// name      = 1*( unescaped / "\" any-character )    ; unescaped: any but ".", "[", "\"
/// ```
///
/// `"id"`, `"user.id"`, `"urls[0].expanded"`, `"[0]"` (a position of a model read from an
/// array) and `"a\.b"` (the one key `a.b`) are keys; only `.`, `[` and `\` are escaped, so
/// `"k\[0]"` is the key `k[0]`. `""`, `"a..b"`, `".a"`, `"a."`, `"a[x]"`, `"a["`, `"a[]"` and
/// `"a[0]b"` are not keys, each with a ``MappingKeySyntaxError`` that says why and where.
public struct MappingKeyPath: Hashable, Sendable {
    /// One step from a JSON value to a value inside it.
    public enum Step: Hashable, Sendable {
        /// The member of an object under this key.
        case key(String)
        /// The element of an array at this position.
        case index(Int)
    }

    /// The largest array position a key may name. A position is a slot in the compiled
    /// mapping's array level, so a huge one is a mistake, not a key.
    public static let maximumIndex = 65_535

    /// The steps, in order; never empty.
    public let steps: [Step]

    /// Parses `text`, or throws the first place where it breaks the grammar.
    public init(parsing text: String) throws(MappingKeySyntaxError) {
        var parser = MappingKeyParser(text)
        steps = try parser.parse()
    }
}

/// Why a mapping key is malformed, and where.
public struct MappingKeySyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for a person: `"'[' is never closed"`.
    public let reason: String
    /// The offset of the offending character in the key, counted in characters from 0.
    public let offset: Int

    /// An error at `offset` of the key, saying `reason`.
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason and where it is, counting characters from 1 as a person does:
    /// `'[' is never closed (at character 2)` for `"a["`.
    public var description: String { "\(reason) (at character \(offset + 1))" }
}

/// Reads one key, character by character, keeping its offset for errors.
private struct MappingKeyParser {
    private let characters: [Character]
    private var position = 0
    private var steps: [MappingKeyPath.Step] = []

    init(_ text: String) { characters = Array(text) }

    mutating func parse() throws(MappingKeySyntaxError) -> [MappingKeyPath.Step] {
        guard !characters.isEmpty else { throw MappingKeySyntaxError(reason: "a key cannot be empty", offset: 0) }
        try readStep(afterDot: false)
        while let next = peek() {
            switch next {
            case ".":
                position += 1
                try readStep(afterDot: true)
            case "[":
                try readIndex()
            default:
                // Names run up to a separator, so only an index can be followed by anything else.
                throw error("expected '.' or '[' after ']', found '\(next)'")
            }
        }
        return steps
    }

    private func peek() -> Character? { position < characters.count ? characters[position] : nil }

    private func error(_ reason: String, at offset: Int? = nil) -> MappingKeySyntaxError {
        MappingKeySyntaxError(reason: reason, offset: offset ?? position)
    }

    /// A name, or (not after a dot) an index.
    private mutating func readStep(afterDot: Bool) throws(MappingKeySyntaxError) {
        if !afterDot, peek() == "[" { return try readIndex() }
        try readName()
    }

    private mutating func readName() throws(MappingKeySyntaxError) {
        var name = ""
        while let c = peek(), c != ".", c != "[" {
            switch c {
            case "\\":
                position += 1
                guard let escaped = peek() else { throw error("'\\' at the end of the key escapes nothing", at: position - 1) }
                name.append(escaped)
            default:
                name.append(c)
            }
            position += 1
        }
        guard !name.isEmpty else {
            if position == 0 { throw error("the key starts with '.'") }
            throw error(position == characters.count ? "the key ends with an empty name after '.'" : "empty name between separators")
        }
        steps.append(.key(name))
    }

    /// `[digits]`, starting at the `[`.
    private mutating func readIndex() throws(MappingKeySyntaxError) {
        let open = position
        position += 1
        var value = 0
        var digits = 0
        while let c = peek(), c != "]" {
            guard let digit = c.wholeNumberValue, c.isASCII else {
                throw error("an array index is digits only, found '\(c)' (escape a '[' that belongs to a key as \\[)")
            }
            value = value * 10 + digit
            digits += 1
            guard value <= MappingKeyPath.maximumIndex else {
                throw error("an array index is at most \(MappingKeyPath.maximumIndex)", at: open)
            }
            position += 1
        }
        guard peek() == "]" else { throw error("'[' is never closed", at: open) }
        guard digits > 0 else { throw error("'[]' names no array index", at: open) }
        position += 1
        steps.append(.index(value))
    }
}
