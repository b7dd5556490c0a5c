/// The value a frame fills (a model, an ``ElementList``, a dictionary's lists, a family's
/// slot…), and the one way to it.
///
/// Frames are plain, trivially copyable data, so the value sits behind a raw pointer, and each
/// codec reads it back as the type it initialised it with. This is the only place that turns
/// the pointer back into a typed one. The safety argument, once: storage is made from a typed
/// pointer to memory initialised as that type (``init(_:)``: the session's arena slot of a
/// pushed frame, a caller's model), and is read as that type by the codec that made it, which
/// is the frame's owner and the only one to read it. Debug builds keep the type and check it
/// at every read, so a codec that reads another's storage stops there instead of corrupting
/// memory.
struct FrameStorage {
    private let raw: UnsafeMutableRawPointer
    #if DEBUG
    /// The type initialised at `raw`; `nil` when the storage was handed over as raw memory.
    private let type: Any.Type?
    #endif

    /// Storage holding the `V` at `pointer`.
    init<V>(_ pointer: UnsafeMutablePointer<V>) {
        raw = UnsafeMutableRawPointer(pointer)
        #if DEBUG
        type = V.self
        #endif
    }

    /// Storage handed over as raw memory (a decode's result slot): reads are not checked.
    init(unchecked raw: UnsafeMutableRawPointer) {
        self.raw = raw
        #if DEBUG
        type = nil
        #endif
    }

    /// The value, as the `V` it was initialised as.
    @inline(__always)
    func pointer<V>(to _: V.Type) -> UnsafeMutablePointer<V> {
        #if DEBUG
        if let type {
            precondition(ObjectIdentifier(type) == ObjectIdentifier(V.self), "frame storage of \(type) read as \(V.self)")
        }
        #endif
        return raw.assumingMemoryBound(to: V.self)
    }

    /// The memory of the model a model frame or key-path frame fills, for the model's property
    /// metas: they reach its fields by offset or by key path, from a root type checked when the
    /// meta was compiled (a class model's storage may hold a subclass of that root).
    var modelMemory: UnsafeMutableRawPointer { raw }
}
