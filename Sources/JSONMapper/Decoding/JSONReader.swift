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
    func destroy(_ storage: UnsafeMutableRawPointer) {}
}

/// One step of an error path.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// Decodes JSON values into `V`.
///
/// Scalars go through ``read(_:_:)``; objects and arrays through ``begin(isObject:_:)``,
/// which pushes a frame whose storage the reader initializes, and ``take(_:_:)``, which moves
/// the finished value out once the container has ended.
class ValueReader<V>: _JSONReader, @unchecked Sendable {
    /// What this reader expects, for messages ("Int", "array of String", "User").
    var expected: String { "\(V.self)" }

    /// The value for a scalar, or `nil` to leave the destination as it is: `null` for a
    /// non-optional type (lenient), or a value the session's policy chose to skip.
    func read(_ event: ScalarEvent, _ session: DecodingSession) throws(JSONMapperError) -> V? {
        try session.coercionFailed(.mismatch, expected: expected, found: event)
        return nil
    }

    /// Starts decoding a container value: pushes a frame, or (when `V` cannot come from this
    /// kind of container) reports the mismatch and makes the session skip it.
    func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try session.containerMismatch(expected: expected, isObject: isObject)
    }

    /// Moves the value built in a finished frame's storage out.
    func take(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> V? {
        preconditionFailure("\(Self.self) pushes no frames")
    }
}
