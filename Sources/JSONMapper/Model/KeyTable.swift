/// JSON key bytes → value, looked up straight from the parser's bytes with no `String`
/// made: open addressing over a power-of-two slot array, a hash of the key's length and its
/// first and last eight bytes (a few instructions whatever the key's length; a collision only
/// costs one more comparison), keys stored back to back in one buffer. Built once with
/// ``insert(_:make:)``, then only read: codecs keep it in a `let`, so lookups need no
/// exclusivity checks.
struct KeyTable<Value: AnyObject> {
    private var keyBytes: [UInt8] = []
    /// Per entry: start in `keyBytes`, length, hash.
    private var entries: [(start: Int, count: Int, hash: UInt64)] = []
    private var values: [Value] = []
    /// The same values unretained, for lookups that must not touch reference counts; `values`
    /// keeps them alive.
    private var unretained: [Unmanaged<Value>] = []
    /// Entry index + 1 per slot; 0 is empty.
    private var slots: [Int32] = Array(repeating: 0, count: 8)

    /// The value for `key`, creating it with `make` if the key is new.
    mutating func insert(_ key: String, make: () -> Value) -> Value {
        let utf8 = Array(key.utf8)
        let hash = utf8.withUnsafeBufferPointer { KeyBytes.hash($0) }
        if let existing = utf8.withUnsafeBufferPointer({ index(of: $0, hash: hash) }) { return values[existing] }
        let value = make()
        entries.append((keyBytes.count, utf8.count, hash))
        keyBytes.append(contentsOf: utf8)
        values.append(value)
        unretained.append(.passUnretained(value))
        if entries.count * 2 > slots.count { rehash(capacity: slots.count * 2) } else { place(entries.count - 1) }
        return value
    }

    /// The value for `key`, unretained (valid as long as the table).
    @inline(__always)
    subscript(key: JSONBytes) -> Unmanaged<Value>? {
        index(of: key.buffer, hash: KeyBytes.hash(key.buffer)).map { unretained[$0] }
    }

    /// Every key with its value, in insertion order.
    /// Whether no key has been added.
    var isEmpty: Bool { values.isEmpty }

    var keysAndValues: [(key: String, value: Value)] {
        entries.indices.map { i in
            let e = entries[i]
            return (String(decoding: keyBytes[e.start..<e.start + e.count], as: UTF8.self), values[i])
        }
    }

    @inline(__always)
    private func index(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let e = entries[stored - 1]
            if e.hash == hash, e.count == key.count, keysEqual(e.start, key) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func keysEqual(_ start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        keyBytes.withUnsafeBufferPointer { stored in
            KeyBytes.equal(stored.baseAddress.map { $0 + start }, key.baseAddress, count: key.count)
        }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[entry].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func rehash(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        for i in entries.indices { place(i) }
    }
}
