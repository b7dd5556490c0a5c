import Foundation

/// Writes JSON text into a growing byte buffer: values, escaping, separators and (optionally)
/// indentation. The model encoder drives it; every write appends, nothing is built twice.
/// `package`: `jsonmap` writes its rejects log with it.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    let options: EncodingOptions
    /// Whether the container being written has a member or element already (comma needed).
    private var hasContent: [Bool] = []
    /// Models being written on this thread's stack, the innermost included (see
    /// ``onFreshStack(_:)``). A scratch writer for part of a model starts from its parent's.
    var modelsOnStack = 0

    package init(options: EncodingOptions, capacity: Int = 4096) {
        self.options = options
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    package mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }
    package mutating func endObject() { endContainer(UInt8(ascii: "}")) }
    mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }
    mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    /// Writes a member's key and colon; the value follows.
    package mutating func key(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if options.indentWidth != nil { bytes.append(UInt8(ascii: " ")) }
    }

    /// Writes a key whose JSON text (quoted and escaped) was prepared in advance.
    mutating func key(prepared text: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: ":"))
        if options.indentWidth != nil { bytes.append(UInt8(ascii: " ")) }
    }

    /// Starts an array element (writes the comma and indentation before it).
    mutating func element() { separate() }

    private mutating func beginContainer(_ open: UInt8) {
        bytes.append(open)
        hasContent.append(false)
    }

    private mutating func endContainer(_ close: UInt8) {
        let hadContent = hasContent.removeLast()
        if hadContent, let width = options.indentWidth { newline(indent: width * hasContent.count) }
        bytes.append(close)
    }

    private mutating func separate() {
        guard !hasContent.isEmpty else { return }
        if hasContent[hasContent.count - 1] { bytes.append(UInt8(ascii: ",")) } else { hasContent[hasContent.count - 1] = true }
        if let width = options.indentWidth { newline(indent: width * hasContent.count) }
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    // MARK: Output in parts

    /// A place in the output to come back to, structure included.
    struct Mark {
        fileprivate let count: Int
        fileprivate let hasContent: [Bool]
    }

    /// Where the output is now.
    var mark: Mark { Mark(count: bytes.count, hasContent: hasContent) }

    /// Forgets what was written after `mark` (a value that failed part-way), as if it had not been.
    mutating func rewind(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        hasContent = mark.hasContent
    }

    /// Forgets the bytes written so far, which the caller has handed on, keeping the writer's
    /// place in the structure (a record writer writes its array in parts).
    package mutating func removeWrittenBytes() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Forgets the bytes from `count` on (structure is the caller's to keep, as for
    /// ``removeWrittenBytes()``).
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// Replaces the bytes in `range` with `replacement`, moving what follows (a coder that
    /// reorders or rewrites part of what it wrote).
    mutating func replaceBytes(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        bytes.replaceSubrange(range, with: replacement)
    }

    /// Appends a line end (between JSON Lines records).
    package mutating func writeNewline() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: Scalars

    mutating func writeNull() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

    package mutating func writeBool(_ value: Bool) {
        if value { bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
    }

    /// An integer, exactly, without making a `String`.
    mutating func writeInteger<I: BinaryInteger>(_ value: I) {
        appendInteger(value)
    }

    /// An `Int`, compiled for `Int` here: the form other modules call, since a call from
    /// another module to the generic form would go through `BinaryInteger`'s witnesses.
    package mutating func writeInteger(_ value: Int) {
        appendInteger(value)
    }

    private mutating func appendInteger<I: BinaryInteger>(_ value: I) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(48 + Int(magnitude)))
            return
        }
        // The digits are made last first, into room on the stack (39 digits hold any 128-bit
        // integer), and appended in one piece.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var first = digits.count
            while magnitude > 0 {
                let (quotient, digit) = magnitude.quotientAndRemainder(dividingBy: 10)
                first -= 1
                digits[first] = UInt8(48 + Int(digit))
                magnitude = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// A finite double in the shortest form that reads back to the same value (see
    /// ``writeDescription(ofFinite:)``); a non-finite one as the options say (`false` when
    /// the options say to throw).
    mutating func writeDouble(_ value: Double) -> Bool { writeFloatingPoint(value) }

    /// A finite float, in the shortest form for `Float`.
    mutating func writeFloat(_ value: Float) -> Bool { writeFloatingPoint(value) }

    @inline(__always)
    private mutating func writeFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) -> Bool {
        guard value.isFinite else { return writeNonFinite(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") }
        writeDescription(ofFinite: value)
        return true
    }

    private mutating func writeNonFinite(_ name: String) -> Bool {
        switch options.nonFiniteStrategy {
        case .throw: return false
        case .null: writeNull()
        case .string: writeString(name)
        }
        return true
    }

    /// A finite `Double` or `Float` in the text of its `description` (the shortest that reads
    /// back), without the `.0` an integral value's description ends in: `20`, `-0`, `1e+16`,
    /// `0.1`, Foundation `JSONEncoder`'s spelling. The text goes straight into the buffer
    /// (through ``_writeASCII(_:)``), with no `String` made.
    mutating func writeDescription<F: BinaryFloatingPoint & TextOutputStreamable>(ofFinite value: F) {
        value.write(to: &self)
        let count = bytes.count
        if count >= 2, bytes[count - 2] == UInt8(ascii: "."), bytes[count - 1] == UInt8(ascii: "0") {
            bytes.removeLast(2)
        }
    }

    /// A decimal, exactly.
    mutating func writeDecimal(_ value: Decimal) -> Bool {
        guard value.isFinite else { return writeNonFinite("nan") }
        bytes.append(contentsOf: value.description.utf8)
        return true
    }

    /// Number text already in JSON form.
    mutating func writeRawNumber(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A date as quoted ISO 8601 text (``DateWriting``), its bytes appended straight to the
    /// output; `false`, with nothing written, for a date outside the years 0000–9999.
    mutating func writeISO8601(_ date: Date, fraction: EncodingOptions.DateStrategy.Fraction) -> Bool {
        guard let instant = DateWriting.instant(of: date, fraction: fraction) else { return false }
        bytes.append(UInt8(ascii: "\""))
        DateWriting.append(instant, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        return true
    }

    /// A value another writer with the same options wrote, at this position.
    mutating func writeWritten(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    /// Bytes that are already text of the output's format (a CSV cell, a separator), as they are.
    mutating func writeRaw(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }

    /// One byte of text of the output's format.
    mutating func writeRaw(_ byte: UInt8) { bytes.append(byte) }

    /// A whole ``JSONValue`` (object members in their order, or sorted when the options say).
    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .number(let number): writeRawNumber(number.text)
        case .string(let string): writeString(string)
        case .array(let elements):
            beginArray()
            for member in elements {
                element()
                write(member)
            }
            endArray()
        case .object(let object):
            beginObject()
            let members = options.sortsKeys ? object.sorted { $0.key < $1.key } : Array(object)
            for (key, member) in members {
                self.key(key)
                write(member)
            }
            endObject()
        }
    }

    /// A quoted, escaped string.
    package mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeEscaped($0) }
    }

    /// A quoted, escaped string from its UTF-8, which must be valid.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        writeEscaped(utf8)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        let slashes = options.escapesSlashes, nonASCII = options.escapesNonASCII
        var runStart = 0
        var i = 0
        while i < utf8.count {
            if i + 8 <= utf8.count {
                let mask = Self.escapeMask(UnsafeRawPointer(utf8.baseAddress.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self),
                                           slashes: slashes, nonASCII: nonASCII)
                if mask == 0 {
                    i += 8
                    continue
                }
                // The lowest flagged byte is the first to escape; the bytes before it are plain.
                i += mask.trailingZeroBitCount >> 3
            }
            let byte = utf8[i]
            guard Self.needsEscape(byte, slashes: slashes, nonASCII: nonASCII) else {
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            if byte >= 0x80 {
                // Decode the scalar and write it as one or two UTF-16 escapes.
                let (scalar, length) = Self.decodeScalar(utf8, at: i)
                for unit in String(Unicode.Scalar(scalar)!).utf16 { appendUnicodeEscape(unit) }
                i += length
            } else {
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x2F: bytes.append(0x2F)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    bytes.removeLast()
                    appendUnicodeEscape(UInt16(byte))
                }
                i += 1
            }
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` is written escaped: a control character, a quote or a backslash, and a
    /// slash or a non-ASCII byte when the options say so.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, slashes: Bool, nonASCII: Bool) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || (slashes && byte == 0x2F) || (nonASCII && byte >= 0x80)
    }

    /// The bytes of `word` (eight, in memory order) that ``needsEscape(_:slashes:nonASCII:)``
    /// flags, each as its high bit, tested on the whole word at once so that runs of plain text
    /// cost one test per eight bytes. A byte above a flagged one may be flagged falsely (a
    /// borrow carries into it), never a byte below: the lowest flag is exact.
    @inline(__always)
    private static func escapeMask(_ word: UInt64, slashes: Bool, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        var mask = (word &- ones &* 0x20) & ~word & highs
        mask |= zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
        if slashes { mask |= zeroBytes(word ^ (ones &* 0x2F)) }
        if nonASCII { mask |= word & highs }
        return mask
    }

    private mutating func appendUnicodeEscape(_ unit: UInt16) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(Self.hex[Int((unit >> UInt16(shift)) & 0xF)]) }
    }

    /// The scalar starting at `i` of valid UTF-8 (a Swift string's), and its length.
    private static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[i])
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F), 3) }
        return ((lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F), 4)
    }
}

/// Number text from the standard library's formatters lands in the buffer as it is made:
/// `Double.write(to:)` hands its digits to ``_writeASCII(_:)`` from its own stack buffer.
extension JSONWriter: TextOutputStream {
    package mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
