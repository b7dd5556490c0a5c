/// A growable stack of trivial values in memory it owns: the encoder's open containers and
/// their members, which it writes a few times per member. A write here is a store; in an
/// `Array` held by a class, it would also check that the buffer is unique (a runtime call) and
/// retain the class around the write.
///
/// The one place the Codable encoder manages memory by hand. Safety: `base` points to
/// `capacity` elements allocated by this stack and freed by its `deinit`, of which the first
/// `count` are initialized; the stack is not copyable, so no other value holds `base`. The
/// elements are `BitwiseCopyable`: they need no deinitialization, and moving them to a larger
/// allocation is a copy of their bytes. Every element is reached through the subscript, which
/// checks the index against `count`, as `Array` does.
struct EncodingStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "EncodingStack index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "EncodingStack index out of range")
            return base + index
        }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the last element.
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "EncodingStack is empty")
        count -= 1
        return base[count]
    }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "EncodingStack count out of range")
        count = newCount
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
