import Foundation

/// Runs `body` on a thread with a 512 KiB stack (the size of a secondary thread on macOS)
/// and returns its result. A recursion that grows with the input overflows it quickly.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    try onThread(stackSize: 512 * 1024, body)
}

/// Runs `body` on a thread with a 64 MiB stack: room for Swift's own recursive release of the
/// deep trees a test builds (the test runner's threads may have small stacks).
func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    try onThread(stackSize: 64 * 1024 * 1024, body)
}

private func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.run()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return try box.result!.get()
}

/// The body a thread runs and its result. The thread takes the body out and releases it
/// (with all it captured) before it signals, so nothing the caller shares is released late
/// on the thread. The semaphore orders the thread's writes before the caller's reads.
// Sendable: the semaphore orders every access (see above).
private final class ResultBox<T>: @unchecked Sendable {
    private var body: (() throws -> T)?
    var result: Result<T, any Error>?

    init(_ body: @escaping () throws -> T) { self.body = body }

    func run() {
        let body = self.body!
        self.body = nil
        result = Result { try body() }
    }
}
