/// A path through JSON values, written as mapping keys are: `"a.b[0].c"` is
/// `.key("a"), .key("b"), .index(0), .key("c")`.
///
/// A `.` or `[` that belongs to a key is escaped with a backslash: `"a\\.b"` is the one key `a.b`.
struct JSONPath: Hashable, Sendable {
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    let steps: [Step]

    init(_ text: String) { steps = Self.parse(text) }

    private static func parse(_ text: String) -> [Step] {
        var steps: [Step] = []
        var current = ""
        var escaped = false
        var chars = Array(text)[...]
        func flushKey() {
            if !current.isEmpty { steps.append(.key(current)) }
            current = ""
        }
        while let c = chars.popFirst() {
            if escaped { current.append(c); escaped = false; continue }
            switch c {
            case "\\": escaped = true
            case ".": flushKey()
            case "[":
                let digits = chars.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, chars.dropFirst(digits.count).first == "]", let index = Int(String(digits)) {
                    flushKey()
                    steps.append(.index(index))
                    chars = chars.dropFirst(digits.count + 1)
                } else {
                    current.append(c)
                }
            default: current.append(c)
            }
        }
        if escaped { current.append("\\") }
        flushKey()
        if steps.isEmpty { steps.append(.key("")) }
        return steps
    }
}
