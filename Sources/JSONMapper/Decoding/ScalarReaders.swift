import Foundation

// Readers for the scalar types. Each applies DESIGN §6 through the Coercion layer: the JSON
// kind the type naturally comes from is always accepted; the others only when lenient.
//
// The conversion logic lives in generic classes as `@inline(__always)` methods; the concrete
// final subclasses (`IntReader`, `DoubleReader`, …) override `initialize` with it, so the code
// that runs per value is specialized for its type: no generic arithmetic, no metadata lookups.

/// A coercion's value, or its failure reported through the session's policy (`nil` = keep).
@inline(__always)
private func coerce<V>(_ event: ScalarEvent, _ expected: String, _ session: DecodingSession,
                       _ body: () throws(CoercionFailure) -> V?) throws(JSONMapperError) -> V? {
    do throws(CoercionFailure) {
        return try body()
    } catch {
        try session.coercionFailed(error, expected: expected, found: event)
        return nil
    }
}

/// Reports a value of a JSON kind the type cannot come from (or `null`); always `nil`.
@inline(__always)
private func reject<V>(_ event: ScalarEvent, _ expected: String, _ session: DecodingSession) throws(JSONMapperError) -> V? {
    if case .null = event {
        try session.nullForNonOptional(expected: expected)
    } else {
        try session.coercionFailed(.mismatch, expected: expected, found: event)
    }
    return nil
}

/// Integers: exact; out of range is an error, never wrapped.
class IntegerReader<Integer: FixedWidthInteger>: ValueReader<Integer>, @unchecked Sendable {
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
            try session.coercionFailed(.invalid("\(value) is not an integer in the range of \(Integer.self)"), expected: expected, found: event)
            return nil
        default:
            return try reject(event, expected, session)
        }
    }
}

final class IntReader: IntegerReader<Int>, @unchecked Sendable {
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
final class Int8Reader: IntegerReader<Int8>, @unchecked Sendable {
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
final class Int16Reader: IntegerReader<Int16>, @unchecked Sendable {
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
final class Int32Reader: IntegerReader<Int32>, @unchecked Sendable {
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
final class Int64Reader: IntegerReader<Int64>, @unchecked Sendable {
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
final class UIntReader: IntegerReader<UInt>, @unchecked Sendable {
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
final class UInt8Reader: IntegerReader<UInt8>, @unchecked Sendable {
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
final class UInt16Reader: IntegerReader<UInt16>, @unchecked Sendable {
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
final class UInt32Reader: IntegerReader<UInt32>, @unchecked Sendable {
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
final class UInt64Reader: IntegerReader<UInt64>, @unchecked Sendable {
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

/// `Double`, correctly rounded from the raw text.
final class DoubleReader: ValueReader<Double>, @unchecked Sendable {
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
final class FloatReader: ValueReader<Float>, @unchecked Sendable {
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

/// `Decimal`, exact from the number's text.
final class DecimalReader: ValueReader<Decimal>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Decimal? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DecimalCoercion.fromNumber(text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DecimalCoercion.fromString(text.buffer) }
        case .double(let value):
            // The shortest text of the double, so 0.1 becomes Decimal 0.1, not 0.1000000000000000055.
            return Decimal(string: value.description, locale: Locale(identifier: "en_US_POSIX"))
        default:
            return try reject(event, expected, session)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Decimal>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Decimal>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Decimal, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard writer.writeDecimal(value) else { throw .invalidValue(path: "", reason: "\(value) cannot be written as JSON") }
    }
}

/// `Bool`: booleans; numbers and `true/false/yes/no/1/0` strings when lenient.
final class BoolReader: ValueReader<Bool>, @unchecked Sendable {
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

/// `String`: strings; a number's own text and `"true"`/`"false"` when lenient.
final class StringReader: ValueReader<String>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> String? {
        switch event {
        case .string(let text): return text.string
        case .number(let text) where !session.isStrict: return text.string
        case .bool(let flag) where !session.isStrict: return StringLikeCoercion.string(from: flag)
        case .double(let value) where !session.isStrict: return value.description
        default: return try reject(event, expected, session)
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

/// `Date`: numbers as Unix time (seconds or milliseconds, per the options), strings in the
/// formats ``DateCoercion`` lists. JSON has no date type, so both are accepted when strict.
final class DateReader: ValueReader<Date>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Date? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                try DateCoercion.fromNumber(text.buffer, unit: session.options.dateUnit)
            }
        case .string(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DateCoercion.fromString(text.buffer) }
        case .double(let value):
            return Date(timeIntervalSince1970: session.options.dateUnit == .secondsSince1970 ? value : value / 1000)
        default:
            return try reject(event, expected, session)
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Date>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Date>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Date, to writer: inout JSONWriter) throws(JSONMapperError) {
        switch writer.options.dateStrategy {
        case .iso8601(let fraction): writer.writeString(DateText.iso8601(value, fraction: fraction))
        case .secondsSince1970: _ = writer.writeDouble(value.timeIntervalSince1970)
        case .millisecondsSince1970: _ = writer.writeDouble((value.timeIntervalSince1970 * 1000).rounded())
        case .custom(let format): writer.writeString(format(value))
        }
    }
}

/// `URL`: a trimmed string; an empty one leaves the property as it is.
final class URLReader: ValueReader<URL>, @unchecked Sendable {
    override var blankStringIsNil: Bool { true }

    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> URL? {
        guard case .string(let text) = event else { return try reject(event, expected, session) }
        return try coerce(event, expected, session) { () throws(CoercionFailure) in try StringLikeCoercion.url(from: text.buffer) }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<URL>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<URL>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: URL, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeString(value.absoluteString)
    }
}

/// `UUID` from its string form.
final class UUIDReader: ValueReader<UUID>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> UUID? {
        guard case .string(let text) = event else { return try reject(event, expected, session) }
        return try coerce(event, expected, session) { () throws(CoercionFailure) in try StringLikeCoercion.uuid(from: text.buffer) }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<UUID>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<UUID>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: UUID, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeString(value.uuidString)
    }
}

/// `Data` from base64.
final class DataReader: ValueReader<Data>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Data? {
        guard case .string(let text) = event else { return try reject(event, expected, session) }
        return try coerce(event, expected, session) { () throws(CoercionFailure) in try StringLikeCoercion.data(fromBase64: text.buffer) }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Data>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try value(event, session), at: destination)
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Data>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        replace(try value(event, session), at: destination)
    }

    override func write(_ value: Data, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.writeString(value.base64EncodedString())
    }
}

/// A `RawRepresentable` enum: the raw value, then the case with that raw value.
final class RawValueReader<Value: RawRepresentable>: ValueReader<Value>, @unchecked Sendable {
    private let raw: ValueReader<Value.RawValue>

    init(raw: ValueReader<Value.RawValue>) { self.raw = raw }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if case .null = event { return store(try reject(event, expected, session), at: destination) }
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let rawValue = session.allocate(Value.RawValue.self)
        guard try raw.initialize(event, at: rawValue, session) else { return false }
        let rawCopy = rawValue.move()
        guard let value = Value(rawValue: rawCopy) else {
            try session.coercionFailed(.invalid("\(rawCopy) is not a case of \(Value.self)"), expected: expected, found: event)
            return false
        }
        destination.initialize(to: value)
        return true
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws(JSONMapperError) {
        try raw.write(value.rawValue, to: &writer)
    }
}
