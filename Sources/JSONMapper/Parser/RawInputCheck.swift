import CYajlCallbacks

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

    /// Whether the bytes carried from the previous chunk wait for the next one.
    var isCarrying: Bool { !carried.isEmpty }

    /// The ways of ``surelyPasses(_:by:)``.
    enum Pass: CaseIterable {
        /// Thirty-two-byte table lookups where the processor has them (AVX2), else
        /// `narrowLookup`.
        case fastest
        /// Sixteen-byte table lookups where the processor has them (SSSE3), else `bytewise`.
        case narrowLookup
        /// Each sequence and escape checked on its own: the portable pass.
        case bytewise
    }

    /// Whether `bytes`, a whole input or a chunk that neither begins nor ends inside a
    /// sequence or an escape, surely has no fault of this check's or of
    /// ``SurrogateEscapeCheck``'s, in one pass in C (`cyajl_input_passes`); `false` leaves the
    /// answer to the two checks. Tests hold every pass to the same verdicts.
    static func surelyPasses(_ bytes: UnsafeRawBufferPointer, by pass: Pass = .fastest) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        switch pass {
        case .fastest: return cyajl_input_passes(base.bytePointer, bytes.count) != 0
        case .narrowLookup: return cyajl_input_passes_by_narrow_lookup(base.bytePointer, bytes.count) != 0
        case .bytewise: return cyajl_input_passes_bytewise(base.bytePointer, bytes.count) != 0
        }
    }

    /// The first fault in `chunk`, or `nil` when every byte may be handed to yajl.
    mutating func firstFault(in chunk: UnsafeRawBufferPointer) -> Fault? {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return nil }
        // A byte pointer over the caller's buffer for the scan below; it is read only within
        // `count`, while the buffer is borrowed for this call.
        let bytes = base.bytePointer
        let count = chunk.count
        var start = 0
        if !carried.isEmpty {
            let joined = carried + Array(chunk.prefix(4 - carried.count))
            switch joined.withUnsafeBufferPointer({ Self.sequence(at: $0.baseAddress!, available: $0.count) }) {
            case .invalid:
                defer { carried = [] }
                return Fault(offset: -carried.count, message: Self.invalidUTF8Message(joined[0]))
            case .incomplete:
                carried = joined    // the chunk was shorter than the rest of the sequence
                return nil
            case .valid(let length):
                start = length - carried.count
                carried = []
            }
        }
        return firstFault(bytes, from: start, count: count)
    }

    /// The first fault from `start`: the scan in C finds the next byte that is not plain
    /// ASCII (or is a form feed or vertical tab), then the multi-byte sequences from there are
    /// checked here. A sequence the chunk ends inside is carried over to the next chunk.
    private mutating func firstFault(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Fault? {
        let raw = UnsafeRawPointer(bytes)
        var i = start
        while true {
            i += cyajl_first_non_ascii_or_ff_vt(bytes + i, count - i)
            guard i < count else { return nil }
            guard bytes[i] >= 0x80 else { return Fault(offset: i, message: Self.whitespaceMessage(bytes[i])) }
            // A run of multi-byte characters, as in most non-Latin text.
            repeat {
                if i + 4 <= count, let length = Self.commonSequenceLength(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)) {
                    i += length
                    continue
                }
                switch Self.sequence(at: bytes + i, available: count - i) {
                case .valid(let length): i += length
                case .invalid: return Fault(offset: i, message: Self.invalidUTF8Message(bytes[i]))
                case .incomplete:
                    carried = Array(UnsafeBufferPointer(start: bytes + i, count: count - i))
                    return nil
                }
            } while i < count && bytes[i] >= 0x80
        }
    }

    /// The fault of an input that ends inside a multi-byte sequence, relative to the end of the
    /// last chunk (so negative), or `nil`.
    mutating func faultAtEnd() -> Fault? {
        guard let first = carried.first else { return nil }
        defer { carried = [] }
        return Fault(offset: -carried.count, message: Self.invalidUTF8Message(first))
    }

    /// The length of a well-formed two- or three-byte sequence at the start of `word` (the
    /// next four bytes, in memory order), checked with masks; `nil` for anything else, which
    /// ``sequence(at:available:)`` then decides. Most non-ASCII text is made of these.
    @inline(__always)
    private static func commonSequenceLength(_ word: UInt32) -> Int? {
        let w = UInt32(littleEndian: word)          // the lead byte in the low bits
        // 110xxxxx 10xxxxxx, lead C2…DF (C0 and C1 would be overlong).
        if w & 0xC0E0 == 0x80C0 { return w & 0x1E != 0 ? 2 : nil }
        // 1110xxxx 10xxxxxx 10xxxxxx, except E0 with a second byte below A0 (overlong) and ED
        // with one from A0 (a surrogate): for both, bit 5 of the second byte decides.
        guard w & 0xC0_C0F0 == 0x80_80E0 else { return nil }
        let secondHigh = w & 0x2000 != 0
        switch w & 0x0F {
        case 0x0: return secondHigh ? 3 : nil
        case 0xD: return secondHigh ? nil : 3
        default: return 3
        }
    }

    private enum Sequence {
        case valid(length: Int)
        case invalid
        case incomplete
    }

    /// The sequence whose lead byte is at `p`, with `available` bytes readable from `p`
    /// (Unicode Table 3-7, well-formed byte sequences). A sequence the bytes end inside is
    /// `incomplete` only while every byte so far could still begin a well-formed one.
    @inline(__always)
    private static func sequence(at p: UnsafePointer<UInt8>, available: Int) -> Sequence {
        let lead = p[0]
        let length: Int
        // The second byte's range: narrower after E0 and F0 (no overlong forms), ED (no
        // surrogates) and F4 (nothing past U+10FFFF).
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF:
            length = 3
            if lead == 0xE0 { low = 0xA0 } else if lead == 0xED { high = 0x9F }
        case 0xF0...0xF4:
            length = 4
            if lead == 0xF0 { low = 0x90 } else if lead == 0xF4 { high = 0x8F }
        default: return .invalid                       // a continuation byte, C0, C1, F5…FF
        }
        guard available > 1 else { return .incomplete }
        guard p[1] >= low, p[1] <= high else { return .invalid }
        for k in 2..<length {
            guard k < available else { return .incomplete }
            guard p[k] & 0xC0 == 0x80 else { return .invalid }
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
