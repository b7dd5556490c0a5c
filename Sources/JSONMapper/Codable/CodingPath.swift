/// A coding key the coders make themselves from a string: `super`, a key read from the JSON,
/// a `[String: T]`'s key. Its integer is read from its text only when asked for, which a key
/// passed along for a path seldom is; that also keeps it small enough to sit inline in an
/// `any CodingKey`, so a path step to a dictionary's entry allocates no box for its key.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    /// Whether `intValue` is the integer the text spells, if any, rather than `nil`.
    private let spellsInteger: Bool

    init(stringValue: String) {
        self.stringValue = stringValue
        spellsInteger = false
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        spellsInteger = true
    }

    /// The key of a `[String: T]` entry as the standard library's `Dictionary.init(from:)`
    /// names it in coding paths: with the integer its text spells, if any.
    init(dictionaryKey: String) {
        stringValue = dictionaryKey
        spellsInteger = true
    }

    var intValue: Int? { spellsInteger ? Int(stringValue) : nil }

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

    var keys: [any CodingKey] { makeKeys(reserving: 0) }

    /// The keys of the value at `key` in the container at this path.
    func keys<Key: CodingKey>(appending key: Key) -> [any CodingKey] {
        if Key.self == NoKey.self { return keys }
        var keys = makeKeys(reserving: 1)
        keys.append(key)
        return keys
    }

    /// The keys root first, in one array with room for `extra` more.
    private func makeKeys(reserving extra: Int) -> [any CodingKey] {
        var depth = 0
        var node = self
        while case let .key(_, parent) = node {
            depth += 1
            node = parent
        }
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth + extra)
        appendKeys(to: &keys)
        return keys
    }

    /// Appends the parent's keys, then this node's: in order, so that no key is moved again
    /// (moving an `any CodingKey` whose value sits in a box copies the box).
    private func appendKeys(to keys: inout [any CodingKey]) {
        guard case let .key(key, parent) = self else { return }
        parent.appendKeys(to: &keys)
        keys.append(key)
    }
}
