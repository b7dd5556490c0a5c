/// The buffers of one stream's blocks, taken back for the next block once a worker is done
/// with one. A buffer freed to the allocator goes back to the system when the heap trims, and
/// the next read into a fresh one pays a page fault per page; a reused one is already mapped.
///
/// Every buffer the pool hands out has the same ``capacity``. The framer takes one whenever a
/// block's leftover and the next read fit in it, and allocates a buffer of its own otherwise;
/// a ``RecordBlock`` gives its buffer back when it is freed, on whatever thread that is.
final class BlockBufferPool: Sendable {
    /// The size of every buffer of the pool.
    let capacity: Int
    private let limit: Int
    /// The addresses of buffers no block uses, each of ``capacity`` bytes, allocated with
    /// `UnsafeMutableRawPointer.allocate` and aligned to 16.
    private let idle = LockedBox<[UInt]>([])

    /// A pool of `capacity`-byte buffers that keeps at most `limit` of them idle.
    init(capacity: Int, limit: Int) {
        self.capacity = capacity
        self.limit = limit
    }

    deinit {
        idle.withLockedValue { addresses in
            for address in addresses { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        }
    }

    /// An idle buffer, or a new one.
    func take() -> UnsafeMutableRawPointer {
        if let address = idle.withLockedValue({ $0.popLast() }), let buffer = UnsafeMutableRawPointer(bitPattern: address) {
            return buffer
        }
        return .allocate(byteCount: capacity, alignment: 16)
    }

    /// Takes back `buffer`, one of this pool's, that nothing uses any more.
    func giveBack(_ buffer: UnsafeMutableRawPointer) {
        let kept = idle.withLockedValue { addresses in
            guard addresses.count < limit else { return false }
            addresses.append(UInt(bitPattern: buffer))
            return true
        }
        if !kept { buffer.deallocate() }
    }
}

/// Bytes read into one of a pool's buffers at ``offset``, with room before them for the start
/// of a record still open: what a reading thread hands the framer, which takes the buffer over
/// (``RecordFramer/adopt(_:)``) rather than copying it.
// Sendable: made whole on the reading thread and handed over through a lock; the buffer is
// taken at most once, by the one consumer.
final class PooledChunk: @unchecked Sendable {
    let pool: BlockBufferPool
    /// Where the bytes start in the buffer.
    let offset: Int
    let count: Int
    /// The chunk's whole lines (after its first line feed, up to its last) when they surely
    /// pass the raw input check (``RawInputCheck/surelyPasses(_:by:)``); empty otherwise. No
    /// multi-byte sequence or escape crosses a line feed, so every record within them passes
    /// too and is not checked again.
    let checked: Range<Int>
    private var buffer: UnsafeMutableRawPointer?

    /// Takes ownership of `buffer`, one of `pool`'s, with `count` bytes at `offset`, of which
    /// those in `checked` passed the raw input check.
    init(pool: BlockBufferPool, buffer: UnsafeMutableRawPointer, offset: Int, count: Int, checked: Range<Int> = 0..<0) {
        self.pool = pool
        self.buffer = buffer
        self.offset = offset
        self.count = count
        self.checked = checked
    }

    deinit {
        if let buffer { pool.giveBack(buffer) }
    }

    /// The bytes; valid while the chunk is alive and its buffer not taken.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer.map { $0 + offset }, count: buffer == nil ? 0 : count)
    }

    /// Hands the buffer over to the caller, which gives it back to ``pool`` when done with it.
    func takeBuffer() -> UnsafeMutableRawPointer {
        defer { buffer = nil }
        return buffer!
    }
}
