/// Decodes JSON values into `V`.
///
/// Values are written through typed pointers rather than returned as `V?`, so the generic
/// codecs never need `Optional<V>`'s metadata on the hot path (looking it up per value cost a
/// tenth of the decode time). Scalar types have concrete codecs whose ``initialize(_:at:_:)``
/// is fully specialized.
///
/// Scalars go through ``initialize(_:at:_:)`` / ``assign(_:to:_:)``; objects and arrays through
/// ``begin(isObject:_:)``, which pushes a frame whose storage the codec initializes, and
/// ``take(_:initializing:_:)`` / ``take(_:assigning:_:)``, which move the finished value out.
/// Every method returns `false` when it left the destination untouched: `null` for a
/// non-optional type (lenient), or a failure the session's policy chose to skip.
class ValueCodec<V>: _JSONFrameHandler {
    /// What this codec expects, for messages ("Int", "an array of String", "an object (User)").
    var expected: String { "\(V.self)" }

    /// Whether a blank string means "no value" for this type (`URL`): an optional then
    /// becomes `nil`, a non-optional keeps its value.
    var blankStringIsNil: Bool { false }

    /// Why a mapping cannot use this codec (a transformer built from a format it cannot
    /// read), or `nil`: checked once, when the mapping is compiled.
    var mappingProblem: String? { nil }

    /// Whether this codec writes a value as `other` writes the same value: codecs of one class
    /// do, unless they transform it (two transformers of a type may differ in what they write).
    func writesSameText(as other: _JSONFrameHandler) -> Bool { type(of: self) == type(of: other) }

    /// Writes `value` as JSON (the reverse of reading it). Errors carry the path below this
    /// value; the callers above put their keys in front.
    func write(_ value: V, to writer: inout JSONWriter) throws(JSONMapperError) {
        preconditionFailure("\(Self.self) cannot write \(V.self)")
    }

    /// Whether `value` is `nil` (only optionals are): such properties may be left out.
    func isNil(_ value: V) -> Bool { false }

    /// Whether `V` is optional: an absent key means `nil`, not a missing value.
    var isOptional: Bool { false }

    /// Writes the value for a scalar into uninitialized memory.
    func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        store(try reject(event, expected, session), at: destination)
    }

    /// Replaces the initialized value at `destination` with the value for a scalar.
    func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: V.self) { (value) throws(JSONMapperError) in
            guard try initialize(event, at: value, session) else { return false }
            destination.pointee = value.move()
            return true
        }
    }

    /// Starts decoding a container value: pushes a frame, or (when `V` cannot come from this
    /// kind of container) reports the mismatch and makes the session skip it.
    func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try session.containerMismatch(expected: expected, isObject: isObject)
    }

    /// Moves the value built in a finished frame's storage into uninitialized memory. The
    /// storage is consumed whatever happens, a thrown error included (a transform of the value
    /// that fails): it is never destroyed after a `take`.
    func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        preconditionFailure("\(Self.self) pushes no frames")
    }

    /// Moves the value built in a finished frame's storage over the value at `destination`.
    func take(_ storage: FrameStorage, assigning destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: V.self) { (value) throws(JSONMapperError) in
            guard try take(storage, initializing: value, session) else { return false }
            destination.pointee = value.move()
            return true
        }
    }
}

// Helpers every codec's scalar path ends with. The scalar codecs take each value through one
// function of the Coercion layer and report a failure here, through the session's policy;
// inlined, so a final codec's `initialize` is specialized for its type (no generic arithmetic,
// no metadata lookups per value).

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
    try coerce(event, expected, session) { () throws(CoercionFailure) -> V? in try event.unconvertible(policy: session.coercionPolicy) }
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
