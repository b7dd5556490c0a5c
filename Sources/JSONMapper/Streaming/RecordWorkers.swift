import Foundation

/// Threads that decode blocks of records, each with its own ``RecordEngine`` (its own parser
/// and decoding session), so that workers share nothing but the queue of blocks.
///
/// The threads start with the pool and are stopped and joined when it is released: a stream
/// abandoned part-way leaves no thread behind (a block being decoded is finished first).
/// Values cross from the workers to the stream's thread, hence `Sendable`.
final class RecordWorkers<Value: Sendable> {
    private let queue = BlockQueue<Value>()

    init(count: Int, engines: RecordEngines<Value>, limits: RecordFramer.Limits) {
        for number in 0..<count {
            let thread = Thread { [queue] in
                let engine = engines.make()
                let retired = RetiredOutcomes<Value>()
                while let job = queue.take() {
                    let outcomes = engine.outcomes(of: job.block, limits: limits, columns: job.columns)
                    job.complete(with: outcomes, lineFeeds: job.block.countLineFeeds(), home: retired)
                    retired.free()
                }
                // The last blocks come back while the pool is being closed.
                retired.free()
                queue.workerExited()
            }
            thread.name = "JSONMapper record worker \(number + 1)"
            // Decoding keeps its state on the heap, but hooks and captured values recurse.
            thread.stackSize = 8 << 20
            queue.workerStarted()
            thread.start()
        }
    }

    deinit {
        queue.close()
    }

    /// Queues `block` for the next free worker.
    func submit(_ block: RecordBlock, columns: ColumnSink.Names?) -> BlockJob<Value> {
        let job = BlockJob<Value>(block: block, columns: columns)
        queue.put(job)
        return job
    }
}

/// The blocks waiting for a worker, first in first out (a handful: the stream bounds the
/// blocks in flight).
// Sendable: every field is read and written under the condition's lock.
private final class BlockQueue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [BlockJob<Value>] = []
    private var isClosed = false
    private var running = 0

    func put(_ job: BlockJob<Value>) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The next job, waiting for one; `nil` once the queue is closed.
    func take() -> BlockJob<Value>? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty, !isClosed { condition.wait() }
        guard !isClosed else { return nil }
        return jobs.removeFirst()
    }

    func workerStarted() {
        condition.lock()
        running += 1
        condition.unlock()
    }

    func workerExited() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the workers (jobs not started are dropped) and waits until every one has exited.
    func close() {
        condition.lock()
        isClosed = true
        jobs = []
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
