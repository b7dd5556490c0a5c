/// A declared property mapping with its types erased, until a model type compiles it into a
/// ``PropertyMeta``.
class PropertyRule: @unchecked Sendable {
    /// Keys in priority order, already through the key strategy.
    let keys: [KeyPathSpec]
    let isRequired: Bool
    /// Identifies the property for allow and ignore lists.
    let keyPath: AnyKeyPath

    init(keys: [KeyPathSpec], isRequired: Bool, keyPath: AnyKeyPath) {
        self.keys = keys
        self.isRequired = isRequired
        self.keyPath = keyPath
    }

    /// Whether the rule's key path can be applied to instances of `model`.
    func applies(to model: Any.Type) -> Bool { preconditionFailure("abstract") }

    /// The compiled property for model type `Model`, whose instances the rule applies to.
    func makeProperty<Model>(for model: Model.Type, index: Int) -> PropertyMeta { preconditionFailure("abstract") }
}

/// `PropertyRule` for a key path from `Root` to `Value`. Immutable after init.
final class TypedPropertyRule<Root, Value>: PropertyRule, @unchecked Sendable {
    private let typedKeyPath: WritableKeyPath<Root, Value>
    private let codec: () -> ValueCodec<Value>

    init(keyPath: WritableKeyPath<Root, Value>, keys: [KeyPathSpec], isRequired: Bool, codec: @escaping () -> ValueCodec<Value>) {
        typedKeyPath = keyPath
        self.codec = codec
        super.init(keys: keys, isRequired: isRequired, keyPath: keyPath)
    }

    override func applies(to model: Any.Type) -> Bool { model is Root.Type }

    override func makeProperty<Model>(for model: Model.Type, index: Int) -> PropertyMeta {
        let name = keys.first?.text ?? ""
        // A stored property of a struct model is written in place at its offset: no key-path
        // projection on the hot path. Classes and computed properties go through the key path.
        if Model.self == Root.self, !(Model.self is AnyClass), let offset = MemoryLayout<Root>.offset(of: typedKeyPath) {
            return StoredPropertyMeta(name: name, index: index, keys: keys, isRequired: isRequired,
                                      offset: offset, codec: codec())
        }
        return KeyPathPropertyMeta(name: name, index: index, keys: keys, isRequired: isRequired,
                                   keyPath: typedKeyPath, codec: codec())
    }
}
