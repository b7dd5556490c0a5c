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

extension RecordBlock {
    /// The line feeds that end lines of a JSON Lines block, which its successors' lines follow;
    /// none in the other framings, whose spans carry their own lines. The thread that decodes
    /// the block counts them, once it has decoded it (see ``BlockLines``).
    ///
    /// The file's truncation error when the block lies in a mapped file that has lost bytes:
    /// those read as zeros, so no count of them numbers the lines that follow. A file still
    /// whole once the count ends was whole while the block was decoded, so the records and
    /// the count read the same bytes.
    func countLineFeeds() -> Result<Int, JSONMapperError> {
        guard spans == nil else { return .success(0) }
        let count = occurrences(of: 0x0A, in: bytes)
        if case .mapped(let file, _) = owner, let truncation = file.truncation { return .failure(truncation) }
        return .success(count)
    }
}

/// The lines of a JSON Lines block, numbered in the stream when the block is delivered.
///
/// The framer cuts a block of lines without counting them: the thread that decodes the block
/// counts them, so that with workers the count is spread over them rather than made on the
/// thread that feeds them. Until then the block's first line is numbered ``provisionalFirst``,
/// far above any line a stream can have, and so is every line its records and errors are
/// numbered from. The stream delivers blocks in order, knows by then on which line each one
/// starts, and renumbers what it delivers. A line below ``provisionalFirst`` (a value framing's,
/// or one a caller's transform named itself) is left as it is.
struct BlockLines {
    /// The number a block's first line has until the block is delivered.
    static let provisionalFirst = 1 << 62

    /// The stream's line on which the block starts.
    let first: Int

    /// `line`, numbered in the stream.
    func renumber(_ line: Int) -> Int {
        line >= Self.provisionalFirst ? first + (line - Self.provisionalFirst) : line
    }

    /// `error`, its location's line numbered in the stream.
    func renumber(_ error: JSONMapperError) -> JSONMapperError {
        error.mappingLocation { JSONLocation(offset: $0.offset, line: renumber($0.line), column: $0.column) }
    }
}
