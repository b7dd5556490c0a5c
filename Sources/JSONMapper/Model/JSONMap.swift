/// One entry of a ``JSONMapping``: a property and the JSON key (or keys) it takes its value from.
///
/// A key may be a plain key (`"id"`), a key path through nested objects (`"user.id"`), and may
/// index arrays (`"urls[0].expanded"`). Give a list of keys for fallbacks: the first key in the
/// list that is present wins.
public struct JSONMap<Root> {
    private let build: (JSONKeyStrategy) -> PropertyRule

    /// Maps a property to one key.
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - key: The JSON key: a plain key, or a key path such as `"user.id"` or `"urls[0].url"`.
    ///   - required: When `true`, an object without this key (or with `null` for a
    ///     non-optional property) fails with ``JSONMapperError/keyNotFound(path:location:)``.
    public init<Value: JSONMappableValue>(_ keyPath: WritableKeyPath<Root, Value>, _ key: String, required: Bool = false) {
        self.init(keyPath, [key], required: required)
    }

    /// Maps a property to the first present key of a list.
    public init<Value: JSONMappableValue>(_ keyPath: WritableKeyPath<Root, Value>, _ keys: [String], required: Bool = false) {
        self.init(keyPath, keys, required: required) { valueCodec(for: Value.self) }
    }

    /// Maps an optional property through a transformer of its wrapped type, from one key:
    /// `null` (or an absent key) is `nil`, any other value goes through the transformer, and
    /// `nil` is encoded as the options say for `nil` properties.
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Transformer.Value?>, _ key: String, required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, [key], required: required, transform: transform)
    }

    /// Maps an optional property through a transformer of its wrapped type, from the first
    /// present key of a list.
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Transformer.Value?>, _ keys: [String], required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, keys, required: required) {
            OptionalCodec<Transformer.Value, Transformer.Value?>(
                wrapped: TransformCodec(transformer: transform, inner: valueCodec(for: Transformer.JSONRepresentation.self)))
        }
    }

    /// Maps a property with a codec made when the mapping is compiled.
    init<Value>(_ keyPath: WritableKeyPath<Root, Value>, _ keys: [String], required: Bool,
                codec: @escaping () -> ValueCodec<Value>) {
        let box = SendableKeyPath(keyPath)
        build = { strategy in
            TypedPropertyRule(keyPath: box.keyPath, declaredKeys: keys, keyStrategy: strategy,
                              isRequired: required, codec: codec)
        }
    }

    func makeRule(_ strategy: JSONKeyStrategy) -> PropertyRule { build(strategy) }
}

/// A key path that crosses threads with the rule that holds it.
// Sendable: a key path is an immutable value, though not every toolchain declares it `Sendable`.
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    let keyPath: WritableKeyPath<Root, Value>
    init(_ keyPath: WritableKeyPath<Root, Value>) { self.keyPath = keyPath }
}

// Mistakes the compiler would otherwise report in terms of generic parameters. Each overload
// below exists only to be chosen for the mistake and answer with what to do instead; none can
// be called.

extension JSONMap {
    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Value: JSONMappableValue>(_ keyPath: KeyPath<Root, Value>, _ key: String, required: Bool = false) {
        fatalError("unavailable")
    }

    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Value: JSONMappableValue>(_ keyPath: KeyPath<Root, Value>, _ keys: [String], required: Bool = false) {
        fatalError("unavailable")
    }

    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: KeyPath<Root, Transformer.Value>, _ key: String, required: Bool = false, transform: Transformer
    ) {
        fatalError("unavailable")
    }

    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: KeyPath<Root, Transformer.Value>, _ keys: [String], required: Bool = false, transform: Transformer
    ) {
        fatalError("unavailable")
    }

    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: KeyPath<Root, Transformer.Value?>, _ key: String, required: Bool = false, transform: Transformer
    ) {
        fatalError("unavailable")
    }

    /// Unavailable: a `let` or get-only property cannot be mapped, since decoding sets it.
    @available(*, unavailable, message: "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)")
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: KeyPath<Root, Transformer.Value?>, _ keys: [String], required: Bool = false, transform: Transformer
    ) {
        fatalError("unavailable")
    }
}

/// The model type a `JSONMapping { … }` written without `<Model>` stands for, so that its key
/// paths type-check and the compiler reports the one mistake with what to do (the unavailable
/// `JSONMapping` initializer for this root). Every member name is an `Int` property of it.
/// Not for use.
@dynamicMemberLookup
public struct _JSONMappingWithoutModelType: Sendable {
    /// Any property name, so that `\.name` is a key path of this type.
    public subscript(dynamicMember name: String) -> Int {
        get { 0 }
        set {}
    }
}

extension JSONMap where Root == _JSONMappingWithoutModelType {
    /// A transformed property of a mapping written without its model type; the mapping itself
    /// is the error (see `_JSONMappingWithoutModelType`).
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Int>, _ key: String, required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, [key], required: required)
    }

    /// A transformed property of a mapping written without its model type; the mapping itself
    /// is the error (see `_JSONMappingWithoutModelType`).
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Int>, _ keys: [String], required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, keys, required: required)
    }
}
