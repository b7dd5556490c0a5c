/// A stack allocator for the values frames build (models, arrays, per-model state): frames
/// are strictly nested, so popping a frame gives its memory back by moving a mark, and a
/// decode does no `malloc` per object once the first blocks exist.
struct Arena {
    struct Mark {
        fileprivate var block: Int
        fileprivate var offset: Int

        /// The mark of an arena with nothing allocated.
        static let start = Mark(block: -1, offset: 0)
    }

    private static let blockSize = 32 * 1024
    private var blocks: [(base: UnsafeMutableRawPointer, size: Int)] = []
    private var block = -1
    private var offset = 0

    var mark: Mark { Mark(block: block, offset: offset) }

    mutating func reset(to mark: Mark) {
        block = mark.block
        offset = mark.offset
    }

    /// Uninitialized memory for `count` values of `type`, valid until the arena is reset
    /// below this point.
    mutating func allocate<T>(_ type: T.Type, count: Int = 1) -> UnsafeMutablePointer<T> {
        let size = max(MemoryLayout<T>.stride * count, 1)
        let alignment = MemoryLayout<T>.alignment
        if block >= 0 {
            let aligned = (offset + alignment - 1) & ~(alignment - 1)
            if aligned + size <= blocks[block].size {
                offset = aligned + size
                return (blocks[block].base + aligned).bindMemory(to: T.self, capacity: count)
            }
        }
        // Next block: reuse the one after this if it is big enough, else make one. Alignment of
        // a fresh block is at least 16, enough for every Swift value type.
        block += 1
        if block < blocks.count, blocks[block].size >= size {
            offset = size
        } else {
            let blockSize = max(Self.blockSize, size)
            let base = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 16)
            if block < blocks.count {
                blocks[block].base.deallocate()
                blocks[block] = (base, blockSize)
            } else {
                blocks.append((base, blockSize))
            }
            offset = size
        }
        return blocks[block].base.bindMemory(to: T.self, capacity: count)
    }

    mutating func release() {
        for b in blocks { b.base.deallocate() }
        blocks = []
        block = -1
        offset = 0
    }
}
