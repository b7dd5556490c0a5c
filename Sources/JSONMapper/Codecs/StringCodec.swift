/// `String`: the conversions of ``StringLikeCoercion/string(from:strict:)``.
// Sendable: no stored state.
final class StringCodec: ValueCodec<String>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> String? {
        // From a tree, the string is taken as it is (it holds exactly these bytes).
        if case .string = event, let whole = session.sourceString { return whole }
        return try coerce(event, expected, session) { () throws(CoercionFailure) in
            try StringLikeCoercion.string(from: event, strict: session.isStrict)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<String>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<String>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: String, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeString(value)
    }
}
