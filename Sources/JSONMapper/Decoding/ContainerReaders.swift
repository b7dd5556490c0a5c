/// `Optional<Wrapped>`: `null` is `nil` (also when updating a value that had one); anything
/// else is the wrapped type's.
final class OptionalReader<Wrapped>: ValueReader<Wrapped?>, @unchecked Sendable {
    private let wrapped: ValueReader<Wrapped>

    init(wrapped: ValueReader<Wrapped>) { self.wrapped = wrapped }

    override var expected: String { wrapped.expected }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Wrapped?? {
        if case .null = event { return .some(nil) }
        return try wrapped.read(event, session).map { .some($0) }
    }

    // The frame the wrapped reader pushes holds a `Wrapped`; taking it wraps it.
    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try wrapped.begin(isObject: isObject, session)
    }

    override func take(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Wrapped?? {
        try wrapped.take(storage, session).map { .some($0) }
    }
}

/// A collection built one element at a time from a JSON array.
protocol ElementCollection {
    associatedtype Element
    init()
    mutating func add(_ element: Element)
}

extension Array: ElementCollection {
    mutating func add(_ element: Element) { append(element) }
}

extension Set: ElementCollection {
    mutating func add(_ element: Element) { insert(element) }
}

/// `Array` and `Set` from JSON arrays; also the consumer of the array's frame.
final class CollectionReader<Collection: ElementCollection>: ValueReader<Collection>, @unchecked Sendable {
    private let element: ValueReader<Collection.Element>

    init(element: ValueReader<Collection.Element>) { self.element = element }

    override var expected: String { "an array of \(element.expected)" }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Collection? {
        if case .null = event {
            try session.nullForNonOptional(expected: expected)
        } else {
            try session.coercionFailed(.mismatch, expected: expected, found: event)
        }
        return nil
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard !isObject else { return try session.containerMismatch(expected: expected, isObject: true) }
        session.pushOwned(Collection(), consumer: self, owner: self)
    }

    override func take(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Collection? {
        storage.assumingMemoryBound(to: Collection.self).move()
    }

    override func destroy(_ storage: UnsafeMutableRawPointer) {
        storage.assumingMemoryBound(to: Collection.self).deinitialize(count: 1)
    }

    // MARK: Frame events

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.index += 1
        if let value = try element.read(event, session) {
            frame.pointee.storage.assumingMemoryBound(to: Collection.self).pointee.add(value)
        } else if case .null = event {
            // An element has no default to keep: a null in a non-optional array is reported.
            try session.coercionFailed(.mismatch, expected: element.expected, found: event)
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.index += 1
        try element.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        guard let value = try element.take(child.pointee.storage, session) else { return }
        frame.pointee.storage.assumingMemoryBound(to: Collection.self).pointee.add(value)
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.index > 0 ? .index(frame.pointee.index - 1) : nil
    }
}

/// `[String: Value]` from JSON objects. A repeated key keeps its last value.
final class DictionaryReader<Value>: ValueReader<[String: Value]>, @unchecked Sendable {
    private let value: ValueReader<Value>

    init(value: ValueReader<Value>) { self.value = value }

    override var expected: String { "an object of \(value.expected)" }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> [String: Value]? {
        if case .null = event {
            try session.nullForNonOptional(expected: expected)
        } else {
            try session.coercionFailed(.mismatch, expected: expected, found: event)
        }
        return nil
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        session.pushOwned([String: Value](), consumer: self, owner: self)
    }

    override func take(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> [String: Value]? {
        storage.assumingMemoryBound(to: [String: Value].self).move()
    }

    override func destroy(_ storage: UnsafeMutableRawPointer) {
        storage.assumingMemoryBound(to: [String: Value].self).deinitialize(count: 1)
    }

    // MARK: Frame events

    override func key(_ text: JSONBytes, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.key = text.string
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        if let decoded = try value.read(event, session) {
            frame.pointee.storage.assumingMemoryBound(to: [String: Value].self).pointee[frame.pointee.key!] = decoded
        } else if case .null = event {
            try session.coercionFailed(.mismatch, expected: value.expected, found: event)
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try value.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        guard let decoded = try value.take(child.pointee.storage, session) else { return }
        frame.pointee.storage.assumingMemoryBound(to: [String: Value].self).pointee[frame.pointee.key!] = decoded
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.key.map { .key($0) }
    }
}

/// A property mapped through a ``JSONValueTransformer``: decodes the transformer's JSON
/// representation, then converts it.
final class TransformReader<Transformer: JSONValueTransformer>: ValueReader<Transformer.Value>, @unchecked Sendable {
    private let transformer: Transformer
    private let inner: ValueReader<Transformer.JSONRepresentation>

    init(transformer: Transformer, inner: ValueReader<Transformer.JSONRepresentation>) {
        self.transformer = transformer
        self.inner = inner
    }

    override var expected: String { inner.expected }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Transformer.Value? {
        guard let json = try inner.read(event, session) else { return nil }
        return try transform(json, session)
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try inner.begin(isObject: isObject, session)
    }

    override func take(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Transformer.Value? {
        guard let json = try inner.take(storage, session) else { return nil }
        return try transform(json, session)
    }

    private func transform(_ json: Transformer.JSONRepresentation, _ session: DecodingSession) throws(JSONMapperError) -> Transformer.Value? {
        do {
            return try transformer.value(from: json)
        } catch let error as JSONMapperError {
            throw error
        } catch {
            try session.report(.invalidValue(path: session.currentPath(), reason: "\(error)"))
            return nil
        }
    }
}
