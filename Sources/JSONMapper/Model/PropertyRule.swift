/// A declared property mapping with its types erased, until a model type compiles it into a
/// ``PropertyMeta``.
class PropertyRule {
    /// Keys in priority order, as declared.
    let declaredKeys: [String]
    /// The strategy the keys were declared under.
    let keyStrategy: JSONKeyStrategy
    let isRequired: Bool
    /// Identifies the property for allow and ignore lists.
    let keyPath: AnyKeyPath

    init(declaredKeys: [String], keyStrategy: JSONKeyStrategy, isRequired: Bool, keyPath: AnyKeyPath) {
        self.declaredKeys = declaredKeys
        self.keyStrategy = keyStrategy
        self.isRequired = isRequired
        self.keyPath = keyPath
    }

    /// The declared keys parsed and through the key strategy, or the first malformed one as
    /// ``JSONMapperError/invalidMapping(type:key:reason:)`` of `typeName`.
    func compiledKeys(of typeName: String) throws(JSONMapperError) -> [KeyPathSpec] {
        var keys: [KeyPathSpec] = []
        for declared in declaredKeys {
            do {
                keys.append(try KeyPathSpec(declared, strategy: keyStrategy))
            } catch {
                throw .invalidMapping(type: typeName, key: declared, reason: error.description)
            }
        }
        return keys
    }

    /// Whether the rule's key path can be applied to instances of `model`.
    func applies(to model: Any.Type) -> Bool { preconditionFailure("abstract") }

    /// The compiled property for model type `Model`, whose instances the rule applies to,
    /// reached through `keys` (``compiledKeys(of:)``).
    func makeProperty<Model>(for model: Model.Type, index: Int, keys: [KeyPathSpec]) -> PropertyMeta {
        preconditionFailure("abstract")
    }
}

/// `PropertyRule` for a key path from `Root` to `Value`. Immutable after init.
final class TypedPropertyRule<Root, Value>: PropertyRule {
    private let typedKeyPath: WritableKeyPath<Root, Value>
    private let codec: () -> ValueCodec<Value>

    init(keyPath: WritableKeyPath<Root, Value>, declaredKeys: [String], keyStrategy: JSONKeyStrategy, isRequired: Bool,
         codec: @escaping () -> ValueCodec<Value>) {
        typedKeyPath = keyPath
        self.codec = codec
        super.init(declaredKeys: declaredKeys, keyStrategy: keyStrategy, isRequired: isRequired, keyPath: keyPath)
    }

    override func applies(to model: Any.Type) -> Bool { model is Root.Type }

    override func makeProperty<Model>(for model: Model.Type, index: Int, keys: [KeyPathSpec]) -> PropertyMeta {
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
