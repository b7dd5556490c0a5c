import Foundation

/// Keeps the encode of a deeply nested model off the end of its thread's stack.
///
/// Encoding recurses through the codecs, a few frames per nested model, and a thread may have
/// as little as 512 KiB of stack (macOS secondary threads), far less than a model nested to
/// ``DecodingOptions/maxDepth`` needs. So every ``modelsPerStack`` nested models, the rest of
/// the value is written on a new thread with a stack of its own while the calling thread waits
/// for it: however deep the model, no stack holds more than that many levels. Shallow models,
/// nearly all of them, never leave their thread.
extension JSONWriter {
    /// Nested models written on one stack before the walk moves to a fresh one. Their frames
    /// take a few kilobytes each in a debug build, well within what any thread has left.
    static let modelsPerStack = 16

    /// Whether the model about to be written must go to a fresh stack.
    var needsFreshStack: Bool { modelsOnStack >= Self.modelsPerStack }

    /// Runs `body` on a new thread with a fresh stack and waits for it. The writer moves to
    /// that thread and back (it is not copied), so what `body` writes lands in this writer.
    mutating func onFreshStack(_ body: (inout JSONWriter) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        let depthHere = modelsOnStack
        modelsOnStack = 0
        defer { modelsOnStack = depthHere }
        try runOnFreshStack { () throws(JSONMapperError) in try body(&self) }
    }
}

/// The stack of each thread a deep walk moves to (``runOnFreshStack(_:)``): room for many
/// nested levels of a walk that moves every few dozen.
private let freshStackBytes = 1 << 20

/// Runs `body` on a new thread with a stack of its own and waits for it: a walk whose
/// recursion grows with its input calls this every so many levels, so no stack holds more
/// than that many (the model encoder every ``JSONWriter/modelsPerStack`` models, the
/// `Codable` encoder every few dozen containers).
func runOnFreshStack<E: Error>(_ body: () throws(E) -> Void) throws(E) {
    var failure: E?
    withoutActuallyEscaping({ () -> Void in
        do throws(E) { try body() } catch { failure = error }
    }) { run in
        let job = FreshStackJob(run)
        let thread = Thread { job.run() }
        thread.stackSize = freshStackBytes
        thread.start()
        job.done.wait()
    }
    if let failure { throw failure }
}

/// A body handed to another thread. That thread alone runs it between `start()` and
/// `done.signal()`, while the thread that made the job waits on `done`: the semaphore orders
/// every access, so what the body touches is shared without a data race. The thread lets go
/// of the body before it signals: the body must not outlive `withoutActuallyEscaping`, while
/// the thread may still hold the job.
// Sendable: `done` orders every access to the body and what it captures (see above).
private final class FreshStackJob: @unchecked Sendable {
    private var body: (() -> Void)?
    let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () -> Void) { self.body = body }

    func run() {
        body?()
        body = nil
        done.signal()
    }
}
