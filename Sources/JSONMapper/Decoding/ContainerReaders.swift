/// `Optional` as a type parameter: lets ``OptionalReader`` name its value type as a class
/// parameter, so its generic code never looks `Optional<Wrapped>`'s metadata up per value.
protocol OptionalRepresentable {
    associatedtype Wrapped
    static var nilValue: Self { get }
    init(wrapping value: Wrapped)
    var isNilValue: Bool { get }
    /// The wrapped value; only called when it is not `nil`.
    var unwrappedValue: Wrapped { get }
}

extension Optional: OptionalRepresentable {
    static var nilValue: Self { nil }
    init(wrapping value: Wrapped) { self = .some(value) }
    var isNilValue: Bool { self == nil }
    var unwrappedValue: Wrapped { self! }
}

/// `Optional<Wrapped>`: `null` is `nil` (also when updating a value that had one); anything
/// else is the wrapped type's.
final class OptionalReader<Wrapped, Value: OptionalRepresentable>: ValueReader<Value>, @unchecked Sendable
where Value.Wrapped == Wrapped {
    private let wrapped: ValueReader<Wrapped>

    init(wrapped: ValueReader<Wrapped>) { self.wrapped = wrapped }

    override var expected: String { wrapped.expected }

    /// `null`, or a blank string for a type that reads it as no value.
    @inline(__always)
    private func isNil(_ event: ScalarEvent) -> Bool {
        switch event {
        case .null: true
        case .string(let text): wrapped.blankStringIsNil && trimmingASCIIWhitespace(text.buffer).isEmpty
        default: false
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if isNil(event) {
            destination.initialize(to: .nilValue)
            return true
        }
        return try withScratch(session) { (scratch) throws(JSONMapperError) in
            guard try wrapped.initialize(event, at: scratch, session) else { return false }
            destination.initialize(to: Value(wrapping: scratch.move()))
            return true
        }
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if isNil(event) {
            destination.pointee = .nilValue
            return true
        }
        return try withScratch(session) { (scratch) throws(JSONMapperError) in
            guard try wrapped.initialize(event, at: scratch, session) else { return false }
            destination.pointee = Value(wrapping: scratch.move())
            return true
        }
    }

    // The frame the wrapped reader pushes holds a `Wrapped`; taking it wraps it.
    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try wrapped.begin(isObject: isObject, session)
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Value>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try withScratch(session) { (scratch) throws(JSONMapperError) in
            guard try wrapped.take(storage, initializing: scratch, session) else { return false }
            destination.initialize(to: Value(wrapping: scratch.move()))
            return true
        }
    }

    override func take(_ storage: UnsafeMutableRawPointer, assigning destination: UnsafeMutablePointer<Value>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try withScratch(session) { (scratch) throws(JSONMapperError) in
            guard try wrapped.take(storage, initializing: scratch, session) else { return false }
            destination.pointee = Value(wrapping: scratch.move())
            return true
        }
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws(JSONMapperError) {
        if value.isNilValue { writer.writeNull() } else { try wrapped.write(value.unwrappedValue, to: &writer) }
    }

    override func isNil(_ value: Value) -> Bool { value.isNilValue }

    /// Uninitialized arena memory for one `Wrapped`, given back when `body` returns.
    @inline(__always)
    private func withScratch(_ session: DecodingSession,
                             _ body: (UnsafeMutablePointer<Wrapped>) throws(JSONMapperError) -> Bool) throws(JSONMapperError) -> Bool {
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        return try body(session.allocate(Wrapped.self))
    }
}

/// A collection built from the elements of a JSON array.
protocol ElementCollection: Sequence {
    /// The collection of `count` elements moved out of `elements`.
    init(moving elements: UnsafeMutablePointer<Element>, count: Int)
    /// Calls `body` with each element and its position. A requirement, so the loop runs in
    /// the collection's own code (no generic iterator or enumerated-sequence metadata per call).
    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError)
}

