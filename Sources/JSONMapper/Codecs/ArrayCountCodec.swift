/// The number of elements of an array, counted from its events without keeping them: each
/// element adds one, and containers inside are skipped unread. `null` keeps the default
/// (lenient); any other value is a type mismatch.
final class ArrayCountCodec: ValueCodec<Int> {
    override var expected: String { "an array (to count)" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard !isObject else { return try session.containerMismatch(expected: expected, isObject: true) }
        session.pushOwned(0, by: self)
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        count(in: frame)
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        count(in: frame)
        session.skipValue()
    }

    /// The frame's storage is the `Int` pushed by ``begin(isObject:_:)``.
    private func count(in frame: UnsafeMutablePointer<Frame>) {
        frame.pointee.storage.pointer(to: Int.self).pointee += 1
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Int>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: storage.pointer(to: Int.self).pointee)
        return true
    }

    override func write(_ value: Int, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
