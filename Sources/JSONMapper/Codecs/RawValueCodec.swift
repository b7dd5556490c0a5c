import Foundation

/// A `RawRepresentable` enum: the raw value, then the case with that raw value.
final class RawValueCodec<Value: RawRepresentable>: ValueCodec<Value> {
    private let raw: ValueCodec<Value.RawValue>

    init(raw: ValueCodec<Value.RawValue>) { self.raw = raw }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if case .null = event { return store(try reject(event, expected, session), at: destination) }
        return try session.withScratch(for: Value.RawValue.self) { (rawValue) throws(JSONMapperError) in
            guard try raw.initialize(event, at: rawValue, session) else { return false }
            let rawCopy = rawValue.move()
            guard let value = Value(rawValue: rawCopy) else {
                try session.coercionFailed(.invalid("\(describe("\(rawCopy)")) is not a case of \(Value.self)"), expected: expected, found: event)
                return false
            }
            destination.initialize(to: value)
            return true
        }
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws(JSONMapperError) {
        try raw.write(value.rawValue, to: &writer)
    }
}

extension JSONMappableValue where Self: RawRepresentable, RawValue: JSONMappableValue {
    /// The codec of a `RawRepresentable` type: its raw value's, then the case. Do not call it.
    public static var _jsonCodec: _JSONFrameHandler { RawValueCodec<Self>(raw: valueCodec(for: RawValue.self)) }
}
