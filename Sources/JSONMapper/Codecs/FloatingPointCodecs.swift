/// `Double`, correctly rounded from the raw text (see ``FloatingPointCoercion``).
// Sendable: no stored state.
final class DoubleCodec: ValueCodec<Double>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Double? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try FloatingPointCoercion.double(from: event, strict: session.isStrict, allowNonFinite: session.options.allowsNonFiniteStrings)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Double>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Double>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Double, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard writer.writeDouble(value) else { throw .invalidValue(path: "", reason: "\(value) cannot be written as JSON") }
    }
}

/// `Float`, rounded once from the raw text.
// Sendable: no stored state.
final class FloatCodec: ValueCodec<Float>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Float? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try FloatingPointCoercion.float(from: event, strict: session.isStrict, allowNonFinite: session.options.allowsNonFiniteStrings)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Float>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Float>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Float, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard writer.writeFloat(value) else { throw .invalidValue(path: "", reason: "\(value) cannot be written as JSON") }
    }
}
