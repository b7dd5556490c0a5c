/// What every tape of a whole, well-formed input keeps: checked by the tape tests and the
/// tape fuzz target, never on the decode path.
extension Array where Element == TapeEntry {
    /// The first invariant the entries break, or `nil`. `inputCount` is the length of the input
    /// they were recorded from, in one piece.
    func firstTapeViolation(inputCount: Int) -> String? {
        var lastEnd = 0
        for (index, entry) in enumerated() {
            // A top-level number is completed by yajl's own end-of-input space, past the input.
            let completesInput = index == count - 1 && entry.kind == .number
            if !completesInput {
                if entry.tokenEnd < lastEnd { return "entry \(index): token end \(entry.tokenEnd) before \(lastEnd)" }
                if entry.tokenEnd > inputCount { return "entry \(index): token end \(entry.tokenEnd) past the input" }
                lastEnd = entry.tokenEnd
            }
            switch entry.kind {
            case .beginObject, .beginArray:
                if let problem = containerViolation(at: index) { return problem }
            case .endObject, .endArray:
                let begin = Int(entry.raw.link)
                guard begin < index, self[begin].end == index else { return "entry \(index): end does not point at its begin" }
            default:
                break
            }
        }
        return nil
    }

    /// Whether the container that begins at `index` closes where its begin says, with the
    /// member count it says.
    private func containerViolation(at index: Int) -> String? {
        let begin = self[index]
        guard let end = begin.end, end > index, end < count else { return "entry \(index): no end recorded" }
        let closing: TapeKind = begin.kind == .beginObject ? .endObject : .endArray
        guard self[end].kind == closing else { return "entry \(index): its end \(end) is a \(self[end].kind)" }
        var members = 0
        var child = index + 1
        while child < end {
            if begin.kind == .beginArray || self[child].kind == .key { members += 1 }
            child = (self[child].end ?? child) + 1
        }
        guard child == end else { return "entry \(index): its members run past its end" }
        return members == begin.length ? nil : "entry \(index): \(begin.length) members recorded, \(members) found"
    }
}
