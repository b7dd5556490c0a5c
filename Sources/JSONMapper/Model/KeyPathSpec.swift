import JSONMapperKeySyntax

/// A declared key as the steps it takes through JSON, parsed by the one mapping-key grammar
/// (``MappingKeyPath``), with its keys through the mapping's key strategy.
struct KeyPathSpec: Hashable, Sendable {
    typealias Step = MappingKeyPath.Step

    /// Never empty: the grammar rejects an empty key.
    let steps: [Step]

    /// The declared text, for messages and error paths.
    let text: String

    /// Whether the key starts in an object (`"id"`, `"user.id"`), not at an array position
    /// (`"[0]"`, a positional model's key).
    var startsWithKey: Bool {
        if case .key = steps[0] { true } else { false }
    }

    /// Parses `declared`; runs once per key when a mapping is compiled, never while decoding.
    init(_ declared: String, strategy: JSONKeyStrategy) throws(MappingKeySyntaxError) {
        text = declared
        steps = try MappingKeyPath(parsing: declared).steps.map {
            if case .key(let key) = $0 { return .key(strategy.jsonKey(for: key)) }
            return $0
        }
    }
}
