import Foundation

/// A block handed to the workers, as the stream that delivers its records sees it: the
/// stream waits for the outcomes, takes them, and retires them once delivered. The stream is
/// generic over values that are not `Sendable` too (it decodes those inline), while a
/// ``BlockJob`` exists only for `Sendable` ones, the only values that cross threads.
protocol SubmittedBlock<Value>: AnyObject, Sendable {
    associatedtype Value
    /// Whether the worker has completed the job.
    var isComplete: Bool { get }
    /// Blocks the calling thread until the worker has completed the job.
    func wait()
    /// Suspends the calling task until the worker has completed the job.
    func completion() async
    /// The outcomes of a completed job, handed over once.
    func takeOutcomes() -> [RecordOutcome<Value>]
    /// The line feeds of the block, counted by the worker (``RecordBlock/countLineFeeds()``),
    /// once the job is complete.
    var lineFeeds: Result<Int, JSONMapperError> { get }
    /// Hands delivered outcomes back to the worker that decoded them, to be freed there.
    func retire(_ outcomes: consuming [RecordOutcome<Value>])
}

/// A block handed to a worker, and then the outcomes the worker decoded from it.
///
/// The worker completes the job once; the stream waits for it, blocking (``wait()``) or
/// suspended (``completion()``), delivers copies of the values and then retires the outcomes
/// to the worker that decoded them (``retire(_:)``). Workers are only used for `Sendable`
/// values (see ``RecordWorkers``), which is what makes sharing them across threads safe.
// Sendable: `outcomes`, `countedLineFeeds`, `waiter` and `home` are read and written under the condition's lock.
final class BlockJob<Value: Sendable>: SubmittedBlock, @unchecked Sendable {
    let block: RecordBlock
    /// The column names the block's array records are decoded through, if any.
    let columns: ColumnSink.Names?
    private let condition = NSCondition()
    private var outcomes: [RecordOutcome<Value>]?
    private var countedLineFeeds: Result<Int, JSONMapperError> = .success(0)
    private var waiter: CheckedContinuation<Void, Never>?
    /// Where the outcomes go once delivered: the worker that decoded them.
    private var home: RetiredOutcomes<Value>?

    init(block: RecordBlock, columns: ColumnSink.Names?) {
        self.block = block
        self.columns = columns
    }

    /// Called by the worker, once; the outcomes return to `home` when retired.
    func complete(with outcomes: [RecordOutcome<Value>], lineFeeds: Result<Int, JSONMapperError>, home: RetiredOutcomes<Value>) {
        condition.lock()
        self.outcomes = outcomes
        countedLineFeeds = lineFeeds
        self.home = home
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

    var lineFeeds: Result<Int, JSONMapperError> {
        condition.lock()
        defer { condition.unlock() }
        return countedLineFeeds
    }

    /// Hands delivered outcomes back to the worker that decoded them, to be freed there.
    ///
    /// The stream delivers copies, so a value the consumer dropped at once is freed with these
    /// outcomes, on the thread that allocated it: glibc frees memory another thread allocated
    /// on a slow path, under the allocating thread's arena lock, which that thread's own
    /// allocations then contend for.
    func retire(_ outcomes: consuming [RecordOutcome<Value>]) {
        condition.lock()
        let home = self.home
        condition.unlock()
        home?.put(consume outcomes)
    }
}

/// Outcomes retired to the worker that decoded them, freed when it takes its next block.
///
/// Outcomes are moved, never copied, from the delivering thread into the worker's list: the
/// worker may free the list the moment the lock is released, and a copy still held by the
/// delivering thread would then be the last reference, freed there.
final class RetiredOutcomes<Value: Sendable>: Sendable {
    private let retired = LockedBox<[[RecordOutcome<Value>]]>([])

    func put(_ outcomes: consuming [RecordOutcome<Value>]) {
        var handed = Optional(consume outcomes)
        retired.withLockedValue { $0.append(handed.take()!) }
    }

    /// Frees the retired outcomes on the calling thread (their worker's).
    func free() {
        let taken = retired.withLockedValue { (retired) in
            defer { retired = [] }
            return retired
        }
        _ = consume taken
    }
}
