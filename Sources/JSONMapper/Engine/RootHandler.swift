/// The bottom frame of a decode: receives the top-level value into the result its
/// ``RootSlot`` owns.
///
/// The result is a `Value` and a flag rather than a `Value?`: called from another module, this
/// code runs unspecialized, and there every use of `Value?` looks up its metadata at run time,
/// once per record of a stream, while `Value`'s own comes with the class.
final class RootHandler<Value>: _JSONFrameHandler {
    private let codec: ValueCodec<Value>
    /// The decoded value, initialized while ``hasValue`` is true.
    let value: UnsafeMutablePointer<Value>
    /// Whether ``value`` holds a decoded value.
    var hasValue = false

    init(codec: ValueCodec<Value>) {
        self.codec = codec
        value = .allocate(capacity: 1)
    }

    deinit {
        empty()
        value.deallocate()
    }

    /// Drops the decoded value, if there is one.
    func empty() {
        if hasValue { value.deinitialize(count: 1) }
        hasValue = false
    }

    /// Keeps `decoded` (moved out of its scratch slot) as the result, in place of any before it.
    private func keep(_ decoded: UnsafeMutablePointer<Value>) {
        empty()
        value.moveInitialize(from: decoded, count: 1)
        hasValue = true
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (scratch) throws(JSONMapperError) in
            guard try codec.initialize(event, at: scratch, session) else {
                // There is no default to keep for a top-level value.
                throw .typeMismatch(path: "", expected: codec.expected, found: event.kindDescription)
            }
            keep(scratch)
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (scratch) throws(JSONMapperError) in
            if try codec.take(child.pointee.storage, initializing: scratch, session) {
                keep(scratch)
            }
        }
    }
}

/// The bottom of a decode whose result is a `Value`: the root handler and the result slot it
/// writes, kept where it cannot move while a session may write to it. Every root decode of a
/// value goes through one: a document's or a tree's (``DecodeRun``), a chunked document's
/// (`JSONChunkDecoder`), each record of a stream (`RecordEngine`, which reuses its slot).
final class RootSlot<Value> {
    private let handler: RootHandler<Value>

    init(codec: ValueCodec<Value>) {
        handler = RootHandler(codec: codec)
    }

    /// Empties the slot and pushes the bottom frame over it onto `session`, whose frames the
    /// caller unwinds before the slot goes (the session holds the handler unretained: the
    /// slot keeps it alive).
    func push(onto session: DecodingSession) {
        handler.empty()
        session.pushBorrowed(handler: .passUnretained(handler), storage: UnsafeMutableRawPointer(handler.value), state: nil)
    }

    /// The decoded value, taken out of the slot; the error every root decode throws when the
    /// input held no value the codec could use.
    func take() throws(JSONMapperError) -> Value {
        guard handler.hasValue else {
            throw .typeMismatch(path: "", expected: "\(Value.self)", found: "no usable value")
        }
        handler.hasValue = false
        return handler.value.move()
    }
}
