/// The base of every decoder JSONMapper builds: the handler of the events that arrive while
/// its container is the innermost open one (see ``Frame``).
///
/// Public only because ``JSONMappableValue/_jsonReader`` must name it; it has no public API.
/// Readers are built once per type (models, cached) or per declaration, and are immutable.
public class _JSONReader: @unchecked Sendable {
    init() {}

    /// A key of the object this frame reads.
    func key(_ text: JSONBytes, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {}

    /// A scalar value inside this frame's container.
    func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {}

    /// An object or array starts inside this frame's container. Pushes a frame for it,
    /// or tells the session to skip it.
    func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        session.skipValue()
    }

    /// The child container pushed by `beginChild` has ended; its value is in `child.storage`
    /// (when it owns storage) for this frame to take.
    func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {}

    /// This frame's own container has ended (checks that need the whole object run here).
    func end(_ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {}

    /// This frame's contribution to an error path, if any.
    func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? { nil }

    /// Releases a value the frame owns that nobody took (decoding stopped by an error).
    func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {}
}

/// One step of an error path.
enum PathComponent {
    case key(String)
    case index(Int)
    /// A key as declared in a mapping, which may be a whole key path (`"user.id"`, `"[2].name"`).
    case declaredKey(String)
}

/// Decodes JSON values into `V`.
///
/// Values are written through typed pointers rather than returned as `V?`, so the generic
/// readers never need `Optional<V>`'s metadata on the hot path (looking it up per value cost a
/// tenth of the decode time). Scalar types have concrete readers whose ``initialize(_:at:_:)``
/// is fully specialized.
///
/// Scalars go through ``initialize(_:at:_:)`` / ``assign(_:to:_:)``; objects and arrays through
/// ``begin(isObject:_:)``, which pushes a frame whose storage the reader initializes, and
/// ``take(_:initializing:_:)`` / ``take(_:assigning:_:)``, which move the finished value out.
/// Every method returns `false` when it left the destination untouched: `null` for a
/// non-optional type (lenient), or a failure the session's policy chose to skip.
class ValueReader<V>: _JSONReader, @unchecked Sendable {
    /// What this reader expects, for messages ("Int", "an array of String", "an object (User)").
    var expected: String { "\(V.self)" }

    /// Whether a blank string means "no value" for this type (`URL`): an optional then
    /// becomes `nil`, a non-optional keeps its value.
    var blankStringIsNil: Bool { false }

    /// Writes `value` as JSON (the reverse of reading it). Errors carry the path below this
    /// value; the callers above put their keys in front.
    func write(_ value: V, to writer: inout JSONWriter) throws(JSONMapperError) {
        preconditionFailure("\(Self.self) cannot write \(V.self)")
    }

    /// Whether `value` is `nil` (only optionals are): such properties may be left out.
    func isNil(_ value: V) -> Bool { false }

    /// Writes the value for a scalar into uninitialized memory.
    func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if case .null = event {
            try session.nullForNonOptional(expected: expected)
        } else {
            try session.coercionFailed(.mismatch, expected: expected, found: event)
        }
        return false
    }

    /// Replaces the initialized value at `destination` with the value for a scalar.
    func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let value = session.allocate(V.self)
        guard try initialize(event, at: value, session) else { return false }
        destination.pointee = value.move()
        return true
    }

    /// Starts decoding a container value: pushes a frame, or (when `V` cannot come from this
    /// kind of container) reports the mismatch and makes the session skip it.
    func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try session.containerMismatch(expected: expected, isObject: isObject)
    }

    /// Moves the value built in a finished frame's storage into uninitialized memory.
    func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        preconditionFailure("\(Self.self) pushes no frames")
    }

    /// Moves the value built in a finished frame's storage over the value at `destination`.
    func take(_ storage: UnsafeMutableRawPointer, assigning destination: UnsafeMutablePointer<V>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        let mark = session.arenaMark
        defer { session.resetArena(to: mark) }
        let value = session.allocate(V.self)
        guard try take(storage, initializing: value, session) else { return false }
        destination.pointee = value.move()
        return true
    }
}

/// Initializes `destination` with `value` if there is one: the last step of every concrete
/// reader, inlined so it is specialized for the reader's type.
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
