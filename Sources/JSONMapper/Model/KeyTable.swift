/// A level's keys, each with its value, in the order they were first mapped: built once with
/// ``insert(_:make:)``, then only read. A key is its UTF-8 bytes, as the parser delivers it, so
/// keys that Swift's `String` comparison would take as equal (the same text in two Unicode
/// normalization forms) stay apart. Lookups while decoding go through the handler's
/// ``KeyRoute``, which is made from ``keysAndValues``.
struct KeyTable<Value: AnyObject> {
    private var positions: [[UInt8]: Int] = [:]
    /// Every key with its value, in insertion order.
    private(set) var keysAndValues: [(key: String, value: Value)] = []

    /// The value for `key`, creating it with `make` if the key is new.
    mutating func insert(_ key: String, make: () -> Value) -> Value {
        let bytes = Array(key.utf8)
        if let position = positions[bytes] { return keysAndValues[position].value }
        let value = make()
        positions[bytes] = keysAndValues.count
        keysAndValues.append((key, value))
        return value
    }

    /// Whether no key has been added.
    var isEmpty: Bool { keysAndValues.isEmpty }
}
