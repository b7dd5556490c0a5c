import CYajlCallbacks

/// How both byte engines tell one object key from another: the one key hash (the C
/// `cyajl_key_hash` of `cyajl_checks.h`, which the C tables use too: the planned recorder's key
/// tables, the tape's key filters), for the mapped models' key tables, the Codable encoder's
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

    /// A key's two words (`cyajl_key_words`): its first eight bytes and its last eight (for a
    /// key of fewer than eight bytes, all of them in the first word and a zero second). A key
    /// of up to sixteen bytes is equal to another exactly when its length and both words are.
    @inline(__always)
    package static func words(_ key: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        var head: UInt64 = 0, tail: UInt64 = 0
        if let base = key.baseAddress { cyajl_key_words(base, key.count, &head, &tail) }
        return (head, tail)
    }

    /// The hash of a key from its length and words (see ``words(_:)``): ``hash(_:count:)``'s.
    @inline(__always)
    package static func hash(count: Int, words: (head: UInt64, tail: UInt64)) -> UInt64 {
        cyajl_key_mix(count, words.head, words.tail)
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
