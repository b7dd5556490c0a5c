/// Where a JSON string token ends, read byte by byte: the one scanner of string state for the
/// scans over bytes outside yajl (record framing, the path of an open container, the
/// encoder's reading back of its own text). A backslash escapes the byte after it; the first
/// quote not escaped closes the string. Whether the string is valid is yajl's to say.
struct JSONStringScanner {
    private var escaped = false

    /// Takes the next byte inside a string (after its opening quote); `true` when it is the
    /// closing quote, which leaves the scanner ready for the next string.
    @inline(__always)
    mutating func closes(with byte: UInt8) -> Bool {
        if escaped {
            escaped = false
            return false
        }
        if byte == UInt8(ascii: "\\") {
            escaped = true
            return false
        }
        return byte == UInt8(ascii: "\"")
    }

    /// The offset just past the string whose opening quote is at `start`, among `count` bytes
    /// read by `byte` (or `count`, when the bytes end inside the string).
    @inline(__always)
    static func end(ofStringAt start: Int, count: Int, byte: (Int) -> UInt8) -> Int {
        var scanner = JSONStringScanner()
        var i = start + 1
        while i < count {
            let next = byte(i)
            i += 1
            if scanner.closes(with: next) { return i }
        }
        return count
    }
}
