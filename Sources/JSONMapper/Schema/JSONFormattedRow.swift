/// The text of one row, as ``JSONRowWriter/formatted(_:)`` made it, for
/// ``JSONRowWriter/write(formatted:)``.
///
/// A row of up to 240 bytes (most rows) is held inline, in the value itself: rows formatted on
/// a record stream's workers then reach the writing thread without a heap block per row. A
/// block allocated on one thread and freed on another takes the allocator's locked path on
/// both, where the writing thread's frees of their rows would contend with their own
/// allocations.
public struct JSONFormattedRow: Sendable {
    /// 240 bytes of inline room, as a tuple: a fixed-size array that every OS the package
    /// supports has (`InlineArray` needs macOS 26).
    private typealias InlineText = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )
    private static let inlineCapacity = MemoryLayout<InlineText>.size
    private let count: Int
    private var inline: InlineText
    /// The text of a row longer than the inline room; empty otherwise (no allocation).
    private let spilled: [UInt8]

    /// The row whose text is `bytes`, copied inline when they fit.
    init(_ bytes: [UInt8]) {
        count = bytes.count
        inline = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        guard bytes.count <= Self.inlineCapacity else {
            spilled = bytes
            return
        }
        spilled = []
        withUnsafeMutableBytes(of: &inline) { room in
            bytes.withUnsafeBytes { room.copyMemory(from: $0) }
        }
    }

    /// The row's text.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Calls `body` with the row's text, in place.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        guard count <= Self.inlineCapacity else { return try spilled.withUnsafeBufferPointer { (text) throws(Failure) in try body(text) } }
        return try withUnsafeBytes(of: inline) { (raw) throws(Failure) in
            // The first `count` bytes of the inline storage are the text.
            try body(UnsafeBufferPointer(start: raw.baseAddress?.bytePointer, count: count))
        }
    }
}
