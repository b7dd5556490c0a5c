/// A run of whole records cut from a stream, owning its bytes: the unit a worker decodes.
///
/// JSON Lines blocks hold whole lines (the worker finds them); blocks of the other framings
/// carry the spans the framer's scanner found.
// Sendable: immutable once made; it owns its bytes and frees them (or gives them back to
// its pool, which locks) with itself.
final class RecordBlock: @unchecked Sendable {
    /// The bytes, owned by the block and freed with it.
    let bytes: UnsafeRawBufferPointer
    /// Where `bytes` start in the stream.
    let origin: InputOrigin
    /// The records, for value framings; `nil` for JSON Lines, whose records are its lines.
    let spans: [RecordSpan]?
    /// The bytes (offsets into `bytes`) a reading thread found to pass the raw input check:
    /// a record within them is not checked again (see ``PooledChunk/checked``).
    let checked: Range<Int>

    /// The buffer `bytes` lie in, and the pool it goes back to, if it is one of a pool's.
    private let buffer: UnsafeMutableRawPointer
    private let pool: BlockBufferPool?

    /// Takes ownership of `buffer` (one of `pool`'s, or allocated with
    /// `UnsafeMutableRawPointer.allocate` when `pool` is `nil`), which holds `count` initialized
    /// bytes from `start`.
    init(taking buffer: UnsafeMutableRawPointer, bytesAt start: UnsafeRawPointer, count: Int, origin: InputOrigin,
         spans: [RecordSpan]?, checked: Range<Int>, pool: BlockBufferPool?) {
        self.buffer = buffer
        bytes = UnsafeRawBufferPointer(start: start, count: count)
        self.origin = origin
        self.spans = spans
        self.checked = checked
        self.pool = pool
    }

    deinit {
        if let pool { pool.giveBack(buffer) } else { buffer.deallocate() }
    }
}

/// Where one record lies in its block.
struct RecordSpan {
    /// The record's bytes, as offsets into the block.
    var range: Range<Int>
    /// The record's position in the stream: its first byte, that byte's line and the line's start.
    var origin: InputOrigin
}
