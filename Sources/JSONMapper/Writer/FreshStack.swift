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
    /// The stack of each thread the walk moves to: room for ``modelsPerStack`` models, many
    /// times over.
    private static let freshStackBytes = 1 << 20

    /// Whether the model about to be written must go to a fresh stack.
    var needsFreshStack: Bool { modelsOnStack >= Self.modelsPerStack }

    /// Runs `body` on a new thread with a fresh stack and waits for it. The writer moves to
    /// that thread and back (it is not copied), so what `body` writes lands in this writer.
    mutating func onFreshStack(_ body: (inout JSONWriter) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        let job = FreshStackJob(writer: JSONWriter(options: options, capacity: 0))
        swap(&job.writer, &self)
        let depthHere = job.writer.modelsOnStack
        job.writer.modelsOnStack = 0
        defer {
            swap(&job.writer, &self)
            modelsOnStack = depthHere
        }
        try withoutActuallyEscaping(body) { (body) throws(JSONMapperError) in
            job.body = body
            defer { job.body = nil }
            let thread = Thread { job.run() }
            thread.stackSize = Self.freshStackBytes
            thread.start()
            job.done.wait()
            if let failure = job.failure { throw failure }
        }
    }
}

/// A write handed to another thread. That thread alone touches the writer between `start()`
/// and `done.signal()`, while the thread that made the job waits on `done`: the semaphore
/// orders every access, so the job is shared without a data race.
// Sendable: `done` orders every access to the fields (see above).
private final class FreshStackJob: @unchecked Sendable {
    var writer: JSONWriter
    var body: ((inout JSONWriter) throws(JSONMapperError) -> Void)?
    var failure: JSONMapperError?
    let done = DispatchSemaphore(value: 0)

    init(writer: JSONWriter) { self.writer = writer }

    func run() {
        do throws(JSONMapperError) { try body?(&writer) } catch { failure = error }
        done.signal()
    }
}
