/// A `Sendable` asynchronous sequence of byte chunks, iterated by a task of its own that runs
/// ahead of decoding by a bounded number of bytes: each read takes every chunk that has
/// arrived since the last one.
///
/// Chunks as small as a record (a request body received in small pieces, one event per chunk)
/// would otherwise each become a block of their own, and each block a hand-off to a worker;
/// gathered, they make blocks as large as the time between two reads lets them be. A chunk is
/// handed on as soon as the stream asks for input, never held back for more to come, so a
/// record is decoded as early as with one read per chunk. The reading task waits while
/// `readAhead` bytes are queued: that is the backpressure on the source.
final class PrefetchedChunkInput<Chunks: AsyncSequence & Sendable>: AsyncRecordInput
where Chunks.Element: Sequence & Sendable, Chunks.Element.Element == UInt8 {
    private let chunks: Chunks
    private let queue: ChunkQueue<Chunks.Element>
    private var reader: Task<Void, Never>?

    init(_ chunks: Chunks, readAhead: Int) {
        self.chunks = chunks
        queue = ChunkQueue(readAhead: readAhead)
    }

    deinit { close() }

    override func read(into framer: RecordFramer, isolation: isolated (any Actor)?) async -> Int {
        if reader == nil { reader = Self.startReading(chunks, into: queue) }
        let batch = await queue.take()
        let before = framer.bytesReceived
        for chunk in batch.chunks { Self.append(chunk, to: framer) }
        switch batch.end {
        case .finished?: framer.endInput()
        case .failed(let reason)?: framer.endInput(failure: .ioFailed(reason: "the byte sequence failed: \(reason)"))
        case nil: break
        }
        return framer.bytesReceived - before
    }

    override func close() {
        reader?.cancel()
        queue.close()
    }

    /// Adds a chunk's bytes where they lie, or a copy of them when they are not contiguous.
    private static func append(_ chunk: Chunks.Element, to framer: RecordFramer) {
        if chunk.withContiguousStorageIfAvailable({ framer.append(UnsafeRawBufferPointer($0)) }) == nil {
            framer.append(Array(chunk))
        }
    }

    /// Iterates `chunks` on a task of its own, into `queue`, until they end, fail, or the
    /// queue is closed.
    ///
    /// A source learns that its reader stopped only through its iterator: a call to `next()`
    /// in a cancelled task (an `AsyncStream` then runs its `onTermination`). Releasing the
    /// iterator is not enough, since the caller may still hold the sequence, which shares the
    /// iterator's state. So a reader cancelled while it waited for room, rather than in
    /// `next()`, asks once more, cancelled, and drops what it gets.
    private static func startReading(_ chunks: Chunks, into queue: ChunkQueue<Chunks.Element>) -> Task<Void, Never> {
        Task {
            var iterator = chunks.makeAsyncIterator()
            do {
                while let chunk = try await iterator.next() {
                    guard await queue.push(chunk) else {
                        if Task.isCancelled { _ = try? await iterator.next() }
                        return
                    }
                }
                queue.end(.finished)
            } catch {
                queue.end(.failed(reason: "\(error)"))
            }
        }
    }
}

/// The chunks a reading task has received and the stream has not taken yet, with the two
/// sides' waits: the stream waits while the queue is empty, the reading task while it is full.
///
/// The state is a value changed under one lock; each change returns the continuation to resume,
/// resumed after the lock is released.
final class ChunkQueue<Chunk: Sequence & Sendable>: Sendable where Chunk.Element == UInt8 {
    /// How the source ended.
    enum End: Sendable, Equatable {
        case finished
        case failed(reason: String)
    }

    /// What a take hands on: the chunks in arrival order, then the end once every chunk before
    /// it is taken.
    struct Batch {
        var chunks: [Chunk]
        var end: End?
    }

    private struct State: Sendable {
        var chunks: [Chunk] = []
        var bytes = 0
        var end: End?
        var isClosed = false
        var taker: CheckedContinuation<Void, Never>?
        var pusher: CheckedContinuation<Void, Never>?
    }

    private let readAhead: Int
    private let state = LockedBox(State())

    init(readAhead: Int) {
        self.readAhead = max(readAhead, 1)
    }

    /// Queues `chunk`, then waits while the queue holds `readAhead` bytes or more; `false` once
    /// the queue is closed (reading stops).
    func push(_ chunk: Chunk) async -> Bool {
        let (taker, isFull, isOpen) = state.withLockedValue { state in
            guard !state.isClosed else { return (nil as CheckedContinuation<Void, Never>?, false, false) }
            state.chunks.append(chunk)
            // At least 1 a chunk, so that a sequence that cannot tell its count is bounded too.
            state.bytes += max(chunk.underestimatedCount, 1)
            let taker = state.taker
            state.taker = nil
            return (taker, state.bytes >= readAhead, true)
        }
        taker?.resume()
        guard isOpen else { return false }
        if isFull { await waitForRoom() }
        return state.withLockedValue { !$0.isClosed }
    }

    /// Records how the source ended, after the chunks queued so far.
    func end(_ end: End) {
        let taker = state.withLockedValue { state in
            if state.end == nil { state.end = end }
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume()
    }

    /// Every chunk queued, and the end once it is reached; waits while there is neither. Returns
    /// an empty batch when the waiting task is cancelled or the queue closed.
    func take() async -> Batch {
        if let batch = takeQueued() { return batch }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = state.withLockedValue { state in
                    let isReady = !state.chunks.isEmpty || state.end != nil || state.isClosed || Task.isCancelled
                    if !isReady { state.taker = continuation }
                    return isReady
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            wakeTaker()
        }
        return takeQueued() ?? Batch(chunks: [], end: nil)
    }

    /// Stops both sides for good: the reading task's next push returns `false`, and neither
    /// side waits again.
    func close() {
        let (taker, pusher) = state.withLockedValue { state in
            state.isClosed = true
            state.chunks = []
            state.bytes = 0
            defer { (state.taker, state.pusher) = (nil, nil) }
            return (state.taker, state.pusher)
        }
        taker?.resume()
        pusher?.resume()
    }

    /// The queued chunks and the end, or `nil` when there is nothing to take.
    private func takeQueued() -> Batch? {
        let (batch, pusher) = state.withLockedValue { state -> (Batch?, CheckedContinuation<Void, Never>?) in
            guard !state.chunks.isEmpty || state.end != nil else { return (nil, nil) }
            let batch = Batch(chunks: state.chunks, end: state.end)
            state.chunks = []
            state.bytes = 0
            // The end is handed on once; later takes find an empty batch with no end.
            if state.end != nil { state.isClosed = true }
            state.end = nil
            defer { state.pusher = nil }
            return (batch, state.pusher)
        }
        pusher?.resume()
        return batch
    }

    private func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let hasRoom = state.withLockedValue { state in
                    let hasRoom = state.bytes < readAhead || state.isClosed || Task.isCancelled
                    if !hasRoom { state.pusher = continuation }
                    return hasRoom
                }
                if hasRoom { continuation.resume() }
            }
        } onCancel: {
            close()
        }
    }

    private func wakeTaker() {
        let taker = state.withLockedValue { state in
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume()
    }
}
