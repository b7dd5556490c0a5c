/// Decodes any JSON value as a ``JSONValue``: scalars directly, objects and arrays captured
/// whole. Lets a record stream (or a property) hold raw JSON where no model fits.
final class JSONValueCodec: ValueCodec<JSONValue>, @unchecked Sendable {
    override var expected: String { "a JSON value" }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<JSONValue>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: JSONValueBuilder.value(of: event))
        return true
    }

    /// Captures the container; once it is whole, pushes a frame that holds it and closes that
    /// frame at once, which hands the value to the frame below as any container value is.
    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        session.capture(isObject: isObject) { (value) throws(JSONMapperError) in
            session.enterContainer()
            session.pushOwned(value, by: self)
            let accepted = isObject ? session.endObject() : session.endArray()
            if !accepted, let failure = session.failure { throw failure }
        }
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<JSONValue>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.assumingMemoryBound(to: JSONValue.self), count: 1)
        return true
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        storage.assumingMemoryBound(to: JSONValue.self).deinitialize(count: 1)
    }

    override func write(_ value: JSONValue, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.write(value)
    }
}

private let jsonValueCodec = JSONValueCodec()

extension JSONValue: JSONMappableValue {
    /// The codec for `JSONValue`. An implementation detail: do not call it.
    public static var _jsonCodec: _JSONFrameHandler { jsonValueCodec }
}
