/// The bottom frame of a decode: receives the top-level value into the caller's result slot.
final class RootHandler<Value>: _JSONFrameHandler {
    private let codec: ValueCodec<Value>

    init(codec: ValueCodec<Value>) { self.codec = codec }

    /// The frame's storage is the caller's `Value?` result.
    private func result(_ frame: UnsafeMutablePointer<Frame>) -> UnsafeMutablePointer<Value?> {
        frame.pointee.storage.pointer(to: Value?.self)
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            guard try codec.initialize(event, at: value, session) else {
                // There is no default to keep for a top-level value.
                throw .typeMismatch(path: "", expected: codec.expected, found: event.kindDescription)
            }
            result(frame).pointee = value.move()
        }
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            if try codec.take(child.pointee.storage, initializing: value, session) {
                result(frame).pointee = value.move()
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
    private let result: UnsafeMutablePointer<Value?>

    init(codec: ValueCodec<Value>) {
        handler = RootHandler(codec: codec)
        result = .allocate(capacity: 1)
        result.initialize(to: nil)
    }

    deinit {
        result.deinitialize(count: 1)
        result.deallocate()
    }

    /// Empties the slot and pushes the bottom frame over it onto `session`, whose frames the
    /// caller unwinds before the slot goes (the session holds the handler unretained: the
    /// slot keeps it alive).
    func push(onto session: DecodingSession) {
        result.pointee = nil
        session.pushBorrowed(handler: .passUnretained(handler), storage: UnsafeMutableRawPointer(result), state: nil)
    }

    /// The decoded value, taken out of the slot; the error every root decode throws when the
    /// input held no value the codec could use.
    func take() throws(JSONMapperError) -> Value {
        guard let value = result.pointee.take() else {
            throw .typeMismatch(path: "", expected: "\(Value.self)", found: "no usable value")
        }
        return value
    }
}
