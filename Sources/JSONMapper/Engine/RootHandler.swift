/// The bottom frame of a decode: receives the top-level value into the caller's result slot.
// Sendable: holds only the codecs it delegates to, immutable.
final class RootHandler<Value>: _JSONFrameHandler, @unchecked Sendable {
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
