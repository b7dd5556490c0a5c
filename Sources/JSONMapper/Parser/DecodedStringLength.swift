/// Counts the bytes a JSON string's contents decode to while its raw bytes go by, and names
/// the raw byte that takes the count past a limit: the byte itself, or the backslash of the
/// escape that does. yajl decodes a string only once it has all of it; this lets the parser
/// stop a string over ``DecodingOptions/maxStringBytes`` as soon as the limit is crossed, and
/// report that byte whether the string came in one buffer or in many chunks.
struct DecodedStringLength {
    /// Bytes decoded so far.
    private(set) var count = 0
    private var phase = Phase.plain
    /// The offset of the backslash of the escape being read.
    private var escapeStart = 0

    private enum Phase {
        case plain
        case escape
        /// Inside a `\u` escape: how many of its four hex digits have been read, and their value so far.
        case unicode(digits: Int, unit: UInt16)
    }

    /// What one more raw byte did.
    enum Step: Equatable {
        /// The string goes on.
        case inside
        /// The string's token ends with this byte: its closing quote, or a control character
        /// yajl rejects there.
        case end
        /// The decoded bytes became more than the limit at the raw byte at this offset.
        case limitCrossed(at: Int)
    }

    /// Reads the raw byte at `offset` (the contents start after the opening quote).
    mutating func read(_ byte: UInt8, at offset: Int, limit: Int) -> Step {
        switch phase {
        case .plain:
            if byte == UInt8(ascii: "\"") || byte < 0x20 { return .end }
            if byte == UInt8(ascii: "\\") {
                phase = .escape
                escapeStart = offset
                return .inside
            }
            return add(1, at: offset, limit: limit)
        case .escape:
            guard byte != UInt8(ascii: "u") else {
                phase = .unicode(digits: 0, unit: 0)
                return .inside
            }
            phase = .plain
            return add(1, at: escapeStart, limit: limit)
        case .unicode(let digits, let unit):
            guard let digit = Self.hexValue(byte) else {
                // A malformed escape, which yajl rejects: the byte is read as plain text.
                phase = .plain
                return read(byte, at: offset, limit: limit)
            }
            let value = unit << 4 | UInt16(digit)
            guard digits == 3 else {
                phase = .unicode(digits: digits + 1, unit: value)
                return .inside
            }
            phase = .plain
            return add(Self.decodedLength(of: value), at: escapeStart, limit: limit)
        }
    }

    /// Reads the raw bytes of `bytes`, the first at offset `start`, until the string's token
    /// ends or the limit is crossed: the step that stopped it and the index just past the byte
    /// that did, or `.inside` and `bytes.count`.
    mutating func read(_ bytes: UnsafeRawBufferPointer, at start: Int, limit: Int) -> (step: Step, end: Int) {
        var i = 0
        while i < bytes.count {
            if case .plain = phase {
                // Plain text decodes to itself: a run of it is counted at once.
                let run = i
                while i < bytes.count, Self.isPlainText(bytes[i]) { i += 1 }
                if count + (i - run) > limit { return (.limitCrossed(at: start + run + (limit - count)), i) }
                count += i - run
                guard i < bytes.count else { break }
            }
            let step = read(bytes[i], at: start + i, limit: limit)
            i += 1
            if step != .inside { return (step, i) }
        }
        return (.inside, bytes.count)
    }

    private static func isPlainText(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte >= 0x20
    }

    private mutating func add(_ bytes: Int, at offset: Int, limit: Int) -> Step {
        count += bytes
        return count > limit ? .limitCrossed(at: offset) : .inside
    }

    /// The UTF-8 length of a `\u` escape's code unit. A high surrogate counts for the whole
    /// pair it starts (four bytes), so the low one that follows counts for nothing.
    private static func decodedLength(of unit: UInt16) -> Int {
        switch unit {
        case 0..<0x80: 1
        case 0x80..<0x800: 2
        case 0xD800...0xDBFF: 4
        case 0xDC00...0xDFFF: 0
        default: 3
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
