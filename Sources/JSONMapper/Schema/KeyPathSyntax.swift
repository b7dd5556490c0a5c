/// Checks a path written as mapping keys are (`"actor.login"`, `"payload.commits[0].sha"`,
/// `"[3]"`, `"a\\.b"` for the key `a.b`) before a schema compiles it: a model's keys are part
/// of the program, but a schema's come from a file, so a malformed one is an error for its
/// author rather than a key nobody's JSON has.
enum KeyPathSyntax {
    /// What is wrong with `path`, or `nil` when it is well formed.
    static func problem(in path: String) -> String? {
        let characters = Array(path)
        guard !characters.isEmpty else { return "the path is empty" }
        var i = 0
        // Whether the step being read has anything yet (a key character, or an index).
        var stepHasContent = false
        while i < characters.count {
            switch characters[i] {
            case "\\":
                guard i + 1 < characters.count else { return "it ends with an unfinished escape \"\\\"" }
                stepHasContent = true
                i += 2
            case ".":
                guard stepHasContent else { return "empty key at character \(i + 1)" }
                guard i + 1 < characters.count else { return "it ends with \".\"" }
                stepHasContent = false
                i += 1
            case "[":
                var end = i + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                guard end > i + 1, end < characters.count, characters[end] == "]" else {
                    return "\"[\" at character \(i + 1) does not start an index such as [0] (escape it as \\[ in a key)"
                }
                stepHasContent = true
                i = end + 1
                if i < characters.count, characters[i] != ".", characters[i] != "[" {
                    return "\"]\" at character \(end + 1) is followed by \"\(characters[i])\", not \".\" or \"[\""
                }
            case "]":
                return "\"]\" at character \(i + 1) closes no index"
            default:
                stepHasContent = true
                i += 1
            }
        }
        return nil
    }
}
