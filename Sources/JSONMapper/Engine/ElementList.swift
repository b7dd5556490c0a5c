/// The elements of an array (or the keys and values of an object) being decoded, kept in a
/// growable raw buffer until the container ends; then the Swift collection is built in one
/// call with its exact size. Appending to the `Array` directly cost a metadata lookup and
/// amortized regrowth per element in unspecialized code; this costs one typed store.
///
/// Buffers come from and go back to the session's pool, so steady-state decoding allocates
/// only the final collections.
struct ElementList {
    private(set) var base: UnsafeMutableRawPointer?
    private var byteCapacity = 0
    private(set) var count = 0

    init(borrowing block: (base: UnsafeMutableRawPointer, bytes: Int)?) {
        base = block?.base
        byteCapacity = block?.bytes ?? 0
    }

    /// Uninitialized memory for the next element; call ``commit()`` once it is initialized.
    mutating func nextSlot<E>(_: E.Type, _ session: DecodingSession) -> UnsafeMutablePointer<E> {
        let stride = MemoryLayout<E>.stride
        if (count + 1) * stride > byteCapacity { grow(E.self, session) }
        return (base! + count * stride).assumingMemoryBound(to: E.self)
    }

    mutating func commit() { count += 1 }

    /// The elements, to be moved out by the caller.
    func elements<E>(_: E.Type) -> UnsafeMutablePointer<E> {
        (base ?? UnsafeMutableRawPointer(bitPattern: MemoryLayout<E>.alignment)!).assumingMemoryBound(to: E.self)
    }

    /// Destroys elements that were never moved out, and returns the buffer to the pool.
    mutating func release<E>(destroying _: E.Type, _ session: DecodingSession) {
        if count > 0 { elements(E.self).deinitialize(count: count) }
        count = 0
        recycle(session)
    }

    /// Returns the buffer, whose elements have been moved out, to the pool.
    mutating func recycle(_ session: DecodingSession) {
        if let base { session.recycleElementBlock((base, byteCapacity)) }
        base = nil
        byteCapacity = 0
        count = 0
    }

    private mutating func grow<E>(_: E.Type, _ session: DecodingSession) {
        let stride = MemoryLayout<E>.stride
        let bytes = max(byteCapacity * 2, stride * 8, 256)
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        let typed = block.bindMemory(to: E.self, capacity: bytes / stride)
        if count > 0 { typed.moveInitialize(from: elements(E.self), count: count) }
        if let base { session.recycleElementBlock((base, byteCapacity)) }
        base = block
        byteCapacity = bytes
    }
}
