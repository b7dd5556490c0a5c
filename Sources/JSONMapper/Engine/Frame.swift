/// One open object or array while decoding: which codec handles its events, and where the
/// value it fills lives. Frames are plain, trivially copyable data kept on the session's
/// ``FrameStack``; the codecs and mapper entries they point to are owned by compiled metadata
/// (or by the session), so the frame holds them unretained and pushes and pops do no
/// reference counting or value-witness calls.
struct Frame {
    /// Handles the events inside this container (called through ``Unmanaged/guaranteed(_:)``).
    var handler: Unmanaged<_JSONFrameHandler>
    /// The codec that initialized `storage`, when the frame owns it; it destroys the value if
    /// decoding stops before the parent takes it.
    unowned(unsafe) var owner: _JSONFrameHandler?
    /// The value being filled: a model, an array, a dictionary… (or, for a key-path frame,
    /// the model that owns the path).
    var storage: FrameStorage
    /// Per-property bytes of a model (fallback priority of the key that set it, or unset),
    /// present when the model has required or multi-key properties.
    var state: UnsafeMutablePointer<UInt8>?
    /// The mapper entry of the current key or array position (models and key paths); from
    /// bytes, a key route writes it (see ``DecodingSession``'s `routeKeys`).
    var entry: Unmanaged<MapperEntry>?
    /// The binding (in its entry's frozen ``MapperEntry/links``) whose property the child
    /// frame is decoding.
    var pending: UnsafePointer<MapperEntry.Link>?
    /// Elements seen so far (arrays).
    var index = 0
    /// The position of this model's captured object on the session's stack of them (for a
    /// did-map hook), or -1.
    var capturedObject = -1
    /// Set when a hook rejected the model and the policy let decoding go on: the value is
    /// dropped instead of handed to the frame below.
    var isRejected = false
    /// Arena position to return to when the frame is popped.
    var arenaMark: Arena.Mark

    init(handler: Unmanaged<_JSONFrameHandler>, owner: _JSONFrameHandler?, storage: FrameStorage,
         state: UnsafeMutablePointer<UInt8>? = nil, arenaMark: Arena.Mark) {
        self.handler = handler
        self.owner = owner
        self.storage = storage
        self.state = state
        self.arenaMark = arenaMark
    }
}

/// The stack of open frames, in fixed blocks so a frame's address stays valid while frames
/// are pushed above it.
struct FrameStack {
    private static let blockSize = 64
    private var blocks: [UnsafeMutablePointer<Frame>] = []
    /// Number of frames on the stack.
    private(set) var count = 0

    /// The innermost frame. The stack must not be empty.
    var top: UnsafeMutablePointer<Frame> {
        blocks[(count - 1) / Self.blockSize] + (count - 1) % Self.blockSize
    }

    @discardableResult
    mutating func push(_ frame: Frame) -> UnsafeMutablePointer<Frame> {
        let block = count / Self.blockSize
        if block == blocks.count {
            blocks.append(.allocate(capacity: Self.blockSize))
        }
        let slot = blocks[block] + count % Self.blockSize
        slot.initialize(to: frame)
        count += 1
        return slot
    }

    mutating func pop() {
        top.deinitialize(count: 1)
        count -= 1
    }

    subscript(i: Int) -> UnsafeMutablePointer<Frame> {
        blocks[i / Self.blockSize] + i % Self.blockSize
    }

    /// Frees the blocks; frames still on the stack must have been popped.
    mutating func release() {
        precondition(count == 0, "frames left on the stack")
        for block in blocks { block.deallocate() }
        blocks = []
    }
}

/// Values of a model frame's per-property state bytes.
enum PropertyState {
    /// No key has set the property yet; otherwise the byte is the priority of the key that did.
    static let unset: UInt8 = .max
    /// Set by an update before decoding: the property counts as present, and any key may set it.
    static let presentBeforeUpdate: UInt8 = .max - 1
}
