/// Checks the raw input, before yajl reads it, for the bytes yajl lets through but JSON forbids:
/// ill-formed UTF-8 (yajl is told not to check strings, and its own check accepted overlong
/// forms, encoded surrogates and code points past U+10FFFF), and the form feed and vertical tab
/// that yajl's lexer skips as whitespace (RFC 8259 allows only space, tab, line feed and
/// carriage return between tokens, and no raw control character inside a string, so neither
/// byte may appear anywhere in a document).
///
/// Checking the input rather than the strings yajl hands out finds the first byte of the fault
/// itself, whatever the chunking, and checks every byte once: strings and keys reach the sink
/// already known to be valid UTF-8 (yajl's `\u` decoding writes valid UTF-8 once
/// ``SurrogateEscapeCheck`` has passed the escapes).
///
/// A multi-byte sequence cut by the end of a chunk is carried over to the next one; the input
/// ending inside one is a fault at its first byte (see ``faultAtEnd()``).
struct RawInputCheck {
    /// A forbidden byte sequence: where it starts, relative to the chunk checked (negative when
    /// it started in the bytes carried from the previous chunk), and what is wrong with it.
    struct Fault: Equatable {
        var offset: Int
        var message: String
    }

    /// The start of a multi-byte sequence that the previous chunk cut short (at most 3 bytes).
    private var carried: [UInt8] = []

    /// The first fault in `chunk`, or `nil` when every byte may be handed to yajl.
    mutating func firstFault(in chunk: UnsafeRawBufferPointer) -> Fault? {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return nil }
        var i = 0
        if !carried.isEmpty {
            let joined = carried + Array(chunk.prefix(4 - carried.count))
            switch Self.sequence(joined.count, { joined[$0] }) {
            case .invalid:
                defer { carried = [] }
                return Fault(offset: -carried.count, message: Self.invalidUTF8Message(joined[0]))
            case .incomplete:
                carried = joined    // the chunk was shorter than the rest of the sequence
                return nil
            case .valid(let length):
                i = length - carried.count
                carried = []
            }
        }
        let count = chunk.count
        while i < count {
            // Eight bytes at a time while they are all ASCII other than 0x0B and 0x0C (chunks
            // start at any address, hence the unaligned load; `i + 8 <= count` keeps it inside).
            while i + 8 <= count {
                let flags = Self.flags(base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if flags != 0 {
                    i += flags.trailingZeroBitCount / 8     // little-endian: the first flagged byte
                    break
                }
                i += 8
            }
            guard i < count else { return nil }
            let byte = chunk[i]
            if byte < 0x80 {
                if byte == 0x0B || byte == 0x0C { return Fault(offset: i, message: Self.whitespaceMessage(byte)) }
                i += 1
                continue
            }
            switch Self.sequence(count - i, { chunk[i + $0] }) {
            case .valid(let length): i += length
            case .invalid: return Fault(offset: i, message: Self.invalidUTF8Message(byte))
            case .incomplete:
                carried = Array(chunk[i...])
                return nil
            }
        }
        return nil
    }

    /// The fault of an input that ends inside a multi-byte sequence, relative to the end of the
    /// last chunk (so negative), or `nil`.
    mutating func faultAtEnd() -> Fault? {
        guard let first = carried.first else { return nil }
        defer { carried = [] }
        return Fault(offset: -carried.count, message: Self.invalidUTF8Message(first))
    }

    /// A high bit in each byte of `word` that is not ASCII, or is 0x0B or 0x0C.
    @inline(__always)
    private static func flags(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Seven-bit bytes plus 0x75 reach 0x80 from 0x0B up, plus 0x73 from 0x0D up; no byte
        // carries into the next, so each byte's flag is exact.
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        let atLeast0B = low7 &+ 0x7575_7575_7575_7575
        let atLeast0D = low7 &+ 0x7373_7373_7373_7373
        return (word | (atLeast0B & ~atLeast0D)) & high
    }

    private enum Sequence {
        case valid(length: Int)
        case invalid
        case incomplete
    }

    /// The multi-byte sequence starting at index 0 of the `available` bytes `byte` reads
    /// (Unicode Table 3-7, well-formed byte sequences). A sequence the bytes end inside is
    /// `incomplete` only while every byte so far could still begin a well-formed one.
    @inline(__always)
    private static func sequence(_ available: Int, _ byte: (Int) -> UInt8) -> Sequence {
        let lead = byte(0)
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF      // no overlong forms
        case 0xED: length = 3; secondRange = 0x80...0x9F      // no surrogates
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF      // no overlong forms
        case 0xF4: length = 4; secondRange = 0x80...0x8F      // nothing past U+10FFFF
        case 0xF1...0xF3: length = 4
        default: return .invalid                               // continuation, C0, C1, F5…FF
        }
        for k in 1..<length {
            guard k < available else { return .incomplete }
            let range: ClosedRange<UInt8> = k == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte(k)) else { return .invalid }
        }
        return .valid(length: length)
    }

    private static func invalidUTF8Message(_ lead: UInt8) -> String {
        "invalid UTF-8: the sequence starting with byte 0x\(hex(lead)) is not well-formed"
    }

    private static func whitespaceMessage(_ byte: UInt8) -> String {
        let name = byte == 0x0C ? "form feed" : "vertical tab"
        return "invalid character 0x\(hex(byte)) (\(name)): JSON whitespace is only space, tab, line feed and carriage return"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }
}
