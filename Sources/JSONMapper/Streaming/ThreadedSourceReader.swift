import Foundation

/// Reads a ``JSONRecordSource`` on a thread of its own into a short queue of chunks: for an
/// asynchronous stream, since reading a pipe or standard input may block for as long as the
/// writer likes, which must not hold one of the threads that run tasks; and for a filtered
/// source (``JSONRecordSource/filtered(_:through:)``), whose filter runs on this thread while
/// the stream decodes what it made before.
///
/// The thread stops when the source ends, when reading fails, or after ``close()`` (once a
/// read that is blocked returns), which the owner must call: the thread keeps the reader
/// alive until then. At most ``capacity`` chunks wait in the queue.
// Sendable: every field but the constants is read and written under the condition's lock.
final class ThreadedSourceReader: @unchecked Sendable {
    private static let capacity = 4
    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var ending: Result<Void, JSONMapperError>?
    private var isClosed = false
    private var waiter: CheckedContinuation<Void, Never>?

    init(_ source: JSONRecordSource, chunkSize: Int) {
        let thread = Thread { [self] in
            let reader = Self.reader(of: source, chunkSize: chunkSize)
            while true {
                // Read into the array's uninitialized room (no zero fill): its count is what
                // the reader wrote. (The closure rethrows untyped errors: the typed one crosses
                // it as a Result.)
                var result: Result<Int, JSONMapperError> = .success(0)
                let chunk = [UInt8](unsafeUninitializedCapacity: max(chunkSize, 1)) { buffer, count in
                    result = Result { () throws(JSONMapperError) in try reader.read(into: UnsafeMutableRawBufferPointer(buffer)) }
                    count = (try? result.get()) ?? 0
                }
                switch result {
                case .success(0):
                    return finish(.success(()))
                case .success:
                    guard put(chunk) else { return }
                case .failure(let error):
                    return finish(.failure(error))
                }
            }
        }
        thread.name = "JSONMapper record reader"
        thread.start()
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
    func next() async throws(JSONMapperError) -> [UInt8]? {
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
    func nextWaiting() throws(JSONMapperError) -> [UInt8]? {
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
        case chunk([UInt8])
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
    private func put(_ chunk: [UInt8]) -> Bool {
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
