import Foundation

/// Reads a ``JSONRecordSource`` on a thread of its own into a short queue of chunks: for an
/// asynchronous stream, since reading a pipe or standard input may block for as long as the
/// writer likes, which must not hold one of the threads that run tasks; and for a filtered
/// source (``JSONRecordSource/filtered(_:through:)``), whose filter runs on this thread while
/// the stream decodes what it made before.
///
/// Each chunk is read into the end of a buffer of the pool it is given, leaving room before it
/// for the start of a record still open, so that the framer takes the buffer over
/// (``RecordFramer/adopt(_:)``) and only the kernel copies the chunk.
///
/// The thread stops when the source ends, when reading fails, or after ``close()`` (once a
/// read that is blocked returns), which the owner must call: the thread keeps the reader
/// alive until then. At most ``capacity`` chunks wait in the queue.
// Sendable: every field but the constants is read and written under the condition's lock.
final class ThreadedSourceReader: @unchecked Sendable {
    private static let capacity = 4
    private let condition = NSCondition()
    private var chunks: [PooledChunk] = []
    private var ending: Result<Void, JSONMapperError>?
    private var isClosed = false
    private var waiter: CheckedContinuation<Void, Never>?

    /// A reader of `source` in chunks of at most `chunkSize` bytes, each read into the end of
    /// one of `pool`'s buffers.
    init(_ source: JSONRecordSource, chunkSize: Int, pool: BlockBufferPool) {
        let room = min(max(chunkSize, 1), pool.capacity)
        let offset = pool.capacity - room
        let thread = Thread { [self] in
            let reader = Self.reader(of: source, chunkSize: room)
            while true {
                let buffer = pool.take()
                let result = Result { () throws(JSONMapperError) in
                    try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer + offset, count: room))
                }
                switch result {
                case .success(0):
                    pool.giveBack(buffer)
                    return finish(.success(()))
                case .success(let count):
                    let checked = Self.checkedLines(in: UnsafeRawBufferPointer(start: buffer + offset, count: count))
                    guard put(PooledChunk(pool: pool, buffer: buffer, offset: offset, count: count, checked: checked)) else { return }
                case .failure(let error):
                    pool.giveBack(buffer)
                    return finish(.failure(error))
                }
            }
        }
        thread.name = "JSONMapper record reader"
        thread.start()
    }

    /// The whole lines of `bytes` after its first line feed, if they surely pass the raw input
    /// check: checked here, on the reading thread, so that the thread decoding them need not
    /// (see ``PooledChunk/checked``).
    private static func checkedLines(in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        guard let base = bytes.baseAddress, let first = firstOccurrence(of: 0x0A, in: base, count: bytes.count),
              let last = lastOccurrence(of: 0x0A, in: base, count: bytes.count) else { return 0..<0 }
        let lines = (first - base + 1)..<(last - base + 1)
        return RawInputCheck.surelyPasses(UnsafeRawBufferPointer(rebasing: bytes[lines])) ? lines : 0..<0
    }

    /// The reader the thread reads: a filtered source's filter over its source's bytes.
    private static func reader(of source: JSONRecordSource, chunkSize: Int) -> any JSONRecordByteReader {
        guard case .filtered(let unfiltered, let makeFilter) = source.storage else { return SourceReader(source, chunkSize: chunkSize) }
        return makeFilter(SourceReader(unfiltered, chunkSize: chunkSize))
    }

    /// Stops the thread; chunks not yet taken are dropped.
    func close() {
        condition.lock()
        isClosed = true
        chunks = []
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk; `nil` at the end of the source. Throws where reading failed.
    func next() async throws(JSONMapperError) -> PooledChunk? {
        while true {
            switch take() {
            case .chunk(let chunk): return chunk
            case .end(let ending): try ending.get(); return nil
            case .nothingYet: await waitForChange()
            }
        }
    }

    /// The next chunk, waiting on this thread until there is one; `nil` at the end of the
    /// source. Throws where reading failed.
    func nextWaiting() throws(JSONMapperError) -> PooledChunk? {
        condition.lock()
        while chunks.isEmpty, ending == nil { condition.wait() }
        defer { condition.unlock() }
        if !chunks.isEmpty {
            condition.broadcast()
            return chunks.removeFirst()
        }
        try ending!.get()
        return nil
    }

    private enum Taken {
        case chunk(PooledChunk)
        case end(Result<Void, JSONMapperError>)
        case nothingYet
    }

    private func take() -> Taken {
        condition.lock()
        defer { condition.unlock() }
        if !chunks.isEmpty {
            condition.broadcast()
            return .chunk(chunks.removeFirst())
        }
        return ending.map { .end($0) } ?? .nothingYet
    }

    private func waitForChange() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if chunks.isEmpty, ending == nil {
                waiter = continuation
                condition.unlock()
            } else {
                condition.unlock()
                continuation.resume()
            }
        }
    }

    /// Queues a chunk, waiting while the queue is full; `false` once closed.
    private func put(_ chunk: PooledChunk) -> Bool {
        condition.lock()
        while chunks.count >= Self.capacity, !isClosed { condition.wait() }
        guard !isClosed else {
            condition.unlock()
            return false
        }
        chunks.append(chunk)
        condition.broadcast()
        let waiter = takeWaiter()
        condition.unlock()
        waiter?.resume()
        return true
    }

    private func finish(_ ending: Result<Void, JSONMapperError>) {
        condition.lock()
        self.ending = ending
        condition.broadcast()
        let waiter = takeWaiter()
        condition.unlock()
        waiter?.resume()
    }

    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}
