import Foundation

// Readers for the scalar types. Each applies DESIGN §6 through the Coercion layer: the JSON
// kind the type naturally comes from is always accepted; the others only when lenient.

/// A coercion result or failure, reported through the session's policy (`nil` = keep).
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

/// `Int`, `Int8` … `UInt64`: exact; out of range is an error, never wrapped.
final class IntegerReader<Integer: FixedWidthInteger & JSONMappableValue>: ValueReader<Integer>, @unchecked Sendable {
    static var shared: IntegerReader { IntegerReader() }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Integer? {
        switch event {
        case .number(let text):
            // Hot path: a plain integer in range converts in one pass with no error handling.
            if let value = IntegerCoercion.plainInteger(text.buffer, as: Integer.self) { return value }
            if session.isStrict, NumberText(text.buffer)?.isPlainInteger == false {
                try session.coercionFailed(.mismatch, expected: expected, found: event)
                return nil
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
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// `Double` and `Float`, correctly rounded from the raw text.
final class FloatingPointReader<Floating: BinaryFloatingPoint & JSONMappableValue>: ValueReader<Floating>, @unchecked Sendable {
    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Floating? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                Floating.self == Float.self
                    ? Floating(try FloatingPointCoercion.float(fromNumber: text.buffer))
                    : Floating(try FloatingPointCoercion.double(fromNumber: text.buffer))
            }
        case .string(let text) where !session.isStrict:
            let allow = session.options.allowsNonFiniteStrings
            return try coerce(event, expected, session) { () throws(CoercionFailure) in
                Floating.self == Float.self
                    ? Floating(try FloatingPointCoercion.float(fromString: text.buffer, allowNonFinite: allow))
                    : Floating(try FloatingPointCoercion.double(fromString: text.buffer, allowNonFinite: allow))
            }
        case .bool(let value) where !session.isStrict:
            return value ? 1 : 0
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// `Decimal`, exact from the number's text.
final class DecimalReader: ValueReader<Decimal>, @unchecked Sendable {
    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Decimal? {
        switch event {
        case .number(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DecimalCoercion.fromNumber(text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DecimalCoercion.fromString(text.buffer) }
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// `Bool`: booleans; numbers and `true/false/yes/no/1/0` strings when lenient.
final class BoolReader: ValueReader<Bool>, @unchecked Sendable {
    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Bool? {
        switch event {
        case .bool(let value):
            return value
        case .number(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try BoolCoercion.fromNumber(text.buffer) }
        case .string(let text) where !session.isStrict:
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try BoolCoercion.fromString(text.buffer) }
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// `String`: strings; a number's own text and `"true"`/`"false"` when lenient.
final class StringReader: ValueReader<String>, @unchecked Sendable {
    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> String? {
        switch event {
        case .string(let text):
            return text.string
        case .number(let text) where !session.isStrict:
            return text.string
        case .bool(let value) where !session.isStrict:
            return StringLikeCoercion.string(from: value)
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// `Date`: numbers as Unix time (seconds or milliseconds, per the options), strings in the
/// formats ``DateCoercion`` lists. JSON has no date type, so both are accepted when strict.
final class DateReader: ValueReader<Date>, @unchecked Sendable {
    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Date? {
        switch event {
        case .number(let text):
            let unit = session.options.dateUnit
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DateCoercion.fromNumber(text.buffer, unit: unit) }
        case .string(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try DateCoercion.fromString(text.buffer) }
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// A type written in JSON as a string: `URL`, `UUID`, `Data` (base64).
final class StringFormReader<Value>: ValueReader<Value>, @unchecked Sendable {
    private let convert: @Sendable (UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Value?

    init(_ convert: @escaping @Sendable (UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Value?) {
        self.convert = convert
    }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Value? {
        switch event {
        case .string(let text):
            return try coerce(event, expected, session) { () throws(CoercionFailure) in try convert(text.buffer) }
        case .null:
            try session.nullForNonOptional(expected: expected)
            return nil
        default:
            try session.coercionFailed(.mismatch, expected: expected, found: event)
            return nil
        }
    }
}

/// A `RawRepresentable` enum: the raw value, then the case with that raw value.
final class RawValueReader<Value: RawRepresentable>: ValueReader<Value>, @unchecked Sendable {
    private let raw: ValueReader<Value.RawValue>

    init(raw: ValueReader<Value.RawValue>) { self.raw = raw }

    override func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Value? {
        if case .null = event {
            try session.nullForNonOptional(expected: expected)
            return nil
        }
        guard let rawValue = try raw.read(event, session) else { return nil }
        guard let value = Value(rawValue: rawValue) else {
            try session.coercionFailed(.invalid("\(rawValue) is not a case of \(Value.self)"), expected: expected, found: event)
            return nil
        }
        return value
    }
}
