/// One decode in progress: receives the parser's events and routes each to the codec of the
/// innermost open container (the top ``Frame``), keeping everything that codec needs:
/// the frame stack, the arena the values live in, skipping state and the options.
///
/// Hot path: an event costs a check of the skip counter, one virtual call on the top frame's
/// codec, and whatever that codec does; no lookups by type, no allocation per scalar.
final class DecodingSession: JSONEventSink {
    let options: DecodingOptions
    /// The options' coercion (``DecodingOptions/Coercion``), as the coercions take it; read on
    /// every coercion.
    let coercionPolicy: CoercionPolicy
    /// Errors kept under ``DecodingOptions/InvalidValuePolicy/collect``.
    private(set) var issues: [JSONMapperError] = []

    /// The state every event touches. It lives behind a pointer the session owns because a
    /// stored `var` of a class is checked for exclusive access at run time on every access, a
    /// cost paid per event (see the Performance article); through the pointer it is a plain load.
    /// Only this session uses the pointer, on one thread at a time, and frees it in `deinit`.
    private let state: UnsafeMutablePointer<State>

    private struct State {
        var frames = FrameStack()
        var arena = Arena()
        /// Open containers, skipped ones included, for the depth limit.
        var depth = 0
        /// Open containers inside a value being skipped (0 when not skipping).
        var skipDepth = 0
        /// Set while a value is being captured whole (see ``capture(then:)``).
        var capture: Capture?
        /// Containers open inside the value being captured.
        var captureDepth = 0
        /// Spare element buffers (see ``ElementList``).
        var spareElementBlocks: [(base: UnsafeMutableRawPointer, bytes: Int)] = []
        /// Objects captured for models with a did-map hook, innermost last.
        var capturedObjects: [JSONValue] = []
        /// The `String` the event being routed borrows its bytes from (see ``sourceString``):
        /// a pointer, so that routing a tree's string or key costs no reference counting (a
        /// stored `String` would be retained and released per string). Set only while ``emit(treeString:isKey:)`` runs, the time the pointer
        /// is valid.
        var sourceString: UnsafePointer<String>?
        /// Set while a parent takes a finished child's value: the child frame is still on the
        /// stack, but an error (a transformer refusing the value) is about the whole child.
        var isTakingChild = false
    }

    /// Whether a mapping error lets the parse run on to the end (events ignored), so that a
    /// syntax error later in the document is reported instead: decoding bytes does (whole or in
    /// chunks), decoding a tree, which cannot be malformed, stops at once.
    private let checksWholeDocument: Bool