extension Array: ElementCollection {
    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        for index in indices { try body(index, self[index]) }
    }

    init(moving elements: UnsafeMutablePointer<Element>, count: Int) {
        // An empty array is the shared empty singleton: `unsafeUninitializedCapacity: 0` would
        // write its count (a harmless zero, but a data race to ThreadSanitizer).
        guard count > 0 else {
            self.init()
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: elements, count: count)
            initialized = count
        }
    }
}

extension Set: ElementCollection {
    func forEachElement(_ body: (Int, Element) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var position = 0
        for element in self {
            try body(position, element)
            position += 1
        }
    }

    init(moving elements: UnsafeMutablePointer<Element>, count: Int) {
        self.init(minimumCapacity: count)
        for i in 0..<count { insert((elements + i).move()) }
    }
}

/// `Array` and `Set` from JSON arrays; also the consumer of the array's frame, whose storage
/// is an ``ElementList``.
final class CollectionReader<Element, Collection: ElementCollection>: ValueReader<Collection>, @unchecked Sendable
where Collection.Element == Element {
    private let element: ValueReader<Element>

    init(element: ValueReader<Element>) { self.element = element }

    override var expected: String { "an array of \(element.expected)" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard !isObject else { return try session.containerMismatch(expected: expected, isObject: true) }
        session.pushOwned(ElementList(borrowing: session.borrowElementBlock()), by: self)
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Collection>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        let list = storage.assumingMemoryBound(to: ElementList.self)
        destination.initialize(to: Collection(moving: list.pointee.elements(Element.self), count: list.pointee.count))
        list.pointee.recycle(session)
        return true
    }

    override func take(_ storage: UnsafeMutableRawPointer, assigning destination: UnsafeMutablePointer<Collection>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        let list = storage.assumingMemoryBound(to: ElementList.self)
        destination.pointee = Collection(moving: list.pointee.elements(Element.self), count: list.pointee.count)
        list.pointee.recycle(session)
        return true
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        storage.assumingMemoryBound(to: ElementList.self).pointee.release(destroying: Element.self, session)
    }

    override func write(_ value: Collection, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.beginArray()
        try value.forEachElement { (index, element) throws(JSONMapperError) in
            writer.element()
            do throws(JSONMapperError) {
                try self.element.write(element, to: &writer)
            } catch {
                throw error.prefixingPath("[\(index)]")
            }
        }
        writer.endArray()
    }

    // MARK: Frame events

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.index += 1
        let list = frame.pointee.storage.assumingMemoryBound(to: ElementList.self)
        if try element.initialize(event, at: list.pointee.nextSlot(Element.self, session), session) {
            list.pointee.commit()
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
        let list = frame.pointee.storage.assumingMemoryBound(to: ElementList.self)
        if try element.take(child.pointee.storage, initializing: list.pointee.nextSlot(Element.self, session), session) {
            list.pointee.commit()
        }
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.index > 0 ? .index(frame.pointee.index - 1) : nil
    }
}

/// A dictionary keyed by `String`, built from an object's keys and values.
protocol StringKeyedCollection {
    associatedtype Value
    /// The entries, in the collection's own order.
    var entries: [(key: String, value: Value)] { get }
    /// The dictionary of `count` entries moved out of `keys` and `values`; a repeated key
    /// keeps its last value.
    init(movingKeys keys: UnsafeMutablePointer<String>, values: UnsafeMutablePointer<Value>, count: Int)
}

extension Dictionary: StringKeyedCollection where Key == String {
    var entries: [(key: String, value: Value)] { map { ($0.key, $0.value) } }

    init(movingKeys keys: UnsafeMutablePointer<String>, values: UnsafeMutablePointer<Value>, count: Int) {
        self.init(minimumCapacity: count)
        for i in 0..<count { self[(keys + i).move()] = (values + i).move() }
    }
}

/// Keys and values of a dictionary being decoded, and the key whose value comes next.
struct KeyValueLists {
    var keys: ElementList
    var values: ElementList
    var currentKey: String?
}

