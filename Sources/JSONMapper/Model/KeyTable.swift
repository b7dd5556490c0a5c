/// JSON key bytes → value, looked up straight from the parser's bytes with no `String`
/// made: open addressing over a power-of-two slot array, keyed by the one key hash
/// (``KeyBytes``) of the key's length and its first and last eight bytes. Each entry keeps
/// those two words, so a key of up to sixteen bytes (nearly every JSON key) is compared in two
/// word compares, and only the middle of a longer one byte by byte. Built once with
/// ``insert(_:make:)``, then only read: codecs keep it in a `let`, so lookups need no
/// exclusivity checks.
struct KeyTable<Value: AnyObject> {
    private struct Entry {
        var head: UInt64
        var tail: UInt64
        var count: Int
        /// Where the key's bytes start in `keyBytes`.
        var start: Int
        /// The value unretained, for lookups that must not touch reference counts; `values`
        /// keeps it alive.
        var value: Unmanaged<Value>
    }

    private var keyBytes: [UInt8] = []
    private var entries: [Entry] = []
    private var values: [Value] = []
    /// Entry index + 1 per slot; 0 is empty.
    private var slots: [Int32] = Array(repeating: 0, count: 8)

    /// The value for `key`, creating it with `make` if the key is new.
    mutating func insert(_ key: String, make: () -> Value) -> Value {
        let utf8 = Array(key.utf8)
        if let existing = utf8.withUnsafeBufferPointer({ index(of: $0) }) { return values[existing] }
        let value = make()
        let words = utf8.withUnsafeBufferPointer { KeyBytes.words($0) }
        entries.append(Entry(head: words.head, tail: words.tail, count: utf8.count, start: keyBytes.count,
                             value: .passUnretained(value)))
        keyBytes.append(contentsOf: utf8)
        values.append(value)
        if entries.count * 2 > slots.count { rehash(capacity: slots.count * 2) } else { place(entries.count - 1) }
        return value
    }

    /// The value for `key`, unretained (valid as long as the table).
    @inline(__always)
    subscript(key: JSONBytes) -> Unmanaged<Value>? {
        index(of: key.buffer).map { entries[$0].value }
    }

    /// Whether no key has been added.
    var isEmpty: Bool { values.isEmpty }

    /// Every key with its value, in insertion order.
    var keysAndValues: [(key: String, value: Value)] {
        entries.indices.map { i in
            let e = entries[i]
            return (String(decoding: keyBytes[e.start..<e.start + e.count], as: UTF8.self), values[i])
        }
    }

    @inline(__always)
    private func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let words = KeyBytes.words(key)
        let hash = KeyBytes.hash(count: key.count, words: words)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let stored = Int(slots[slot])
                    if stored == 0 { return nil }
                    let e = entries[stored - 1]
                    if e.head == words.head, e.tail == words.tail, e.count == key.count,
                       e.count <= 16 || middlesEqual(e.start, key) {
                        return stored - 1
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Whether the stored key at `start` and `key`, of the same length over sixteen bytes and
    /// with the same first and last eight, agree in between.
    private func middlesEqual(_ start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        keyBytes.withUnsafeBufferPointer { stored in
            KeyBytes.equal(stored.baseAddress.map { $0 + start + 8 }, key.baseAddress.map { $0 + 8 }, count: key.count - 16)
        }
    }

    /// Puts an entry in its slot: its hash is made again from the length and words it keeps,
    /// since only building the table needs it.
    private mutating func place(_ entry: Int) {
        let e = entries[entry]
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: KeyBytes.hash(count: e.count, words: (e.head, e.tail))) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func rehash(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        for i in entries.indices { place(i) }
    }
}
