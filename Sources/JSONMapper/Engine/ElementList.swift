/// The elements of an array (or the keys and values of an object) being decoded, kept in raw
/// buffers until the container ends; then the Swift collection is built in one call with its
/// exact size. Appending to the `Array` directly cost a metadata lookup and amortized regrowth
/// per element in unspecialized code; this costs one typed store.
///
/// A short list lives in one buffer that doubles as it fills. Past ``segmentBytes`` it stops
/// moving: each further buffer (a segment) is an eighth of what the list holds, and the
/// elements stay where they were written. Building the collection moves them out segment by
/// segment and frees each segment as soon as it is empty, so a long array needs its final
/// size plus at most one segment, not the two or three times its size that regrowing and
/// copying took.
///
/// Buffers up to ``segmentBytes`` come from and go back to the session's pool, so
/// steady-state decoding allocates only the final collections.
struct ElementList {
    /// The size past which the list grows by segments instead of moving.
    static let segmentBytes = 1 << 20

    /// The buffer being filled.
    private(set) var base: UnsafeMutableRawPointer?
    private var byteCapacity = 0
    /// Elements in the list, in earlier segments and in the buffer being filled.
    private(set) var count = 0
    /// Full segments before the buffer being filled, oldest first.
    private var filled: [Segment] = []
    /// Elements in `filled`.
    private var countFilled = 0
    /// Bytes of all the buffers the list holds, and the most it held at once together with the
    /// bytes moved out of it into a collection being built (the memory a long array needs).
    private var heldBytes = 0
    private(set) var peakBytes = 0

    private struct Segment {
        var base: UnsafeMutableRawPointer
        var bytes: Int
        var count: Int
    }

    init(borrowing block: (base: UnsafeMutableRawPointer, bytes: Int)?) {
        base = block?.base
        byteCapacity = block?.bytes ?? 0
        heldBytes = byteCapacity
        peakBytes = heldBytes
    }

    /// Uninitialized memory for the next element; call ``commit()`` once it is initialized.
    mutating func nextSlot<E>(_: E.Type, _ session: DecodingSession) -> UnsafeMutablePointer<E> {
        let stride = MemoryLayout<E>.stride
        if (count - countFilled + 1) * stride > byteCapacity { grow(E.self, session) }
        return (base! + (count - countFilled) * stride).assumingMemoryBound(to: E.self)
    }

    mutating func commit() { count += 1 }

    /// The elements, contiguous, to be moved out by the caller (a list that grew by segments
    /// is first gathered into one buffer).
    mutating func elements<E>(_: E.Type, _ session: DecodingSession) -> UnsafeMutablePointer<E> {
        if !filled.isEmpty { gather(E.self, session) }
        return current(E.self)
    }

    /// Moves the elements out in order, one contiguous run at a time: `body` must move all the
    /// elements of each run it is given. Each segment is freed once moved out of, and the
    /// list is left empty, its buffer back in the pool.
    mutating func moveOut<E>(_: E.Type, _ session: DecodingSession, _ body: (UnsafeMutablePointer<E>, Int) -> Void) {
        var moved = 0
        for segment in filled {
            body(segment.base.assumingMemoryBound(to: E.self), segment.count)
            moved += segment.count * MemoryLayout<E>.stride
            release(segment.base, bytes: segment.bytes, session)
            peakBytes = max(peakBytes, heldBytes + moved)
        }
        filled = []
        body(current(E.self), count - countFilled)
        peakBytes = max(peakBytes, heldBytes + count * MemoryLayout<E>.stride)
        recycle(session)
    }

    /// Destroys elements that were never moved out, and gives back every buffer.
    mutating func release<E>(destroying _: E.Type, _ session: DecodingSession) {
        for segment in filled {
            segment.base.assumingMemoryBound(to: E.self).deinitialize(count: segment.count)
            release(segment.base, bytes: segment.bytes, session)
        }
        filled = []
        if count > countFilled { current(E.self).deinitialize(count: count - countFilled) }
        recycle(session)
    }

    /// Gives back the buffer, whose elements have been moved out, and empties the list.
    mutating func recycle(_ session: DecodingSession) {
        if let base { release(base, bytes: byteCapacity, session) }
        base = nil
        byteCapacity = 0
        count = 0
        countFilled = 0
    }

    private func current<E>(_: E.Type) -> UnsafeMutablePointer<E> {
        (base ?? UnsafeMutableRawPointer(bitPattern: MemoryLayout<E>.alignment)!).assumingMemoryBound(to: E.self)
    }

    private mutating func grow<E>(_: E.Type, _ session: DecodingSession) {
        let stride = MemoryLayout<E>.stride
        guard byteCapacity < Self.segmentBytes else {
            // Long: keep the full buffer as a segment and start another.
            filled.append(Segment(base: base!, bytes: byteCapacity, count: count - countFilled))
            countFilled = count
            base = allocate(bytes: max(Self.segmentBytes, heldBytes / 8, stride), E.self)
            return
        }
        let old = base
        let oldBytes = byteCapacity
        base = allocate(bytes: max(byteCapacity * 2, stride * 8, 256), E.self)
        if count > 0 { current(E.self).moveInitialize(from: old!.assumingMemoryBound(to: E.self), count: count) }
        if let old { release(old, bytes: oldBytes, session) }
    }

    /// Moves the segments and the buffer being filled into one buffer.
    private mutating func gather<E>(_: E.Type, _ session: DecodingSession) {
        let stride = MemoryLayout<E>.stride
        let all = UnsafeMutableRawPointer.allocate(byteCount: count * stride, alignment: 16)
        heldBytes += count * stride
        peakBytes = max(peakBytes, heldBytes)
        let total = count
        var moved = 0
        moveOut(E.self, session) { run, runCount in
            (all + moved * stride).bindMemory(to: E.self, capacity: runCount).moveInitialize(from: run, count: runCount)
            moved += runCount
        }
        base = all
        byteCapacity = total * stride
        count = total
    }

    private mutating func allocate<E>(bytes: Int, _: E.Type) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        block.bindMemory(to: E.self, capacity: bytes / MemoryLayout<E>.stride)
        byteCapacity = bytes
        heldBytes += bytes
        peakBytes = max(peakBytes, heldBytes)
        return block
    }

    /// Gives a buffer back: to the pool if it is small enough to be worth keeping.
    private mutating func release(_ block: UnsafeMutableRawPointer, bytes: Int, _ session: DecodingSession) {
        heldBytes -= bytes
        if bytes <= Self.segmentBytes {
            session.recycleElementBlock((block, bytes))
        } else {
            block.deallocate()
        }
    }
}
