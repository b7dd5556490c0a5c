/// The handler of the events that arrive while its container is the innermost open one (see
/// ``Frame``): the base of every codec and of the handlers of a model's object levels.
///
/// Public only because ``JSONMappableValue/_jsonCodec`` must name it; it has no public API.
/// Handlers are built once per type (models, cached) or per declaration, and are immutable
/// once built. The classes are not `Sendable` themselves: a class that inherits cannot be
/// checked `Sendable`, and Swift has every subclass restate an unchecked conformance. Handlers
/// cross threads inside what publishes them once built: a `SharedHandler`, or the registry
/// and metas that own them.
public class _JSONFrameHandler {
    /// The keys of the object this handler reads, for the parser to look up in C (see
    /// ``KeyRoute``), or `nil`: every key comes to ``key(_:in:_:)``. A handler with a route gets
    /// no key event from bytes while its frame is the innermost, only the entry the route found,
    /// in the frame's ``Frame/entry``, with the value of a key it lacks skipped.
    final let keyRoute: KeyRoute.Handle?

    init(keyRoute: KeyRoute.Handle? = nil) {
        self.keyRoute = keyRoute
    }

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

    /// The keys this handler looks up in the object it reads, when it maps a known set of
    /// them (a model's object); `nil` when it takes any key. Decoding from a tree uses it to
    /// choose how to walk the object (see ``DecodingSession/memberWalk(count:framesBefore:)``).
    var mappedKeys: [String]? { nil }

    /// Releases a value the frame owns that nobody took (decoding stopped by an error).
    func destroy(_ storage: FrameStorage, _ session: DecodingSession) {}
}

/// A handler that threads share: the only way a handler crosses threads outside the registry
/// and the metas (which are `Sendable` for the same reason). Wrapped once the handler is built;
/// nothing writes it afterwards.
// Sendable: a handler is immutable once built, and wrapped only then (a model codec is built, and its `meta` set, under the registry's lock before any thread gets it).
struct SharedHandler<Handler: _JSONFrameHandler>: @unchecked Sendable {
    let handler: Handler

    init(_ handler: Handler) { self.handler = handler }
}

/// One step of an error path.
enum PathComponent {
    case key(String)
    case index(Int)
    /// A key as declared in a mapping, which may be a whole key path (`"user.id"`, `"[2].name"`).
    case declaredKey(String)
}
