import Foundation

/// A value and the lock that guards it: the value is reached only inside
/// ``withLockedValue(_:)``, under the lock, so the box may be shared between threads when the
/// value may be. The one lock wrapper of the package; a lock that threads wait on for a
/// change (a queue, a job) is an `NSCondition` beside what it guards.
package final class LockedBox<Value> {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value, under the lock, and returns what it returns. `body` must not
    /// use the box again (the lock is not recursive).
    package func withLockedValue<T, Failure: Error>(_ body: (inout Value) throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Sendable: `value` is read and written only under `lock`.
extension LockedBox: @unchecked Sendable where Value: Sendable {}
