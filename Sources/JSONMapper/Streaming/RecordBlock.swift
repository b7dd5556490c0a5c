/// A run of whole records cut from a stream, owning its bytes: the unit a worker decodes.
///
/// JSON Lines blocks hold whole lines (the worker finds them); blocks of the other framings
/// carry the spans the framer's scanner found.
// Sendable: immutable once made; it owns its bytes and frees them with itself (or gives them
// back to its pool or its mapped file, which lock).
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

    /// What `bytes` lie in, given back or freed with the block.
    private let owner: Owner

    private enum Owner {
        /// One of the pool's buffers.
        case pooled(UnsafeMutableRawPointer, BlockBufferPool)
        /// A buffer allocated with `UnsafeMutableRawPointer.allocate`.
        case allocated(UnsafeMutableRawPointer)
        /// A mapped file: `bytes` start at this offset into it.
        case mapped(MappedFile, offset: Int)
    }

    /// Takes ownership of `buffer` (one of `pool`'s, or allocated with
    /// `UnsafeMutableRawPointer.allocate` when `pool` is `nil`), which holds `count` initialized
    /// bytes from `start`.
    init(taking buffer: UnsafeMutableRawPointer, bytesAt start: UnsafeRawPointer, count: Int, origin: InputOrigin,
         spans: [RecordSpan]?, checked: Range<Int>, pool: BlockBufferPool?) {
        owner = pool.map { .pooled(buffer, $0) } ?? .allocated(buffer)
        bytes = UnsafeRawBufferPointer(start: start, count: count)
        self.origin = origin
        self.spans = spans
        self.checked = checked
    }

    /// The `count` bytes of `file` from `offset` on, which the block keeps mapped until it
    /// is freed (see ``MappedFile/blockCut(at:framerAt:)``, which the framer calls).
    init(mappedFrom file: MappedFile, offset: Int, count: Int, origin: InputOrigin, spans: [RecordSpan]?) {
        owner = .mapped(file, offset: offset)
        bytes = UnsafeRawBufferPointer(rebasing: file.bytes[offset..<(offset + count)])
        self.origin = origin
        self.spans = spans
        checked = 0..<0
    }

    deinit {
        switch owner {
        case .pooled(let buffer, let pool): pool.giveBack(buffer)
        case .allocated(let buffer): buffer.deallocate()
        case .mapped(let file, let offset): file.blockFreed(at: offset)
        }
    }
}

/// Where one record lies in its block.
struct RecordSpan {
    /// The record's bytes, as offsets into the block.
    var range: Range<Int>
    /// The record's position in the stream: its first byte, that byte's line and the line's start.
    var origin: InputOrigin
}
