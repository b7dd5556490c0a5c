import CYajl

/// A line already found: the line number of `offset`, and where that line starts. Mapping
/// errors come in document order, so each search for a line goes on from the last one.
struct LineCursor {
    var offset = 0
    var line = 1
    var lineStart = 0
}

extension JSONParser {
    /// Where the value of the event being delivered starts: the first byte of the token yajl
    /// has just read (the opening quote of a string, the first character of a number or
    /// literal, a brace or bracket). Asked only when a mapping error is reported, so nothing is
    /// counted while parsing goes well. (A string that began in an earlier chunk further back
    /// than the tail kept of it is located at the oldest byte still at hand.)
    func locationOfCurrentValue() -> JSONLocation {
        location(ofByteAt: offsetOfCurrentValue())
    }

    /// The offset of the first byte of the token yajl has just read (see
    /// ``locationOfCurrentValue()``).
    func offsetOfCurrentValue() -> Int {
        let end: Int
        if isFinishing {
            // Only a top-level number ends with the input: it ends at its last non-space byte.
            var last = document?.count ?? offsetBefore
            while last > lowestByteAtHand, Self.isWhitespace(byte(at: last - 1)) { last -= 1 }
            end = last
        } else {
            end = offsetBefore + min(yajl_get_bytes_consumed(handle), current.count)
        }
        return Self.startOfToken(endingAt: end, from: lowestByteAtHand) { byte(at: $0) }
    }

    /// The JSON path of the innermost open container (see ``ContainerPath``), when every byte
    /// since the start of the input is still at hand: a whole document, or the first chunk;
    /// `nil` otherwise.
    func pathOfInnermostContainer() -> String? {
        guard offsetBefore == 0, let base = current.baseAddress else { return nil }
        let end = min(yajl_get_bytes_consumed(handle), current.count)
        return ContainerPath.path(after: UnsafeRawBufferPointer(start: base, count: end))
    }

    /// The line and column of the byte at `offset`, which is still at hand.
    private func location(ofByteAt offset: Int) -> JSONLocation {
        guard offset >= offsetBefore else {
            // In the tail of an earlier chunk: a token never holds a newline, so the line is the
            // one the earlier chunks ended on.
            return JSONLocation(offset: offset, line: linesBefore + 1, column: offset - lineStartBefore + 1)
        }
        var cursor = LineCursor(offset: offsetBefore, line: linesBefore + 1, lineStart: lineStartBefore)
        if lineCursor.offset >= offsetBefore, lineCursor.offset <= offset { cursor = lineCursor }
        if let base = current.baseAddress {
            // memchr, not a byte loop: a document's first error may be megabytes in.
            var from = base + (cursor.offset - offsetBefore)
            let to = base + (offset - offsetBefore)
            while from < to, let newline = firstOccurrence(of: 0x0A, in: from, count: to - from) {
                cursor.line += 1
                cursor.lineStart = offsetBefore + (newline - base) + 1
                from = newline + 1
            }
        }
        cursor.offset = offset
        lineCursor = cursor
        return JSONLocation(offset: offset, line: cursor.line, column: offset - cursor.lineStart + 1)
    }

    /// The first byte still at hand: the start of the tail kept from earlier chunks.
    private var lowestByteAtHand: Int { offsetBefore - tail.count }

    /// The byte at an absolute offset in the current bytes or the tail before them.
    func byte(at offset: Int) -> UInt8 {
        offset >= offsetBefore ? current[offset - offsetBefore] : tail[tail.count - (offsetBefore - offset)]
    }
}
