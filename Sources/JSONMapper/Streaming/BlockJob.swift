import Foundation

/// A block handed to a worker, and then the outcomes the worker decoded from it.
///
/// The worker completes the job once; the stream waits for it, blocking (``wait()``) or
/// suspended (``completion()``). Workers are only used for `Sendable` values (see
/// ``RecordWorkers``), which is what makes moving the outcomes to the stream's thread safe.
final class BlockJob<Value>: @unchecked Sendable {
    let block: RecordBlock
    /// The column names the block's array records are decoded through, if any.
    let columns: ColumnSink.Names?
    // `outcomes` and `waiter` are read and written under the condition's lock.
    private let condition = NSCondition()
    private var outcomes: [RecordOutcome<Value>]?
    private var waiter: CheckedContinuation<Void, Never>?

    init(block: RecordBlock, columns: ColumnSink.Names?) {
        self.block = block
        self.columns = columns
    }

    /// Called by the worker, once.
    func complete(with outcomes: [RecordOutcome<Value>]) {
        condition.lock()
        self.outcomes = outcomes
        let waiter = self.waiter
        self.waiter = nil
        condition.broadcast()
        condition.unlock()
        waiter?.resume()
    }

    var isComplete: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outcomes != nil
    }

    /// Blocks the calling thread until the worker has completed the job.
    func wait() {
        condition.lock()
        while outcomes == nil { condition.wait() }
        condition.unlock()
    }

    /// Suspends the calling task until the worker has completed the job.
    func completion() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if outcomes == nil {
                waiter = continuation
                condition.unlock()
            } else {
                condition.unlock()
                continuation.resume()
            }
        }
    }

    /// The outcomes of a completed job, handed over once.
    func takeOutcomes() -> [RecordOutcome<Value>] {
        condition.lock()
        defer { condition.unlock() }
        let taken = outcomes ?? []
        outcomes = []
        return taken
    }
}
