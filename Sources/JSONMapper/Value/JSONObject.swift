/// The members of a JSON object, in document order, with constant-time lookup by key.
/// A key that appears twice keeps its last value (at its first position), as
/// `JSONSerialization` and YYModel do.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// The keys in document order.
    public private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    public private(set) var values: [JSONValue] = []
    /// Key → position, for lookups.
    private var positions: [String: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object from key-value pairs in order.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members { self[key] = value }
    }

    /// The value for `key`, or `nil` when absent. Setting adds the key at the end, or replaces
    /// its value in place; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get { positions[key].map { values[$0] } }
        set {
            if let position = positions[key] {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
                }
            } else if let newValue {
                positions[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { keys.count }
    /// The member at `position`.
    public subscript(position: Int) -> (key: String, value: JSONValue) { (keys[position], values[position]) }

    /// Equal when the same keys hold equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.keys.allSatisfy { lhs[$0] == rhs[$0] }
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for (key, value) in zip(keys, values) {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(combined)
    }
}
