/// A coding key the coders make themselves from a string: `super`, a key read from the JSON,
/// a `[String: T]`'s key.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of a `[String: T]` entry as the standard library's `Dictionary.init(from:)`
    /// names it in coding paths: with the integer its text spells, if any.
    init(dictionaryKey: String) {
        stringValue = dictionaryKey
        intValue = Int(dictionaryKey)
    }

    static let `super` = JSONCodingKey(stringValue: "super")
}

/// The key of an array element, named as Foundation names it (`"Index 3"`). Its text is made
/// only when read, so passing one along costs nothing.
struct IndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init(intValue: Int) { self.index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// The key of a value that is its decoder's own (a single value container's), which adds
/// nothing to the path. (A key parameter is never optional: a generic `Key?` would make every
/// call look up the metadata of `Optional<Key>`.)
struct NoKey: CodingKey {
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    var stringValue: String { "" }
    var intValue: Int? { nil }
}

/// The coding path of a value, kept as a list that shares its prefix with the path of the
/// container around it. A scalar's path is never made: its container's node and its key are
/// passed along, and joined only for an error.
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)

    /// The path one key further in.
    func appending<Key: CodingKey>(_ key: Key) -> CodingPathNode {
        Key.self == NoKey.self ? self : .key(key, self)
    }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case let .key(key, parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    /// The keys of the value at `key` in the container at this path.
    func keys<Key: CodingKey>(appending key: Key) -> [any CodingKey] {
        var keys = self.keys
        if Key.self != NoKey.self { keys.append(key) }
        return keys
    }
}
