/// A file that a record stream reads mapped (``FileMapping``) in place of `read(2)`, when
/// workers decode it: the framer cuts blocks that point into the mapping, so that no thread
/// copies the file's bytes.
///
/// Resident memory holds the blocks in flight and the record the framer is on, not the file:
/// the pages before the oldest block still alive, and before the framer's position, go back to
/// the kernel as the stream goes on, a run of pages at a time.
// Sendable: the mapping is read-only and unmapped with the last block; what is alive is read
// and written under the box's lock.
final class MappedFile: @unchecked Sendable {
    private let file: FileMapping
    /// The file's name in errors.
    private let name: String
    private let state = LockedBox(State())

    private struct State {
        /// Offsets (into ``bytes``) of the blocks cut and not freed, oldest first.
        var live: [Int] = []
        /// Blocks freed before an older one was.
        var freedEarly: Set<Int> = []
        /// Where the framer's bytes start: a block is cut there next.
        var framer = 0
        /// The pages before this offset are handed back.
        var handedBack = 0
    }

    /// Pages go back in runs of at least this many bytes: one call per run.
    private static let handBackRun = 4 << 20

    /// `descriptor`'s file from its current position, mapped; `nil` when it cannot be (see
    /// ``FileMapping/init(_:)``). Errors call it `name`.
    init?(_ descriptor: FileDescriptor, name: String) {
        guard let file = FileMapping(descriptor) else { return nil }
        self.file = file
        self.name = name
    }

    deinit { file.unmap() }

    /// The file's bytes from the position it was mapped at; valid while this object lives.
    var bytes: UnsafeRawBufferPointer { file.bytes }

    /// The error that ends a stream of the file once it lost bytes while mapped (see
    /// ``FileMapping/wasCut``): they read as zeros; `nil` while it has not.
    var truncation: JSONMapperError? { file.wasCut ? .truncated(name) : nil }

    /// Where the pages handed back to the kernel end, as an offset into ``bytes``.
    var handedBack: Int { state.withLockedValue { $0.handedBack } }

    /// Moves the file's position `offset` bytes into ``bytes``, where reading would leave it.
    func seek(to offset: Int) { file.seek(to: offset) }

    /// A block holds the bytes from `offset` on; the framer's bytes now start at `framer`.
    func blockCut(at offset: Int, framerAt framer: Int) {
        state.withLockedValue { state in
            state.live.append(offset)
            state.framer = framer
        }
    }

    /// The framer's bytes now start at `offset`: it dropped those before.
    func framerMoved(to offset: Int) {
        state.withLockedValue { state in
            state.framer = offset
            handBackIdlePages(&state)
        }
    }

    /// The block holding the bytes from `offset` on is freed.
    func blockFreed(at offset: Int) {
        state.withLockedValue { state in
            if state.live.first == offset {
                state.live.removeFirst()
                while let oldest = state.live.first, state.freedEarly.remove(oldest) != nil { state.live.removeFirst() }
            } else {
                state.freedEarly.insert(offset)
            }
            handBackIdlePages(&state)
        }
    }

    private func handBackIdlePages(_ state: inout State) {
        let idleEnd = min(state.live.first ?? state.framer, state.framer)
        guard idleEnd - state.handedBack >= Self.handBackRun else { return }
        state.handedBack = file.handBack(from: state.handedBack, upTo: idleEnd)
    }
}
