/// Strict UTF-8 validation (RFC 3629) of the strings and keys yajl hands out. yajl checks only
/// the shape of multi-byte sequences, so without this it would accept overlong encodings,
/// UTF-8-encoded surrogates and code points above U+10FFFF.
enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8. ASCII runs are checked eight bytes at a time.
    @inline(__always)
    static func isValid(_ bytes: JSONBytes) -> Bool {
        let count = bytes.count
        var i = 0
        let raw = UnsafeRawPointer(bytes.start)
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return isValidMultibyte(bytes, from: i)
            }
            i += 8
        }
        while i < count {
            if bytes[i] >= 0x80 { return isValidMultibyte(bytes, from: i) }
            i += 1
        }
        return true
    }

    /// The general check from `start` on (Unicode Table 3-7, well-formed byte sequences).
    private static func isValidMultibyte(_ bytes: JSONBytes, from start: Int) -> Bool {
        var i = start
        let n = bytes.count
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            k < n && range.contains(bytes[k])
        }
        while i < n {
            let lead = bytes[i]
            switch lead {
            case 0x00...0x7F:
                i += 1
            case 0xC2...0xDF:
                guard continuation(i + 1) else { return false }
                i += 2
            case 0xE0:
                guard continuation(i + 1, 0xA0...0xBF), continuation(i + 2) else { return false }
                i += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(i + 1), continuation(i + 2) else { return false }
                i += 3
            case 0xED:
                // Excludes U+D800…U+DFFF, the surrogates.
                guard continuation(i + 1, 0x80...0x9F), continuation(i + 2) else { return false }
                i += 3
            case 0xF0:
                guard continuation(i + 1, 0x90...0xBF), continuation(i + 2), continuation(i + 3) else { return false }
                i += 4
            case 0xF1...0xF3:
                guard continuation(i + 1), continuation(i + 2), continuation(i + 3) else { return false }
                i += 4
            case 0xF4:
                // Excludes everything above U+10FFFF.
                guard continuation(i + 1, 0x80...0x8F), continuation(i + 2), continuation(i + 3) else { return false }
                i += 4
            default:
                // 0x80…0xC1 (continuation bytes and overlong leads) and 0xF5…0xFF.
                return false
            }
        }
        return true
    }
}
