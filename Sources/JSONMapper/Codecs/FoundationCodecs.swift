import Foundation

/// `Decimal`, exact from the number's text up to 38 significant digits (see ``DecimalCoercion``).
// Sendable: no stored state.
final class DecimalCodec: ValueCodec<Decimal>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Decimal? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try DecimalCoercion.decimal(from: event, strict: session.isStrict)
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

/// `Date`: Unix time or the string formats ``DateCoercion`` lists; written as the options say.
// Sendable: no stored state.
final class DateCodec: ValueCodec<Date>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Date? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try DateCoercion.date(from: event, strict: session.isStrict, unit: session.options.dateUnit)
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
        case .iso8601(let fraction):
            guard let text = DateWriting.iso8601(value, fraction: fraction) else {
                // (Not `\(value)`: Foundation traps describing a non-finite date.)
                throw .invalidValue(path: "", reason: "the date \(value.timeIntervalSince1970) s from 1970 is outside the years 0000–9999 of ISO 8601 text")
            }
            writer.writeString(text)
        case .secondsSince1970: _ = writer.writeDouble(value.timeIntervalSince1970)
        case .millisecondsSince1970: _ = writer.writeDouble((value.timeIntervalSince1970 * 1000).rounded())
        case .custom(let format): writer.writeString(format(value))
        }
    }
}

/// `URL`: a trimmed string; an empty one leaves the property as it is.
// Sendable: no stored state.
final class URLCodec: ValueCodec<URL>, @unchecked Sendable {
    override var blankStringIsNil: Bool { true }

    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> URL? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try StringLikeCoercion.url(from: event, strict: session.isStrict)
        }
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
// Sendable: no stored state.
final class UUIDCodec: ValueCodec<UUID>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> UUID? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try StringLikeCoercion.uuid(from: event, strict: session.isStrict)
        }
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
// Sendable: no stored state.
final class DataCodec: ValueCodec<Data>, @unchecked Sendable {
    @inline(__always)
    private func value(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> Data? {
        try coerce(event, expected, session) { () throws(CoercionFailure) in
            try StringLikeCoercion.data(from: event, strict: session.isStrict)
        }
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
