import Foundation

/// Integers: exact; out of range is an error, never wrapped.
class IntegerCodec<Integer: FixedWidthInteger>: ValueCodec<Integer>, @unchecked Sendable {
    @inline(__always)
    final func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Integer? {
        switch event {
        case .number(let text):
            // Hot path: a plain integer in range converts in one pass.
            if let value = IntegerCoercion.plainInteger(text.buffer, as: Integer.self) { return value }
            if session.isStrict, NumberText(text.buffer)?.isPlainInteger == false {
                return try reject(event, expected, session)
            }
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                try IntegerCoercion.fromNumber(text.buffer, as: Integer.self)
            }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                try IntegerCoercion.fromString(text.buffer, as: Integer.self)
            }
        case .bool(let value) where !session.isStrict:
            return value ? 1 : 0
        case .double(let value):
            // A binary double (from a dictionary) is a number: exact integral values fit.
            if let exact = Integer(exactly: value) { return exact }
            // Strict: a fraction is another kind of number, as for number text.
            if session.isStrict, value.rounded(.towardZero) != value { return try reject(event, expected, session) }
            try session.coercionFailed(.invalid("\(value) is not an integer in the range of \(Integer.self)"), expected: expected, found: event)
            return nil
        default:
            return try reject(event, expected, session)
        }
    }
}

final class IntCodec: IntegerCodec<Int>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Int>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Int>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: Int, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class Int8Codec: IntegerCodec<Int8>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Int8>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Int8>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: Int8, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class Int16Codec: IntegerCodec<Int16>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Int16>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Int16>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: Int16, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class Int32Codec: IntegerCodec<Int32>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Int32>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Int32>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: Int32, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class Int64Codec: IntegerCodec<Int64>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Int64>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Int64>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: Int64, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class UIntCodec: IntegerCodec<UInt>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UInt>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UInt>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: UInt, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class UInt8Codec: IntegerCodec<UInt8>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UInt8>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UInt8>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: UInt8, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class UInt16Codec: IntegerCodec<UInt16>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UInt16>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UInt16>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: UInt16, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class UInt32Codec: IntegerCodec<UInt32>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UInt32>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UInt32>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: UInt32, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
final class UInt64Codec: IntegerCodec<UInt64>, @unchecked Sendable {
    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UInt64>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }
    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UInt64>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }
    override func write(_ value: UInt64, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeInteger(value)
    }
}
