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
        let p = bytes.start
        let n = bytes.count
        var i = start
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        while i < n {
            let lead = p[i]
            if lead < 0x80 {
                i += 1
            } else if lead < 0xE0 {
                // 0xC0 and 0xC1 would be overlong encodings of ASCII.
                guard lead >= 0xC2, i + 1 < n, isContinuation(p[i + 1]) else { return false }
                i += 2
            } else if lead < 0xF0 {
                guard i + 2 < n, isContinuation(p[i + 1]), isContinuation(p[i + 2]) else { return false }
                let second = p[i + 1]
                // E0 needs A0… (no overlong forms); ED needs …9F (no surrogates).
                if lead == 0xE0, second < 0xA0 { return false }
                if lead == 0xED, second > 0x9F { return false }
                i += 3
            } else {
                guard lead <= 0xF4, i + 3 < n, isContinuation(p[i + 1]), isContinuation(p[i + 2]),
                      isContinuation(p[i + 3]) else { return false }
                let second = p[i + 1]
                // F0 needs 90… (no overlong forms); F4 needs …8F (nothing past U+10FFFF).
                if lead == 0xF0, second < 0x90 { return false }
                if lead == 0xF4, second > 0x8F { return false }
                i += 4
            }
        }
        return true
    }
}
