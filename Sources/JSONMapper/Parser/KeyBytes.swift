import CYajlCallbacks

/// How both byte engines tell one object key from another: the one key hash (the C
/// `cyajl_key_hash` of `cyajl_checks.h`, which the C tables use too: the planned recorder's key
/// tables and the models' key routes, the tape's key filters), for the Codable encoder's
/// written members and the Parquet writer's dictionaries; and a comparison of two keys' bytes
/// once their hashes or lengths agree.
package enum KeyBytes {
    /// The hash of the `count` bytes at `base`: constant time, from the length and the first
    /// and last eight bytes; keys that share both ends are told apart by their bytes.
    @inline(__always)
    package static func hash(_ base: UnsafeRawPointer?, count: Int) -> UInt64 {
        guard let base else { return 0 }
        return cyajl_key_hash(base, count)
    }

    /// A hash of the bytes of `key` (see ``hash(_:count:)``).
    @inline(__always)
    package static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(key.baseAddress, count: key.count)
    }

    /// Whether the `count` bytes at `a` and at `b` are equal: eight at a time, inline, since
    /// keys are short and a call to `memcmp` costs more than comparing them.
    @inline(__always)
    package static func equal(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, count: Int) -> Bool {
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
