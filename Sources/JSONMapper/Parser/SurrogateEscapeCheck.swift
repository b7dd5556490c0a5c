/// Finds `\u` escapes that encode a lone UTF-16 surrogate (`"\ud800"`, `"\udc00"`, or a high
/// surrogate followed by anything but a low one). yajl decodes those into `?` or into a wrong
/// code point without a word, so the parser rejects them as syntax errors instead.
///
/// Runs over the raw input (jumping from backslash to backslash with `memchr`) and carries an
/// escape cut by a chunk boundary over to the next chunk.
struct SurrogateEscapeCheck {
    /// The start of an escape sequence that the previous chunk cut short.
    private var carried: [UInt8] = []

    /// Whether the start of an escape waits for the next chunk.
    var isCarrying: Bool { !carried.isEmpty }

    /// The offset, relative to the start of `chunk` (negative: inside the carried bytes of the
    /// previous chunk), of the first escape with a lone surrogate; `nil` when there is none.
    mutating func firstLoneSurrogate(in chunk: UnsafeRawBufferPointer) -> Int? {
        var start = 0
        if !carried.isEmpty {
            // An escape is at most 12 bytes, so the carried start plus 12 more decides it.
            let joined = carried + Array(chunk.prefix(12))
            switch Self.escape(at: 0, in: joined) {
            case .loneSurrogate:
                defer { carried = [] }
                return -carried.count
            case .incomplete:
                carried = joined    // the whole chunk was shorter than the rest of the escape
                return nil
            case .valid(let length):
                start = max(0, length - carried.count)
                carried = []
            }
        }
        guard let base = chunk.baseAddress else { return nil }
        let bytes = UnsafeBufferPointer(start: base.bytePointer, count: chunk.count)
        var i = start
        while i < bytes.count {
            guard let found = firstOccurrence(of: 0x5C, in: base + i, count: bytes.count - i) else { return nil }
            i = found - base
            switch Self.escape(at: i, in: bytes) {
            case .loneSurrogate: return i
            case .valid(let length): i += length
            case .incomplete:
                carried = Array(bytes[i...])
                return nil
            }
        }
        return nil
    }

    private enum Escape {
        case valid(length: Int)
        case loneSurrogate
        case incomplete
    }

    /// The escape starting with the backslash at `i`.
    private static func escape<C: RandomAccessCollection<UInt8>>(at i: C.Index, in bytes: C) -> Escape where C.Index == Int {
        guard i + 1 < bytes.endIndex else { return .incomplete }
        guard bytes[i + 1] == UInt8(ascii: "u") else { return .valid(length: 2) }
        guard let unit = codeUnit(at: i, in: bytes) else {
            return i + 6 > bytes.endIndex ? .incomplete : .valid(length: 2)
        }
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by `\u` and a low one.
            if i + 6 < bytes.endIndex, bytes[i + 6] != UInt8(ascii: "\\") { return .loneSurrogate }
            if i + 7 < bytes.endIndex, bytes[i + 7] != UInt8(ascii: "u") { return .loneSurrogate }
            guard i + 12 <= bytes.endIndex else { return .incomplete }
            guard let low = codeUnit(at: i + 6, in: bytes), (0xDC00...0xDFFF).contains(low) else { return .loneSurrogate }
            return .valid(length: 12)
        case 0xDC00...0xDFFF:
            return .loneSurrogate
        default:
            return .valid(length: 6)
        }
    }

    /// The code unit of the four hex digits after the `\u` at `i`, if they are all there.
    private static func codeUnit<C: RandomAccessCollection<UInt8>>(at i: C.Index, in bytes: C) -> UInt16? where C.Index == Int {
        guard i + 6 <= bytes.endIndex else { return nil }
        var value: UInt16 = 0
        for k in 2..<6 {
            let c = bytes[i + k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - 55
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
