/// The bottom frame of a decode: receives the top-level value into the caller's result slot.
final class RootConsumer<Value>: _JSONReader, @unchecked Sendable {
    private let reader: ValueReader<Value>

    init(reader: ValueReader<Value>) { self.reader = reader }

    /// The frame's storage is the caller's `Value?` result.
    private func result(_ frame: UnsafeMutablePointer<Frame>) -> UnsafeMutablePointer<Value?> {
        frame.pointee.storage.assumingMemoryBound(to: Value?.self)
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let value = session.allocate(Value.self)
        guard try reader.initialize(event, at: value, session) else {
            // There is no default to keep for a top-level value.
            throw .typeMismatch(path: "", expected: reader.expected, found: event.kindDescription)
        }
        result(frame).pointee = value.move()
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try reader.begin(isObject: isObject, session)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let value = session.allocate(Value.self)
        if try reader.take(child.pointee.storage, initializing: value, session) {
            result(frame).pointee = value.move()
        }
    }
}

/// The bottom frame of ``JSONMappable/update(fromJSON:options:)``: the top-level object is
/// decoded into the caller's existing instance.
final class UpdateRootConsumer<Model: JSONMappable>: _JSONReader, @unchecked Sendable {
    private let reader: ModelReader<Model>

    init(reader: ModelReader<Model>) { self.reader = reader }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        throw .typeMismatch(path: "", expected: reader.expected, found: event.kindDescription)
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try reader.beginUpdating(frame.pointee.storage.assumingMemoryBound(to: Model.self), isObject: isObject, session)
    }
}
