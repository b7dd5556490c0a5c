/// Reads back JSON text the encoder wrote (valid, in its own layout): where a container's
/// members are, for a container opened again, and the order of two keys.
enum EncodingScan {
    /// A member or element: its start, its key's end (objects), its end.
    struct Span {
        var start: Int
        var keyEnd: Int
        var end: Int
    }

    /// The members (`isObject`) or elements of the container whose opening bracket is at
    /// `opening`, or of the document (`nil`: the text from offset 0 is its only value).
    static func members(_ bytes: [UInt8], openedAt opening: Int?, isObject: Bool) -> [Span] {
        var spans: [Span] = []
        var i = opening.map { $0 + 1 } ?? 0
        while true {
            while i < bytes.count, isSeparator(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != UInt8(ascii: "}"), bytes[i] != UInt8(ascii: "]") else { return spans }
            let start = i
            var keyEnd = i
            if isObject {
                i = stringEnd(bytes, from: i)
                keyEnd = i
                while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: ":") { i += 1 }
            }
            i = valueEnd(bytes, from: i)
            spans.append(Span(start: start, keyEnd: keyEnd, end: i))
            if opening == nil { return spans }
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
    }

    /// The end of the string whose opening quote is at `start`.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        JSONStringScanner.end(ofStringAt: start, count: bytes.count) { bytes[$0] }
    }

    /// The end of the value starting at `start`.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        var depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i = stringEnd(bytes, from: i)
                if depth == 0 { return i }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }
                depth -= 1
                if depth == 0 { return i + 1 }
            case UInt8(ascii: ","), UInt8(ascii: "\n"):
                if depth == 0 { return i }
            default:
                break
            }
            i += 1
        }
        return i
    }

    // MARK: Key order

    /// Whether the key of `a` comes before the key of `b` in Foundation's `.sortedKeys` order:
    /// the keys' UTF-8 bytes, compared before escaping (unescaped by the tape's unescaper: the
    /// encoder's escapes are JSON's, of valid UTF-8).
    static func keyPrecedes(_ bytes: [UInt8], _ a: EncodingMember, _ b: EncodingMember) -> Bool {
        let first = bytes[a.start + 1..<a.keyEnd - 1]
        let second = bytes[b.start + 1..<b.keyEnd - 1]
        if !first.contains(UInt8(ascii: "\\")), !second.contains(UInt8(ascii: "\\")) {
            return first.lexicographicallyPrecedes(second)
        }
        return first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                JSONUnescaping.withUnescaped(first) { first in
                    JSONUnescaping.withUnescaped(second) { second in first.lexicographicallyPrecedes(second) }
                }
            }
        }
    }
}