    init(options: DecodingOptions, checksWholeDocument: Bool) {
        self.checksWholeDocument = checksWholeDocument
        self.options = options
        self.coercionPolicy = options.coercion == .strict ? .strict : .lenient
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        unwind()
        state.pointee.arena.release()
        state.pointee.frames.release()
        for block in state.pointee.spareElementBlocks { block.base.deallocate() }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Scratch memory

    /// Calls `body` with uninitialized arena memory for one `V`, given back when `body` returns:
    /// room for a value on its way to its destination (decoded first, then moved where it
    /// goes, or dropped), with no allocation once the arena has grown.
    @inline(__always)
    func withScratch<V, R>(for type: V.Type, _ body: (UnsafeMutablePointer<V>) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        let mark = state.pointee.arena.mark
        defer { state.pointee.arena.reset(to: mark) }
        return try body(state.pointee.arena.allocate(V.self))
    }

    /// A spare element buffer, if the pool has one.
    func borrowElementBlock() -> (base: UnsafeMutableRawPointer, bytes: Int)? {
        state.pointee.spareElementBlocks.popLast()
    }

    /// Keeps a buffer for reuse (a few per nesting level are plenty), or frees it.
    func recycleElementBlock(_ block: (base: UnsafeMutableRawPointer, bytes: Int)) {
        if state.pointee.spareElementBlocks.count < 32 {
            state.pointee.spareElementBlocks.append(block)
        } else {
            block.base.deallocate()
        }
    }

    // MARK: Frames

    /// Pushes a frame whose storage, a fresh `initialValue` in the arena, belongs to `owner`.
    @discardableResult
    func pushOwned<V>(_ initialValue: consuming V, handler: Unmanaged<_JSONFrameHandler>, owner: _JSONFrameHandler, stateBytes: Int = 0) -> UnsafeMutablePointer<Frame> {
        let mark = state.pointee.arena.mark
        let storage = state.pointee.arena.allocate(V.self)
        storage.initialize(to: consume initialValue)
        return state.pointee.frames.push(Frame(handler: handler, owner: owner, storage: FrameStorage(storage),
                                               state: makeState(count: stateBytes), arenaMark: mark))
    }

    /// Pushes a frame whose storage, a fresh `initialValue`, belongs to `codec`, which also
    /// reads the container's events.
    @discardableResult
    func pushOwned<V>(_ initialValue: consuming V, by codec: _JSONFrameHandler) -> UnsafeMutablePointer<Frame> {
        pushOwned(consume initialValue, handler: .passUnretained(codec), owner: codec)
    }

    /// Pushes a frame over storage that someone else owns (a key-path frame over its model,
    /// or the caller's own value when updating).
    @discardableResult
    func pushBorrowed(handler: Unmanaged<_JSONFrameHandler>, storage: FrameStorage,
                      state bytes: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<Frame> {
        state.pointee.frames.push(Frame(handler: handler, owner: nil, storage: storage, state: bytes,
                                        arenaMark: state.pointee.arena.mark))
    }

    /// Pushes a frame over a decode's result slot, handed over as raw memory.
    @discardableResult
    func pushBorrowed(handler: Unmanaged<_JSONFrameHandler>, storage: UnsafeMutableRawPointer,
                      state bytes: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<Frame> {
        pushBorrowed(handler: handler, storage: FrameStorage(unchecked: storage), state: bytes)
    }

    /// Keeps a captured object for the model frame about to be pushed (see ``Frame/capturedObject``).
    func keepCapturedObject(_ object: JSONValue) -> Int {
        state.pointee.capturedObjects.append(object)
        return state.pointee.capturedObjects.count - 1
    }

    /// Takes back the object kept for a model frame that has ended.
    func takeCapturedObject(at index: Int) -> JSONValue {
        let object = state.pointee.capturedObjects[index]
        state.pointee.capturedObjects.removeSubrange(index...)
        return object
    }

    /// Per-property state bytes for a model frame (`nil` when the model tracks none).
    func makeState(count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard count > 0 else { return nil }
        let bytes = state.pointee.arena.allocate(UInt8.self, count: count)
        bytes.initialize(repeating: PropertyState.unset, count: count)
        return bytes
    }

    /// Makes the session ignore the container that has just begun, with everything inside it.
    func skipValue() { state.pointee.skipDepth = 1 }

    /// Ignores the value of the key just delivered, which nobody reads. From bytes, the parser
    /// passes over it in C and none of its events arrive; from a tree the emitter delivers
    /// them and the top handler drops them (as it drops a value of a key it has no entry for).
    @inline(__always)
    func skipValueOfKey() {
        skipValueOfKey(depthAllowance: options.maxDepth - state.pointee.depth)
    }

    override func skippedContainerTooDeep() -> Bool {
        fail(.depthLimitExceeded(path: parser?.pathOfInnermostContainer() ?? currentPath()))
    }

    /// Captures the container that has just begun as a ``JSONValue``; when it ends,
    /// `completion` receives it with the session back at the frame that asked for it.
    func capture(isObject: Bool, then completion: @escaping (JSONValue) throws(JSONMapperError) -> Void) {
        var builder = JSONValueBuilder()
        builder.begin(isObject: isObject)
        state.pointee.capture = Capture(builder: builder, completion: completion)
        state.pointee.captureDepth = 1
    }

    /// Counts a container opened by a codec directly (not by a begin event), as when a
    /// captured value is fed to its handlers; its end event closes it.
    func enterContainer() { state.pointee.depth += 1 }

    /// A container being captured whole.
    struct Capture {
        var builder: JSONValueBuilder
        let completion: (JSONValue) throws(JSONMapperError) -> Void
    }

    /// Frames on the stack, for emitters to see whether a begin pushed one.
    var frameCount: Int { state.pointee.frames.count }

    /// True while the current value is being skipped.
    var isSkipping: Bool { state.pointee.skipDepth > 0 }

    /// How an emitter should walk the members of the object it has just begun (see
    /// ``MemberWalk``): the YYModel choice between dictionary- and property-driven.
    func memberWalk(count: Int, framesBefore: Int) -> MemberWalk {
        if isSkipping { return .none }
        guard state.pointee.capture == nil, frameCount > framesBefore,
              let keys = state.pointee.frames.top.pointee.handler.takeUnretainedValue().mappedKeys,
              keys.count < count else { return .all }
        return .mappedKeys(keys)
    }

    /// The innermost frame (the session has one while it decodes).
    var topFrame: UnsafeMutablePointer<Frame> { state.pointee.frames.top }

    // MARK: Errors

    /// The JSON path of the value being decoded, e.g. `statuses[3].user.id`.
    func currentPath(appending last: PathComponent? = nil) -> String {
        var path = JSONPathText()
        func add(_ component: PathComponent) {
            switch component {
            case .key(let key): path.append(key: key)
            case .index(let index): path.append(index: index)
            case .declaredKey(let text): path.append(path: text)
            }
        }
        let frames = state.pointee.frames
        for i in 0..<frames.count - (state.pointee.isTakingChild ? 1 : 0) {
            if let component = frames[i].pointee.handler.takeUnretainedValue().pathComponent(of: frames[i]) { add(component) }
        }
        if let last { add(last) }
        return path.text
    }

    /// Reports a value that could not become `expected`: throws, or records and returns so
    /// the caller leaves the destination as it was, as the policy says (in either coercion mode:
    /// strictness decides what converts, the policy what happens to what does not).
    func coercionFailed(_ failure: CoercionFailure, expected: String, found event: ScalarEvent) throws(JSONMapperError) {
        let error: JSONMapperError = switch failure {
        case .mismatch: .typeMismatch(path: currentPath(), expected: expected, found: event.kindDescription)
        case .invalid(let reason): .invalidValue(path: currentPath(), reason: reason)
        }
        try report(error)
    }

    /// A container where `expected` cannot come from one: reports it, then skips the container.
    func containerMismatch(expected: String, isObject: Bool) throws(JSONMapperError) {
        try report(.typeMismatch(path: currentPath(), expected: expected, found: isObject ? "an object" : "an array"))
        skipValue()
    }

    /// Reports an error thrown by a user hook or transformer at the current path: an
    /// ``JSONMapperError/invalidValue(path:reason:location:)`` keeps its reason, other mapping errors
    /// stand as thrown, any other error becomes an invalid value described by `what`.
    func reportHookError(_ error: any Error, from what: String) throws(JSONMapperError) {
        switch error as? JSONMapperError {
        case .invalidValue(_, let reason, _)?: try report(.invalidValue(path: currentPath(), reason: reason))
        case let mapping?: try report(mapping)
        case nil: try report(.invalidValue(path: currentPath(), reason: "\(what): \(error)"))
        }
    }

    /// Applies the invalid-value policy to an error.
    func report(_ error: JSONMapperError) throws(JSONMapperError) {
        switch options.invalidValuePolicy {
        case .throw: throw located(error)
        case .skip: break
        case .collect: issues.append(located(error))
        }
    }

    /// The error with the location of the current event's value, when the events come from
    /// bytes (computed here, only for an error that is kept).
    private func located(_ error: JSONMapperError) -> JSONMapperError {
        error.located(at: parser?.locationOfCurrentValue())
    }

    // MARK: Events

    override func null() -> Bool { scalar(.null) }
    override func bool(_ value: Bool) -> Bool { scalar(.bool(value)) }
    override func number(_ text: JSONBytes) -> Bool { scalar(.number(text)) }
    override func string(_ text: JSONBytes) -> Bool { scalar(.string(text)) }

    /// The `String` a tree's string or key event was made from, while that event is routed
    /// (nil for events from bytes): a codec that keeps the text whole takes this value instead
    /// of copying the borrowed bytes into a new `String`, which is most of the cost of a
    /// string-heavy decode from a tree.
    var sourceString: String? { state.pointee.sourceString?.pointee }

    /// Routes a tree's string, or a key when `isKey`, as the event over its UTF-8 bytes, with
    /// the `String` itself available as ``sourceString`` meanwhile.
    func emit(treeString: String, isKey: Bool) -> Bool {
        withUnsafePointer(to: treeString) { source in
            state.pointee.sourceString = source
            defer { state.pointee.sourceString = nil }
            return withUTF8(treeString) { isKey ? key($0) : string($0) }
        }
    }
    override func beginObject() -> Bool { begin(isObject: true) }
    override func beginArray() -> Bool { begin(isObject: false) }
    override func endObject() -> Bool { end() }
    override func endArray() -> Bool { end() }

    override func key(_ text: JSONBytes) -> Bool {
        if state.pointee.skipDepth > 0 { return true }
        if state.pointee.capture != nil { state.pointee.capture!.builder.key(text); return true }
        do throws(JSONMapperError) {
            let top = state.pointee.frames.top
            try top.pointee.handler.guaranteed { (handler) throws(JSONMapperError) in try handler.key(text, in: top, self) }
        } catch {
            return fail(error)
        }
        return true
    }

    func scalar(_ event: ScalarEvent) -> Bool {
        if state.pointee.skipDepth > 0 { return true }
        if state.pointee.capture != nil { state.pointee.capture!.builder.scalar(event); return true }
        do throws(JSONMapperError) {
            let top = state.pointee.frames.top
            try top.pointee.handler.guaranteed { (handler) throws(JSONMapperError) in try handler.scalar(event, in: top, self) }
        } catch {
            return fail(error)
        }
        return true
    }

    private func begin(isObject: Bool) -> Bool {
        defer { routeKeys() }
        state.pointee.depth += 1
        if state.pointee.skipDepth > 0 {
            state.pointee.skipDepth += 1
        } else if state.pointee.capture != nil {
            state.pointee.capture!.builder.begin(isObject: isObject)
            state.pointee.captureDepth += 1
            if state.pointee.captureDepth > JSONValue.maximumDepth {
                return fail(.depthLimitExceeded(path: pathOfInnermostContainer()))
            }
        } else {
            do throws(JSONMapperError) {
                let top = state.pointee.frames.top
                try top.pointee.handler.guaranteed { (handler) throws(JSONMapperError) in
                    try handler.beginChild(isObject: isObject, in: top, self)
                }
            } catch {
                return fail(error)
            }
        }
        // Checked once the container is entered, so the path names it (`grid[0][0]`).
        if state.pointee.depth > options.maxDepth {
            return fail(.depthLimitExceeded(path: pathOfInnermostContainer()))
        }
        return true
    }

    /// The path of the container just entered. Inside a value being skipped or captured the
    /// frames do not follow the document, so the parser reads the path back from the bytes
    /// when it still has them all (a whole document); otherwise the frames' path stands.
    private func pathOfInnermostContainer() -> String {
        guard isSkipping || state.pointee.capture != nil, let path = parser?.pathOfInnermostContainer() else { return currentPath() }
        return path
    }

    private func end() -> Bool {
        defer { routeKeys() }
        state.pointee.depth -= 1
        if state.pointee.skipDepth > 0 { state.pointee.skipDepth -= 1; return true }
        if state.pointee.capture != nil {
            state.pointee.capture!.builder.end()
            state.pointee.captureDepth -= 1
            if let value = state.pointee.capture!.builder.result {
                let completion = state.pointee.capture!.completion
                state.pointee.capture = nil
                do throws(JSONMapperError) { try completion(value) } catch { return fail(error) }
            }
            return true
        }
        do throws(JSONMapperError) { try closeTopFrame() } catch { return fail(error) }
        return true
    }

    /// Closes a frame that a codec pushed without a container of its own (a family member's),
    /// handing its value to the frame below as if its container had ended.
    func closeFrame() throws(JSONMapperError) {
        defer { routeKeys() }
        try closeTopFrame()
    }

    /// Ends the top frame's container and hands its value to the frame below.
    private func closeTopFrame() throws(JSONMapperError) {
        let frames = state.pointer(to: \.frames)!
        let child = frames.pointee.top
        try child.pointee.handler.guaranteed { (handler) throws(JSONMapperError) in try handler.end(child, self) }
        let parent = frames.pointee[frames.pointee.count - 2]
        if child.pointee.isRejected {
            // Reported already; the value goes nowhere.
            parent.pointee.pending = nil
            child.pointee.owner?.destroy(child.pointee.storage, self)
        } else {
            state.pointee.isTakingChild = true
            defer { state.pointee.isTakingChild = false }
            do throws(JSONMapperError) {
                try parent.pointee.handler.guaranteed { (handler) throws(JSONMapperError) in
                    try handler.childEnded(child, in: parent, self)
                }
            } catch {
                // A parent fails only inside its codec's `take`, which has moved the value
                // out of the child's storage first (a transformer that throws on the value
                // it was given): unwinding must not destroy it a second time.
                child.pointee.owner = nil
                throw error
            }
        }
        let mark = child.pointee.arenaMark
        frames.pointee.pop()
        state.pointee.arena.reset(to: mark)
    }

    /// Points the parser's C key callback at the innermost frame's key route, or at none: keys
    /// reach Swift while a value is skipped or captured here, and for handlers without a route.
    /// Called wherever the innermost frame, the skipping or the capture changes.
    ///
    /// The route writes a key's entry, an unretained `MapperEntry` or null, straight into the
    /// frame's ``Frame/entry``, which is laid out as one nullable pointer. That address stays
    /// valid while the frame is the innermost (``FrameStack`` never moves a frame), and only the
    /// innermost frame's entry is ever given to the parser.
    private func routeKeys() {
        guard state.pointee.frames.count > 0, state.pointee.skipDepth == 0, state.pointee.capture == nil,
              let route = state.pointee.frames.top.pointee.handler._withUnsafeGuaranteedRef({ $0.keyRoute }) else {
            return stopRoutingKeys()
        }
        routeKeys(route, entry: UnsafeMutableRawPointer(state.pointee.frames.top.pointer(to: \.entry)!),
                  depthAllowance: options.maxDepth - state.pointee.depth)
    }

    private func fail(_ error: JSONMapperError) -> Bool {
        // A depth-limit error stops at once: it guards resources, whatever follows. Like a
        // syntax error it is about the document, so it wins over a mapping error met earlier
        // (whose value was skipped so that the rest of the document would still be read).
        if case .depthLimitExceeded = error {
            failure = located(error)
            return false
        }
        if failure == nil { failure = located(error) }
        guard checksWholeDocument else { return false }
        // Skip everything from here on: no frame is popped again, nothing more is decoded.
        state.pointee.capture = nil
        state.pointee.skipDepth = Int.max / 2
        routeKeys()
        return true
    }

    /// Makes the session ready to decode another document, keeping the memory it has grown
    /// (arena blocks, frame blocks, spare element buffers): a record stream decodes every
    /// record of a worker through one session.
    func prepareForNextDocument() {
        unwind()
        state.pointee.depth = 0
        state.pointee.arena.reset(to: Arena.Mark.start)
        issues.removeAll(keepingCapacity: true)
        failure = nil
        stoppedAtLongString = false
        stoppedAtLongNumber = false
    }

    /// Releases values of frames abandoned by an error, innermost first.
    func unwind() {
        while state.pointee.frames.count > 0 {
            let top = state.pointee.frames.top
            if let owner = top.pointee.owner { owner.destroy(top.pointee.storage, self) }
            state.pointee.frames.pop()
        }
        state.pointee.skipDepth = 0
        state.pointee.capture = nil
        state.pointee.capturedObjects = []
        routeKeys()
    }
}
