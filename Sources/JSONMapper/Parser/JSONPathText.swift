/// A JSON path as every error of the library writes it (`statuses[3].user.id`): keys joined
/// by `.`, indices as `[n]`, `""` for the top level. Each place that knows a path in its own
/// terms (a session's frames, a Codable coding path, the bytes read so far, an error passing
/// out through the writer's containers) builds one of these, so the syntax is written once.
struct JSONPathText {
    /// The path so far.
    private(set) var text: String

    init(_ text: String = "") {
        self.text = text
    }

    /// Adds an object member's key.
    mutating func append(key: String) {
        text += text.isEmpty ? key : ".\(key)"
    }

    /// The path of element `index` of the top-level array (`[3]`).
    static func index(_ index: Int) -> String {
        "[\(index)]"
    }

    /// Adds an array element's index.
    mutating func append(index: Int) {
        text += Self.index(index)
    }

    /// Adds a path below this one: a key path as a mapping declares it (`"user.id"`,
    /// `"[2].name"`), or what an error found below this place.
    mutating func append(path: String) {
        guard !path.isEmpty else { return }
        text += text.isEmpty || path.hasPrefix("[") ? path : ".\(path)"
    }
}
