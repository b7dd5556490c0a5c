/// How both byte engines tell one object key from another: a hash of its bytes (the mapped
/// models' key tables, the Codable encoder's written members) and a comparison of two keys'
/// bytes once their hashes or lengths agree (those tables and the tape's keyed containers).
/// The tape's C recorder keeps its own key filter in `CYajlCallbacks.h`, read by C only.
enum KeyBytes {
    /// A hash of the `count` bytes at `base` from their length and their first and last eight
    /// bytes: constant time, and keys that share both ends are told apart by their bytes.
    @inline(__always)
    static func hash(_ base: UnsafeRawPointer?, count: Int) -> UInt64 {
        guard let base else { return 0 }
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        // Reads stay inside the key: two overlapping words for 8 bytes or more, two
        // overlapping half-words for 4 to 7, single bytes below that.
        if count >= 8 {
            h ^= base.loadUnaligned(as: UInt64.self)
            h = (h &* 0xBF58_476D_1CE4_E5B9) ^ base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            h ^= UInt64(base.loadUnaligned(as: UInt32.self)) << 32 | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            for i in 0..<count { h = h << 8 | UInt64(base.load(fromByteOffset: i, as: UInt8.self)) }
        }
        h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }

    /// A hash of the bytes of `key` (see ``hash(_:count:)``).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(key.baseAddress, count: key.count)
    }

    /// Whether the `count` bytes at `a` and at `b` are equal: eight at a time, inline, since
    /// keys are short and a call to `memcmp` costs more than comparing them.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard let a, let b else { return false }
        var i = 0
        while i + 8 <= count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }
}
