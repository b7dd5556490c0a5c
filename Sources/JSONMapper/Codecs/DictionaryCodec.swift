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
        // `updateValue`, not the subscript setter: unspecialized (the value type belongs to the
        // caller), the setter's accessor costs a fifth more per entry.
        for i in 0..<count { updateValue((values + i).move(), forKey: (keys + i).move()) }
    }
}

/// Keys and values of a dictionary being decoded, and the key whose value comes next.
struct KeyValueLists {
    var keys: ElementList
    var values: ElementList
    var currentKey: String?
}

/// `[String: Value]` from JSON objects; also the handler of the object's frame.
final class DictionaryCodec<Value, Dictionary: StringKeyedCollection>: ValueCodec<Dictionary>
where Dictionary.Value == Value {
    private let value: ValueCodec<Value>

    init(value: ValueCodec<Value>) { self.value = value }

    override var expected: String { "an object of \(value.expected)" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        let lists = KeyValueLists(keys: ElementList(borrowing: session.borrowElementBlock()),
                                  values: ElementList(borrowing: session.borrowElementBlock()), currentKey: nil)
        session.pushOwned(lists, by: self)
    }

    private func build(_ storage: FrameStorage, _ session: DecodingSession) -> Dictionary {
        let lists = storage.pointer(to: KeyValueLists.self)
        let built = Dictionary(movingKeys: lists.pointee.keys.elements(String.self, session),
                               values: lists.pointee.values.elements(Value.self, session), count: lists.pointee.values.count)
        lists.pointee.keys.recycle(session)
        lists.pointee.values.recycle(session)
        lists.deinitialize(count: 1)
        return built
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Dictionary>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: build(storage, session))
        return true
    }

    override func take(_ storage: FrameStorage, assigning destination: UnsafeMutablePointer<Dictionary>,
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

    override func destroy(_ storage: FrameStorage, _ session: DecodingSession) {
        let lists = storage.pointer(to: KeyValueLists.self)
        lists.pointee.keys.release(destroying: String.self, session)
        lists.pointee.values.release(destroying: Value.self, session)
        lists.deinitialize(count: 1)
    }

    // MARK: Frame events

    override func key(_ text: JSONBytes, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.storage.pointer(to: KeyValueLists.self).pointee.currentKey = session.sourceString ?? text.string
    }

    /// Stores the current key beside a value that has just been stored at the next value slot.
    private func commit(_ lists: UnsafeMutablePointer<KeyValueLists>, _ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) {
        lists.pointee.keys.nextSlot(String.self, session).initialize(to: lists.pointee.currentKey ?? "")
        lists.pointee.keys.commit()
        lists.pointee.values.commit()
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let lists = frame.pointee.storage.pointer(to: KeyValueLists.self)
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
        let lists = frame.pointee.storage.pointer(to: KeyValueLists.self)
        if try value.take(child.pointee.storage, initializing: lists.pointee.values.nextSlot(Value.self, session), session) {
            commit(lists, frame, session)
        }
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.storage.pointer(to: KeyValueLists.self).pointee.currentKey.map { .key($0) }
    }
}
