/// Finds where each value of an array or concatenated stream begins and ends, so that each can
/// be handed to the parser as a record of its own.
///
/// It does not parse the values: it follows strings (and their escapes) and the nesting of
/// brackets only as far as needed to find a value's end, and the parser checks everything
/// else when it decodes the record. It does check what lies between values (the array's
/// brackets and commas), which belongs to the framing rather than to any record. A value
/// whose brackets do not match ends at the bracket that does not match, so that the parser
/// reports it there.
///
/// Scanning is incremental: bytes arrive in a buffer that grows at its end and is cut at its
/// start (``rebase(droppingFirst:)``); the scanner keeps the position (line and line start)
/// of the next byte across calls.
struct ValueScanner {
    enum Layout { case array, concatenated }

    /// What the scanner expects next.
    enum Phase: Equatable {
        /// Whitespace, then the `[` that opens the stream's array.
        case beforeArray
        /// Right after the `[`: an element, or the `]` of an empty array.
        case beforeElement
        /// After a `,`: an element.
        case afterComma
        /// After an element: `,` or `]`.
        case afterElement
        /// After the array's `]`: whitespace only.
        case afterArray
        /// Between values of a concatenated stream.
        case betweenValues
        /// Inside a value.
        case inValue
    }

    /// What one call of ``scan(_:from:bufferOffset:)`` found.
    enum Found {
        /// A whole value.
        case value(RecordSpan)
        /// The stream's structure is broken: it ends here.
        case error(JSONMapperError)
        /// The buffer ended first.
        case needsMore
    }

    private let layout: Layout
    private(set) var phase: Phase
    /// The line of the next byte to scan, and the offset where that line starts.
    private var line: Int
    private var lineStart: Int
    /// The value being scanned: where it starts in the buffer, and in the stream.
    private(set) var valueStart = 0
    private var valueOrigin = InputOrigin.start
    /// Open brackets inside the value, and whether each is an object (one bit per level).
    private var depth = 0
    private var objectLevels: [UInt64] = []
    private var inString = false
    private var string = JSONStringScanner()
    /// The value is a number or literal: it ends at the next delimiter.
    private var isBareToken = false

    /// A scanner whose first byte is at `origin` in the stream.
    init(layout: Layout, origin: InputOrigin) {
        self.layout = layout
        phase = layout == .array ? .beforeArray : .betweenValues
        line = origin.line
        lineStart = origin.lineStart
    }

    /// Whether the scanner is inside a value.
    var isInValue: Bool { phase == .inValue }

    /// Where the value being scanned starts in the stream.
    var openValueOrigin: InputOrigin { valueOrigin }

    /// Forgets the first `count` bytes of the buffer: positions held in it move down.
    mutating func rebase(droppingFirst count: Int) {
        valueStart -= count
    }

    /// Scans `buffer` from `index` until a value ends, the structure is broken, or the buffer
    /// ends; `index` is left after what was scanned. `bufferOffset` is the stream offset of
    /// the buffer's first byte.
    mutating func scan(_ buffer: UnsafeRawBufferPointer, from index: inout Int, bufferOffset: Int) -> Found {
        let end = buffer.count
        while index < end {
            if phase == .inValue {
                if let span = scanValue(buffer, from: &index, bufferOffset: bufferOffset) { return .value(span) }
                continue
            }
            let byte = buffer[index]
            if Self.isWhitespace(byte) {
                if byte == UInt8(ascii: "\n") { newline(at: bufferOffset + index) }
                index += 1
                continue
            }
            switch (phase, byte) {
            case (.beforeArray, UInt8(ascii: "[")):
                phase = .beforeElement
            case (.beforeArray, _):
                return .error(error("expected '[' to open the array of records, found \(Self.describe(byte))", at: bufferOffset + index))
            case (.beforeElement, UInt8(ascii: "]")), (.afterElement, UInt8(ascii: "]")):
                phase = .afterArray
            case (.afterElement, UInt8(ascii: ",")):
                phase = .afterComma
            case (.afterElement, _):
                return .error(error("expected ',' or ']' after an array element, found \(Self.describe(byte))", at: bufferOffset + index))
            case (.afterArray, _):
                return .error(error("trailing garbage after the array of records: \(Self.describe(byte))", at: bufferOffset + index))
            case (_, UInt8(ascii: ",")), (_, UInt8(ascii: "]")), (_, UInt8(ascii: "}")), (_, UInt8(ascii: ":")):
                return .error(error("expected a JSON value, found \(Self.describe(byte))", at: bufferOffset + index))
            default:
                beginValue(byte, at: index, bufferOffset: bufferOffset)
            }
            index += 1
        }
        return .needsMore
    }

