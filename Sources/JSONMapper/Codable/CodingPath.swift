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
/// passed along, and joined only for an error. A node makes its keys into an array once and
/// keeps it, since a try-each `init(from:)` (`try? decode(Bool.self)`, then `Int64`, …) has
/// every failed try report the same path.
final class CodingPathNode {
    private let key: (any CodingKey)?
    private let parent: CodingPathNode?
    /// The number of keys from the root.
    private let depth: Int
    private var madeKeys: [any CodingKey]?

    /// The path of the top-level value.
    init() {
        key = nil
        parent = nil
        depth = 0
    }

    private init(key: any CodingKey, parent: CodingPathNode) {
        self.key = key
        self.parent = parent
        depth = parent.depth + 1
    }

    /// The path one key further in.
    func appending<Key: CodingKey>(_ key: Key) -> CodingPathNode {
        Key.self == NoKey.self ? self : CodingPathNode(key: key, parent: self)
    }

    var keys: [any CodingKey] {
        if let madeKeys { return madeKeys }
        let keys = makeKeys(reserving: 0)
        madeKeys = keys
        return keys
    }

    /// The keys of the value at `key` in the container at this path.
    func keys<Key: CodingKey>(appending key: Key) -> [any CodingKey] {
        if Key.self == NoKey.self { return keys }
        var keys = madeKeys ?? makeKeys(reserving: 1)
        keys.append(key)
        return keys
    }

    /// The keys root first, in an array with room for `extra` more.
    private func makeKeys(reserving extra: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth + extra)
        appendKeys(to: &keys)
        return keys
    }

    /// Appends the parent's keys, then this node's: in order, so that no key is moved again
    /// (moving an `any CodingKey` whose value sits in a box copies the box).
    private func appendKeys(to keys: inout [any CodingKey]) {
        guard let key, let parent else { return }
        parent.appendKeys(to: &keys)
        keys.append(key)
    }
}
