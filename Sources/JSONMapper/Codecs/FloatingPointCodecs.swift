import Foundation

/// `Double`, correctly rounded from the raw text.
final class DoubleCodec: ValueCodec<Double>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Double? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try FloatingPointCoercion.double(fromNumber: text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                try FloatingPointCoercion.double(fromString: text.buffer, allowNonFinite: session.options.allowsNonFiniteStrings)
            }
        case .bool(let flag) where !session.isStrict:
            return flag ? 1 : 0
        case .double(let value):
            return value
        default:
            return try reject(event, expected, session)
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
final class FloatCodec: ValueCodec<Float>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Float? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try FloatingPointCoercion.float(fromNumber: text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                try FloatingPointCoercion.float(fromString: text.buffer, allowNonFinite: session.options.allowsNonFiniteStrings)
            }
        case .bool(let flag) where !session.isStrict:
            return flag ? 1 : 0
        case .double(let value):
            return Float(value)
        default:
            return try reject(event, expected, session)
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
