/// `Bool`: the conversions of ``BoolCoercion``.
// Sendable: no stored state.
final class BoolCodec: ValueCodec<Bool>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Bool? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try BoolCoercion.bool(from: event, strict: session.isStrict)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Bool>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Bool>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Bool, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeBool(value)
    }
}
