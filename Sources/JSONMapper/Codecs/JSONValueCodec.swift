/// `JSONValue` as a property type: any JSON kept as it was, such as a `metadata` sub-tree.
/// A scalar becomes its value at once; an object or array is captured whole from its parse
/// events into a ``JSONValueBuilder`` in the same session (no detour through text) and handed
/// to the frame below through a frame that opens and closes at once (``DecodingSession/closeFrame()``). Every JSON kind is the
/// type's own, so nothing is coerced, strict or lenient, and `null` is ``JSONValue/null``
/// (a `JSONValue?` reads `null` as `nil`). Written back by the writer as it was read: members
/// in their order, numbers in their own text.
final class JSONValueCodec: OwnedValueCodec<JSONValue> {
    override var expected: String { "a JSON value" }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<JSONValue>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.initialize(to: JSONValueBuilder.value(of: event))
        return true
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<JSONValue>,
                         _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.pointee = JSONValueBuilder.value(of: event)
        return true
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        session.capture(isObject: isObject) { (value) throws(JSONMapperError) in
            session.pushOwned(value, by: self)
            try session.closeFrame()
        }
    }

    override func write(_ value: JSONValue, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.write(value)
    }
}
