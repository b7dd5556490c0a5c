import Foundation
import Hummingbird

/// A request body that throws once more than `limit` bytes have arrived, and remembers it, so
/// that the handler answers 413 rather than a read error.
struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer

    let base: Base
    let limit: Int
    let exceeded: Flag

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), limit: limit, exceeded: exceeded)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let limit: Int
        let exceeded: Flag
        var count = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            count += buffer.readableBytes
            if count > limit {
                exceeded.set()
                throw BodyTooLarge(limit: limit)
            }
            return buffer
        }
    }

    /// The whole body, for compressed bodies (decompressed afterwards, in bounded memory).
    func collect() async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await buffer in self { bytes += buffer.readableBytesView }
        return bytes
    }
}

/// The error a ``LimitedBody`` throws.
struct BodyTooLarge: Error, CustomStringConvertible {
    var limit: Int
    var description: String { "the body is larger than the limit of \(limit) bytes" }
}

/// A flag set from any task.
final class Flag: @unchecked Sendable {
    // Sendable: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
