// The scalar codecs take each value through one function of the Coercion layer, which holds
// every conversion rule (which JSON kinds a type takes, lenient and strict); the codec only
// reports a failure through the session's invalid-value policy.
//
// The concrete codecs are final classes (`IntCodec`, `DoubleCodec`, …) whose `initialize` and
// `assign` inline the conversion, so the code that runs per value is specialized for its type:
// no generic arithmetic, no metadata lookups.

/// A coercion's value, or its failure reported through the session's policy (`nil` = keep).
@inline(__always)
func coerce<V>(_ event: ScalarEvent, _ expected: String, _ session: DecodingSession,
               _ body: () throws(CoercionFailure) -> V?) throws(JSONMapperError) -> V? {
    do throws(CoercionFailure) {
        return try body()
    } catch {
        try session.coercionFailed(error, expected: expected, found: event)
        return nil
    }
}

/// Reports a value of a JSON kind the type cannot come from (or `null`, when strict); always `nil`.
@inline(__always)
func reject<V>(_ event: ScalarEvent, _ expected: String, _ session: DecodingSession) throws(JSONMapperError) -> V? {
    try coerce(event, expected, session) { () throws(CoercionFailure) -> V? in try event.unconvertible(strict: session.isStrict) }
}

/// Initializes `destination` with `value` if there is one: the last step of every concrete
/// codec, inlined so it is specialized for the codec's type.
@inline(__always)
func store<V>(_ value: V?, at destination: UnsafeMutablePointer<V>) -> Bool {
    guard let value else { return false }
    destination.initialize(to: value)
    return true
}

/// Replaces the value at `destination` with `value` if there is one (see ``store(_:at:)``).
@inline(__always)
func replace<V>(_ value: V?, at destination: UnsafeMutablePointer<V>) -> Bool {
    guard let value else { return false }
    destination.pointee = value
    return true
}
