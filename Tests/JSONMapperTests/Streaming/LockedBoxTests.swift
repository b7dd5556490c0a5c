import Foundation
import Testing
@testable import JSONMapper

/// The one lock wrapper: every change made under its lock is kept, whatever the threads, and
/// an error thrown inside passes through with its type.
@Suite("Streaming: locked box")
struct LockedBoxTests {
    struct Refused: Error, Equatable {}

    @Test func changesFromManyThreadsAreAllKept() {
        let box = LockedBox([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<10_000 {
                box.withLockedValue { $0[step % 10, default: 0] += thread + 1 }
            }
        }
        #expect(box.withLockedValue { $0 } == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 1_000 * 36) }))
    }

    @Test func aTypedErrorPassesThroughAndTheLockIsFreed() {
        let box = LockedBox(0)
        #expect(throws: Refused()) {
            try box.withLockedValue { (value) throws(Refused) in
                value = 1
                throw Refused()
            }
        }
        #expect(box.withLockedValue { $0 } == 1)
    }
}
