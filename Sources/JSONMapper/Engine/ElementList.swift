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
    /// Elements in the buffer being filled.
    private var countInBuffer = 0
    /// The full segments of a long list; `nil` for a short one (nearly all), which so stays
    /// a few trivial words, moved and dropped without reference counting.
    private var long: UnsafeMutablePointer<Segments>?
    /// The most bytes the list held at once, counting the bytes moved out of it into a
    /// collection being built (untouched pages of a fresh allocation cost no memory): what
    /// building a long array needs.
    private(set) var peakBytes = 0

    /// The segments of a long list, oldest first, in a table of trivial values.
    private struct Segments {
        var table: UnsafeMutablePointer<Segment>
        var count = 0
        var capacity: Int
        /// Elements in the segments.
        var elements = 0
        /// Bytes of all the buffers the list holds, the one being filled included.
        var heldBytes: Int
    }

    private struct Segment {
        var base: UnsafeMutableRawPointer
        var bytes: Int
        var count: Int
    }

    init(borrowing block: (base: UnsafeMutableRawPointer, bytes: Int)?) {
        base = block?.base
        byteCapacity = block?.bytes ?? 0
    }

    /// Elements in the list.
    var count: Int { countInBuffer + (long?.pointee.elements ?? 0) }

    /// Whether the list grew past one buffer, into segments.
    var isLong: Bool { long != nil }

    /// Uninitialized memory for the next element; call ``commit()`` once it is initialized.
    mutating func nextSlot<E>(_: E.Type, _ session: DecodingSession) -> UnsafeMutablePointer<E> {
        let stride = MemoryLayout<E>.stride
        if (countInBuffer + 1) * stride > byteCapacity { grow(E.self, session) }
        return (base! + countInBuffer * stride).assumingMemoryBound(to: E.self)
    }

    mutating func commit() { countInBuffer += 1 }

    /// The elements, contiguous, to be moved out by the caller (a long list is first gathered
    /// into one buffer).
    mutating func elements<E>(_: E.Type, _ session: DecodingSession) -> UnsafeMutablePointer<E> {
        if long != nil { gather(E.self, session) }
        return current(E.self)
    }

    /// Moves the elements out in order, one contiguous run at a time: `body` must move all the
    /// elements of each run it is given. Each segment is freed once moved out of, and the
    /// list is left empty, its buffer back in the pool.
    mutating func moveOut<E>(_: E.Type, _ session: DecodingSession, _ body: (UnsafeMutablePointer<E>, Int) -> Void) {
        let stride = MemoryLayout<E>.stride
        var moved = 0
        if let long {
            for segment in UnsafeBufferPointer(start: long.pointee.table, count: long.pointee.count) {
                body(segment.base.assumingMemoryBound(to: E.self), segment.count)
                moved += segment.count * stride
                long.pointee.heldBytes -= segment.bytes
                release(segment.base, bytes: segment.bytes, session)
                peakBytes = max(peakBytes, long.pointee.heldBytes + moved)
            }
            forgetSegments()
        }
        body(current(E.self), countInBuffer)
        peakBytes = max(peakBytes, byteCapacity + moved + countInBuffer * stride)
        recycle(session)
    }

    /// Destroys elements that were never moved out, and gives back every buffer.
    mutating func release<E>(destroying _: E.Type, _ session: DecodingSession) {
        if let long {
            for segment in UnsafeBufferPointer(start: long.pointee.table, count: long.pointee.count) {
                segment.base.assumingMemoryBound(to: E.self).deinitialize(count: segment.count)
                release(segment.base, bytes: segment.bytes, session)
            }
            forgetSegments()
        }
        if countInBuffer > 0 { current(E.self).deinitialize(count: countInBuffer) }
        recycle(session)
    }

    /// Gives back the buffer being filled, whose elements have been moved out, and empties
    /// the list (whose segments have been given back).
    mutating func recycle(_ session: DecodingSession) {
        if let base { release(base, bytes: byteCapacity, session) }
        base = nil
        byteCapacity = 0
        countInBuffer = 0
    }

    private func current<E>(_: E.Type) -> UnsafeMutablePointer<E> {
        (base ?? UnsafeMutableRawPointer(bitPattern: MemoryLayout<E>.alignment)!).assumingMemoryBound(to: E.self)
    }

    private mutating func grow<E>(_: E.Type, _ session: DecodingSession) {
        let stride = MemoryLayout<E>.stride
        guard byteCapacity < Self.segmentBytes else { return startSegment(E.self) }
        let old = base
        let oldBytes = byteCapacity
        base = allocate(bytes: max(byteCapacity * 2, stride * 8, 256), E.self)
        if countInBuffer > 0 { current(E.self).moveInitialize(from: old!.assumingMemoryBound(to: E.self), count: countInBuffer) }
        if let old { release(old, bytes: oldBytes, session) }
        peakBytes = max(peakBytes, oldBytes + byteCapacity)
    }

    /// Keeps the full buffer as a segment and starts another, an eighth of the list's size.
    private mutating func startSegment<E>(_: E.Type) {
        if long == nil {
            let segments = UnsafeMutablePointer<Segments>.allocate(capacity: 1)
            segments.initialize(to: Segments(table: .allocate(capacity: 16), capacity: 16, heldBytes: byteCapacity))
            long = segments
        }
        let segments = long!
        if segments.pointee.count == segments.pointee.capacity {
            let grown = UnsafeMutablePointer<Segment>.allocate(capacity: segments.pointee.capacity * 2)
            grown.moveInitialize(from: segments.pointee.table, count: segments.pointee.count)
            segments.pointee.table.deallocate()
            segments.pointee.table = grown
            segments.pointee.capacity *= 2
        }
        (segments.pointee.table + segments.pointee.count).initialize(to: Segment(base: base!, bytes: byteCapacity, count: countInBuffer))
        segments.pointee.count += 1
        segments.pointee.elements += countInBuffer
        countInBuffer = 0
        base = allocate(bytes: max(Self.segmentBytes, segments.pointee.heldBytes / 8, MemoryLayout<E>.stride), E.self)
        segments.pointee.heldBytes += byteCapacity
        peakBytes = max(peakBytes, segments.pointee.heldBytes)
    }

    /// Frees the segment table, whose segments have been emptied and given back.
    private mutating func forgetSegments() {
        long?.pointee.table.deallocate()
        long?.deallocate()
        long = nil
    }

    /// Moves the segments and the buffer being filled into one buffer.
    private mutating func gather<E>(_: E.Type, _ session: DecodingSession) {
        let stride = MemoryLayout<E>.stride
        let total = count
        let all = UnsafeMutableRawPointer.allocate(byteCount: total * stride, alignment: 16)
        var moved = 0
        moveOut(E.self, session) { run, runCount in
            (all + moved * stride).bindMemory(to: E.self, capacity: runCount).moveInitialize(from: run, count: runCount)
            moved += runCount
        }
        base = all
        byteCapacity = total * stride
        countInBuffer = total
    }

    private mutating func allocate<E>(bytes: Int, _: E.Type) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        block.bindMemory(to: E.self, capacity: bytes / MemoryLayout<E>.stride)
        byteCapacity = bytes
        return block
    }

    /// Gives a buffer back: to the pool if it is small enough to be worth keeping.
    private func release(_ block: UnsafeMutableRawPointer, bytes: Int, _ session: DecodingSession) {
        if bytes <= Self.segmentBytes {
            session.recycleElementBlock((block, bytes))
        } else {
            block.deallocate()
        }
    }
}
