/// A property mapped through a ``JSONValueTransformer``: decodes the transformer's JSON
/// representation, then converts it.
final class TransformCodec<Transformer: JSONValueTransformer>: ValueCodec<Transformer.Value> {
    private typealias JSONRepresentation = Transformer.JSONRepresentation
    private let transformer: Transformer
    private let inner: ValueCodec<JSONRepresentation>

    init(transformer: Transformer, inner: ValueCodec<Transformer.JSONRepresentation>) {
        self.transformer = transformer
        self.inner = inner
    }

    override var expected: String { inner.expected }

    override var mappingProblem: String? { (transformer as? any MappingCheckedTransformer)?.mappingProblem }

    override func writesSameText(as other: _JSONFrameHandler) -> Bool { false }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Transformer.Value>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try transform(into: destination, session) { (json) throws(JSONMapperError) in try inner.initialize(event, at: json, session) }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try inner.begin(isObject: isObject, session)
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Transformer.Value>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try transform(into: destination, session) { (json) throws(JSONMapperError) in
            try inner.take(storage, initializing: json, session)
        }
    }

    override func write(_ value: Transformer.Value, to writer: inout JSONWriter) throws(JSONMapperError) {
        let json: JSONRepresentation
        do {
            json = try transformer.json(from: value)
        } catch let error as JSONMapperError {
            throw error
        } catch {
            throw .invalidValue(path: "", reason: "\(Transformer.self): \(error)")
        }
        try inner.write(json, to: &writer)
    }

    /// Decodes the JSON representation with `decode`, then initializes `destination` with the
    /// transformed value. A transformer's error is reported at the current path.
    private func transform(into destination: UnsafeMutablePointer<Transformer.Value>, _ session: DecodingSession,
                           _ decode: (UnsafeMutablePointer<JSONRepresentation>) throws(JSONMapperError) -> Bool) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: JSONRepresentation.self) { (json) throws(JSONMapperError) in
            guard try decode(json) else { return false }
            let representation = json.move()
            do {
                destination.initialize(to: try transformer.value(from: representation))
                return true
            } catch {
                try session.reportHookError(error, from: "\(Transformer.self)")
                return false
            }
        }
    }
}

extension JSONMap {
    /// Maps a property through a value transformer, from one key.
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Transformer.Value>, _ key: String, required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, [key], required: required, transform: transform)
    }

    /// Maps a property through a value transformer, from the first present key of a list.
    public init<Transformer: JSONValueTransformer>(
        _ keyPath: WritableKeyPath<Root, Transformer.Value>, _ keys: [String], required: Bool = false, transform: Transformer
    ) {
        self.init(keyPath, keys, required: required) {
            TransformCodec(transformer: transform, inner: valueCodec(for: Transformer.JSONRepresentation.self))
        }
    }
}
