/// Chooses the framing of a stream from its first value and what follows it
/// (``JSONRecordFraming/automatic``).
///
/// A JSON Lines file whose lines are arrays starts with `[` just as an array file does, so the
/// first byte decides nothing: a first value that spans lines is an array (or, for other
/// values, a concatenated stream); one that ends its line is a JSON Lines record when another
/// value follows on a later line, and a one-line array when nothing follows; another value on
/// the same line makes the stream concatenated.
enum FramingDetector {
    /// The framing, or `nil` when the bytes so far do not decide it.
    ///
    /// - Parameters:
    ///   - bytes: The stream's first bytes (after any byte order mark).
    ///   - isComplete: Whether no more bytes will be looked at: the stream ended, or the bytes
    ///     fill the window the choice is made in. A first value that does not end within it is
    ///     an array when it opens one (as a JSON Lines record it could only be rejected), and a
    ///     JSON Lines record otherwise.
    static func framing(of bytes: UnsafeRawBufferPointer, isComplete: Bool) -> JSONRecordFraming? {
        var index = 0
        while index < bytes.count, ValueScanner.isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return isComplete ? .jsonLines : nil }
        let opensArray = bytes[index] == UInt8(ascii: "[")
        let alone: JSONRecordFraming = opensArray ? .array : .jsonLines
        let spansLines: JSONRecordFraming = opensArray ? .array : .concatenated

        var scanner = ValueScanner(layout: .concatenated, origin: .start)
        var end = index
        let found = scanner.scan(bytes, from: &end, bufferOffset: 0)
        guard case .value(let span) = found else {
            if case .error = found { return .jsonLines }  // not a value: JSON Lines rejects just that line
            if containsNewline(bytes, in: index..<bytes.count) { return spansLines }
            return isComplete ? alone : nil
        }
        if containsNewline(bytes, in: span.range) { return spansLines }
        // What follows the first value: the rest of its line, then the next line.
        var next = span.range.upperBound
        while next < bytes.count, bytes[next] != UInt8(ascii: "\n"), ValueScanner.isWhitespace(bytes[next]) { next += 1 }
        guard next < bytes.count else { return isComplete ? alone : nil }
        guard bytes[next] == UInt8(ascii: "\n") else { return .concatenated }
        while next < bytes.count, ValueScanner.isWhitespace(bytes[next]) { next += 1 }
        guard next < bytes.count else { return isComplete ? alone : nil }
        return .jsonLines
    }

    private static func containsNewline(_ bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return firstOccurrence(of: 0x0A, in: base + range.lowerBound, count: range.count) != nil
    }
}
