import Foundation

/// `String`: strings; a number's own text and `"true"`/`"false"` when lenient.
final class StringCodec: ValueCodec<String>, @unchecked Sendable {
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
