import Foundation


// Codecs for the scalar types. Each applies the coercion rules through the Coercion layer: the JSON
// kind the type naturally comes from is always accepted; the others only when lenient.
//
// The conversion logic lives in generic classes as `@inline(__always)` methods; the concrete
// final subclasses (`IntCodec`, `DoubleCodec`, …) override `initialize` with it, so the code
// that runs per value is specialized for its type: no generic arithmetic, no metadata lookups.

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

/// Reports a value of a JSON kind the type cannot come from (or `null`); always `nil`.
@inline(__always)
func reject<V>(_ event: ScalarEvent, _ expected: String, _ session: DecodingSession) throws(JSONMapperError) -> V? {
    if case .null = event {
        try session.nullForNonOptional(expected: expected)
    } else {
        try session.coercionFailed(.mismatch, expected: expected, found: event)
    }
    return nil
}