    /// What the end of the stream leaves.
    enum Ending {
        /// The value being scanned ends with the stream (the parser reports it if it is cut
        /// short); call ``finish(_:bufferOffset:)`` again for what follows.
        case value(RecordSpan)
        /// The array is not closed, or was never opened.
        case error(JSONMapperError)
    }

    /// Ends the stream after the last byte of `buffer`; `nil` when it ended cleanly.
    mutating func finish(_ buffer: UnsafeRawBufferPointer, bufferOffset: Int) -> Ending? {
        switch phase {
        case .inValue:
            phase = layout == .array ? .afterElement : .betweenValues
            return .value(RecordSpan(range: valueStart..<buffer.count, origin: valueOrigin))
        case .beforeArray:
            return .error(.emptyInput)
        case .beforeElement, .afterComma, .afterElement:
            return .error(error("premature EOF: the array of records is not closed", at: bufferOffset + buffer.count))
        case .afterArray, .betweenValues:
            return nil
        }
    }

    private mutating func beginValue(_ byte: UInt8, at index: Int, bufferOffset: Int) {
        phase = .inValue
        valueStart = index
        valueOrigin = InputOrigin(offset: bufferOffset + index, line: line, lineStart: lineStart)
        depth = 0
        inString = false
        string = JSONStringScanner()
        isBareToken = false
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): open(isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "\""): inString = true
        default: isBareToken = true
        }
    }

    /// Scans inside a value from `index` (after the byte that began it); returns its span once
    /// it ends.
    private mutating func scanValue(_ buffer: UnsafeRawBufferPointer, from index: inout Int, bufferOffset: Int) -> RecordSpan? {
        let end = buffer.count
        if isBareToken {
            while index < end, !Self.endsBareToken(buffer[index]) { index += 1 }
            return index < end ? endValue(at: index) : nil
        }
        while index < end {
            let byte = buffer[index]
            index += 1
            if inString {
                // A line feed ends a line even after a backslash: malformed, which the parser
                // reports, but a value skipped for its size is never parsed, and the records
                // after it must keep their lines.
                if byte == UInt8(ascii: "\n") { newline(at: bufferOffset + index - 1) }
                if string.closes(with: byte) {
                    inString = false
                    if depth == 0 { return endValue(at: index) }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open(isObject: byte == UInt8(ascii: "{"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // A bracket that does not match ends the value: the parser reports it.
                if !close(isObject: byte == UInt8(ascii: "}")) || depth == 0 { return endValue(at: index) }
            case UInt8(ascii: "\n"):
                newline(at: bufferOffset + index - 1)
            default:
                break
            }
        }
        return nil
    }

    private mutating func endValue(at end: Int) -> RecordSpan {
        phase = layout == .array ? .afterElement : .betweenValues
        return RecordSpan(range: valueStart..<end, origin: valueOrigin)
    }

    private mutating func open(isObject: Bool) {
        let word = depth / 64
        if word == objectLevels.count { objectLevels.append(0) }
        let bit = UInt64(1) << UInt64(depth % 64)
        if isObject { objectLevels[word] |= bit } else { objectLevels[word] &= ~bit }
        depth += 1
    }

    /// Closes the innermost bracket; `false` when it is of the other kind.
    private mutating func close(isObject: Bool) -> Bool {
        let level = depth - 1
        let opensObject = objectLevels[level / 64] & (UInt64(1) << UInt64(level % 64)) != 0
        guard opensObject == isObject else { return false }
        depth = level
        return true
    }

    private mutating func newline(at offset: Int) {
        line += 1
        lineStart = offset + 1
    }

    private func error(_ message: String, at offset: Int) -> JSONMapperError {
        .syntax(message: message, location: JSONLocation(offset: offset, line: line, column: offset - lineStart + 1))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` ends a number or literal: whitespace or a structural character.
    private static func endsBareToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    /// A byte for a message: the character when it is printable ASCII, else its value.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