/// `[String: Value]` from JSON objects; also the consumer of the object's frame.
final class DictionaryReader<Value, Dictionary: StringKeyedCollection>: ValueReader<Dictionary>, @unchecked Sendable
where Dictionary.Value == Value {
    private let value: ValueReader<Value>

    init(value: ValueReader<Value>) { self.value = value }

    override var expected: String { "an object of \(value.expected)" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        let lists = KeyValueLists(keys: ElementList(borrowing: session.borrowElementBlock()),
                                  values: ElementList(borrowing: session.borrowElementBlock()), currentKey: nil)
        session.pushOwned(lists, by: self)
    }

    private func build(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) -> Dictionary {
        let lists = storage.assumingMemoryBound(to: KeyValueLists.self)
        let built = Dictionary(movingKeys: lists.pointee.keys.elements(String.self),
                               values: lists.pointee.values.elements(Value.self), count: lists.pointee.values.count)
        lists.pointee.keys.recycle(session)
        lists.pointee.values.recycle(session)
        lists.deinitialize(count: 1)
        return built
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Dictionary>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: build(storage, session))
        return true
    }

    override func take(_ storage: UnsafeMutableRawPointer, assigning destination: UnsafeMutablePointer<Dictionary>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.pointee = build(storage, session)
        return true
    }

    override func write(_ dictionary: Dictionary, to writer: inout JSONWriter) throws(JSONMapperError) {
        var entries = dictionary.entries
        if writer.options.sortsKeys { entries.sort { $0.key < $1.key } }
        writer.beginObject()
        for (key, member) in entries {
            writer.key(key)
            do throws(JSONMapperError) {
                try value.write(member, to: &writer)
            } catch {
                throw error.prefixingPath(key)
            }
        }
        writer.endObject()
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        let lists = storage.assumingMemoryBound(to: KeyValueLists.self)
        lists.pointee.keys.release(destroying: String.self, session)
        lists.pointee.values.release(destroying: Value.self, session)
        lists.deinitialize(count: 1)
    }

    // MARK: Frame events

    override func key(_ text: JSONBytes, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.storage.assumingMemoryBound(to: KeyValueLists.self).pointee.currentKey = text.string
    }

    /// Stores the current key beside a value that has just been stored at the next value slot.
    private func commit(_ lists: UnsafeMutablePointer<KeyValueLists>, _ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) {
        lists.pointee.keys.nextSlot(String.self, session).initialize(to: lists.pointee.currentKey ?? "")
        lists.pointee.keys.commit()
        lists.pointee.values.commit()
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let lists = frame.pointee.storage.assumingMemoryBound(to: KeyValueLists.self)
        if try value.initialize(event, at: lists.pointee.values.nextSlot(Value.self, session), session) {
            commit(lists, frame, session)
        } else if case .null = event {
            try session.coercionFailed(.mismatch, expected: value.expected, found: event)
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try value.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let lists = frame.pointee.storage.assumingMemoryBound(to: KeyValueLists.self)
        if try value.take(child.pointee.storage, initializing: lists.pointee.values.nextSlot(Value.self, session), session) {
            commit(lists, frame, session)
        }
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.storage.assumingMemoryBound(to: KeyValueLists.self).pointee.currentKey.map { .key($0) }
    }
}

/// A property mapped through a ``JSONValueTransformer``: decodes the transformer's JSON
/// representation, then converts it.
final class TransformReader<Transformer: JSONValueTransformer>: ValueReader<Transformer.Value>, @unchecked Sendable {
    private typealias JSONRepresentation = Transformer.JSONRepresentation
    private let transformer: Transformer
    private let inner: ValueReader<JSONRepresentation>

    init(transformer: Transformer, inner: ValueReader<Transformer.JSONRepresentation>) {
        self.transformer = transformer
        self.inner = inner
    }

    override var expected: String { inner.expected }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Transformer.Value>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try transform(into: destination, session) { (json) throws(JSONMapperError) in try inner.initialize(event, at: json, session) }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try inner.begin(isObject: isObject, session)
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Transformer.Value>,
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
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let json = session.allocate(JSONRepresentation.self)
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
