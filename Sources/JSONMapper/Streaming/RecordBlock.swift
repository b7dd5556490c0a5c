/// A run of whole records cut from a stream, owning its bytes: the unit a worker decodes.
///
/// JSON Lines blocks hold whole lines (the worker finds them); blocks of the other framings
/// carry the spans the framer's scanner found.
// Sendable: immutable once made; it owns its bytes and frees them with itself.
final class RecordBlock: @unchecked Sendable {
    /// The bytes, owned by the block and freed with it.
    let bytes: UnsafeRawBufferPointer
    /// Where `bytes` start in the stream.
    let origin: InputOrigin
    /// The records, for value framings; `nil` for JSON Lines, whose records are its lines.
    let spans: [RecordSpan]?

    /// Takes ownership of `count` initialized bytes at `base`, allocated with
    /// `UnsafeMutableRawPointer.allocate`.
    init(taking base: UnsafeMutableRawPointer, count: Int, origin: InputOrigin, spans: [RecordSpan]?) {
        bytes = UnsafeRawBufferPointer(start: base, count: count)
        self.origin = origin
        self.spans = spans
    }

    deinit { bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() } }
}

/// Where one record lies in its block.
struct RecordSpan {
    /// The record's bytes, as offsets into the block.
    var range: Range<Int>
    /// The record's position in the stream: its first byte, that byte's line and the line's start.
    var origin: InputOrigin
}
