/// One entry of a ``JSONMapping``: a property and the JSON key (or keys) it takes its value from.
///
/// A key may be a plain key (`"id"`), a key path through nested objects (`"user.id"`), and may
/// index arrays (`"urls[0].expanded"`). Give a list of keys for fallbacks: the first key in the
/// list that is present wins.
public struct Map<Root> {
    private let build: (JSONKeyStrategy) -> PropertyRule

    /// Maps a property to one key.
    /// - Parameter required: When `true`, an object without this key (or with `null` for a
    ///   non-optional property) fails with ``JSONMapperError/keyNotFound(path:)``.
    public init<Value: JSONMappableValue>(_ keyPath: WritableKeyPath<Root, Value>, _ key: String, required: Bool = false) {
        self.init(keyPath, [key], required: required)
    }

    /// Maps a property to the first present key of a list.
    public init<Value: JSONMappableValue>(_ keyPath: WritableKeyPath<Root, Value>, _ keys: [String], required: Bool = false) {
        self.init(keyPath, keys, required: required) { valueCodec(for: Value.self) }
    }

    /// Maps a property with a codec made when the mapping is compiled.
    init<Value>(_ keyPath: WritableKeyPath<Root, Value>, _ keys: [String], required: Bool,
                codec: @escaping () -> ValueCodec<Value>) {
        let box = SendableKeyPath(keyPath)
        build = { strategy in
            TypedPropertyRule(keyPath: box.keyPath, keys: keys.map { KeyPathSpec($0, strategy: strategy) },
                              isRequired: required, codec: codec)
        }
    }

    func makeRule(_ strategy: JSONKeyStrategy) -> PropertyRule { build(strategy) }
}

/// Key paths are immutable values, but not every toolchain declares them `Sendable`.
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    let keyPath: WritableKeyPath<Root, Value>
    init(_ keyPath: WritableKeyPath<Root, Value>) { self.keyPath = keyPath }
}
