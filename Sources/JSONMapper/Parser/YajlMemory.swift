import CYajl

/// Memory for the yajl handles a record engine makes one after another: a handle allocates
/// five or six small blocks (itself, its lexer, buffers, its state stack) and frees them all
/// when it is freed, so for a handle per record they come from one reused block, bump by
/// bump, and are all given back at once by ``reset()``, instead of going through `malloc`
/// and `free` every time (a handle per record makes those calls a visible share of a record
/// stream's work).
///
/// A handle's needs grow only with a record's nesting depth and escaped strings, so a block
/// that is too small sends the rest to `malloc` for that record, and the next block is made
/// large enough (up to a cap, so that one huge record does not keep its memory).
final class YajlMemory {
    // Only one parser uses the memory at a time, on one thread, so the run-time exclusivity
    // checks of class properties (a tenth of this type's cost) are left out.
    @exclusivity(unchecked) private var block: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// Blocks from `malloc` for what did not fit, freed by ``reset()``.
    @exclusivity(unchecked) private var overflow: [UnsafeMutableRawPointer] = []
    /// What the current handle asked for in all, to size the next block.
    @exclusivity(unchecked) private var requested = 0
    /// The functions yajl calls, with this object as their context; valid as long as it lives.
    let functions: UnsafeMutablePointer<yajl_alloc_funcs>

    private static let initialCapacity = 16 * 1024
    private static let maximumCapacity = 1 << 20
    /// Each allocation is preceded by its size (for `realloc`), and aligned as `malloc` aligns.
    private static let header = 16

    init() {
        capacity = Self.initialCapacity
        block = .allocate(byteCount: capacity, alignment: Self.header)
        functions = .allocate(capacity: 1)
        functions.initialize(to: yajl_alloc_funcs(malloc: yajlMalloc, realloc: yajlRealloc, free: yajlFree, ctx: nil))
        functions.pointee.ctx = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        reset()
        block.deallocate()
        functions.deallocate()
    }

    /// Gives back everything the last handle allocated; call it once that handle is freed.
    func reset() {
        for pointer in overflow { pointer.deallocate() }
        overflow.removeAll(keepingCapacity: true)
        if requested > capacity, capacity < Self.maximumCapacity {
            block.deallocate()
            capacity = min(Self.maximumCapacity, max(capacity * 2, requested))
            block = .allocate(byteCount: capacity, alignment: Self.header)
        }
        used = 0
        requested = 0
    }

    fileprivate func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        let total = Self.header + (size + Self.header - 1) / Self.header * Self.header
        requested += total
        let start: UnsafeMutableRawPointer
        if used + total <= capacity {
            start = block + used
            used += total
        } else {
            start = .allocate(byteCount: total, alignment: Self.header)
            overflow.append(start)
        }
        start.storeBytes(of: size, as: Int.self)
        return start + Self.header
    }

    fileprivate func reallocate(_ pointer: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer {
        let oldSize = (pointer - Self.header).load(as: Int.self)
        guard size > oldSize else { return pointer }
        let moved = allocate(size)
        moved.copyMemory(from: pointer, byteCount: oldSize)
        return moved
    }
}

// yajl's allocation callbacks. The context is the `YajlMemory`, unretained: the engine that
// owns it frees every handle made with it before releasing it. Freeing is a no-op: the
// memory comes back with `reset()`.

/// Calls `body` with the memory behind yajl's context, without retaining it (it outlives the
/// call, as said above).
@inline(__always)
private func withMemory<R>(_ context: UnsafeMutableRawPointer?, _ body: (YajlMemory) -> R) -> R {
    Unmanaged<YajlMemory>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
}

private let yajlMalloc: yajl_malloc_func = { context, size in
    withMemory(context) { $0.allocate(size) }
}

private let yajlRealloc: yajl_realloc_func = { context, pointer, size in
    withMemory(context) { memory in pointer.map { memory.reallocate($0, to: size) } ?? memory.allocate(size) }
}

private let yajlFree: yajl_free_func = { _, _ in }
