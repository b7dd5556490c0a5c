extension UnsafeMutableBufferPointer {
    /// A copy of `elements` in memory of its own, for what a mapping builds once and then only
    /// reads, from any number of threads: reading an element there touches no reference count,
    /// where walking an array would retain and release its storage (or its elements) on a
    /// cache line the threads share. The owner deinitializes (if need be) and deallocates it.
    static func frozenCopy(of elements: some Collection<Element>) -> Self {
        let buffer = allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }
}
