/// A declared key as the steps it takes through JSON (see ``JSONPath``), its keys through the
/// mapping's key strategy.
struct KeyPathSpec: Hashable, Sendable {
    typealias Step = JSONPath.Step

    let steps: [Step]

    /// The declared text, for messages and error paths.
    let text: String

    /// Whether the key starts in an object (`"id"`, `"user.id"`), not at an array position
    /// (`"[0]"`, a positional model's key).
    var startsWithKey: Bool {
        if case .key = steps[0] { true } else { false }
    }

    init(_ declared: String, strategy: JSONKeyStrategy) {
        text = declared
        steps = JSONPath(declared).steps.map {
            if case .key(let key) = $0 { return .key(strategy.jsonKey(for: key)) }
            return $0
        }
    }
}
