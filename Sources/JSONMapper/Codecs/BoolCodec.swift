import Foundation

/// `Bool`: booleans; numbers and `true/false/yes/no/1/0` strings when lenient.
final class BoolCodec: ValueCodec<Bool>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Bool? {
        switch event {
        case .bool(let flag):
            return flag
        case .number(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try BoolCoercion.fromNumber(text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try BoolCoercion.fromString(text.buffer) }
        case .double(let value) where !session.isStrict:
            return value != 0
        default:
            return try reject(event, expected, session)
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
