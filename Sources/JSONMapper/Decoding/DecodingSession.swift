/// One decode in progress: receives the parser's events and routes each to the reader of the
/// innermost open container (the top ``Frame``), keeping everything that reader needs:
/// the frame stack, the arena the values live in, skipping state and the options.
///
/// Hot path: an event costs a check of the skip counter, one virtual call on the top frame's
/// reader, and whatever that reader does; no lookups by type, no allocation per scalar.
final class DecodingSession: JSONEventSink {
    let options: DecodingOptions
    /// True for ``DecodingOptions/Coercion/strict``, read on every coercion.
    let isStrict: Bool
    private(set) var frames = FrameStack()
    var arena = Arena()
    /// Errors kept under ``DecodingOptions/InvalidValuePolicy/collect``.
    private(set) var issues: [JSONMapperError] = []

    /// Open containers, skipped ones included, for the depth limit.
    private var depth = 0
    /// Open containers inside a value being skipped (0 when not skipping).
    private var skipDepth = 0
    /// Set while a value is being recorded for several consumers (see ``FanOut``).
    private var recording: FanOut?

    init(options: DecodingOptions) {
        self.options = options
        self.isStrict = options.coercion == .strict
    }

    deinit {
        unwind()
        arena.release()
        frames.release()
    }

    // MARK: Frames

    /// Pushes a frame whose storage, a fresh `initialValue` in the arena, belongs to `owner`.
    @discardableResult
    func pushOwned<V>(_ initialValue: V, consumer: _JSONReader, owner: _JSONReader, stateBytes: Int = 0) -> UnsafeMutablePointer<Frame> {
        let mark = arena.mark
        let storage = arena.allocate(V.self)
        storage.initialize(to: initialValue)
        var state: UnsafeMutablePointer<UInt8>?
        if stateBytes > 0 {
            let bytes = arena.allocate(UInt8.self, count: stateBytes)
            bytes.initialize(repeating: PropertyState.unset, count: stateBytes)
            state = bytes
        }
        return frames.push(Frame(consumer: consumer, owner: owner, storage: UnsafeMutableRawPointer(storage),
                                 state: state, arenaMark: mark))
    }

    /// Pushes a frame over storage that someone else owns (a key-path frame over its model,
    /// or the caller's own value when updating).
    @discardableResult
    func pushBorrowed(consumer: _JSONReader, storage: UnsafeMutableRawPointer, state: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<Frame> {
        frames.push(Frame(consumer: consumer, owner: nil, storage: storage, state: state, arenaMark: arena.mark))
    }

    /// Per-property state bytes for a model frame over borrowed storage.
    func makeState(count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard count > 0 else { return nil }
        let bytes = arena.allocate(UInt8.self, count: count)
        bytes.initialize(repeating: PropertyState.unset, count: count)
        return bytes
    }

    /// Makes the session ignore the container that has just begun, with everything inside it.
    func skipValue() { skipDepth = 1 }

    /// Records the container that has just begun, then replays it to each target in turn.
    func fanOut(isObject: Bool, to targets: [FanOut.Target]) {
        recording = FanOut(isObject: isObject, targets: targets)
    }

    // MARK: Errors

    /// The JSON path of the value being decoded, e.g. `statuses[3].user.id`.
    func currentPath(appending last: PathComponent? = nil) -> String {
        var path = ""
        func add(_ component: PathComponent) {
            switch component {
            case .key(let key): path += path.isEmpty ? key : ".\(key)"
            case .index(let index): path += "[\(index)]"
            }
        }
        for i in 0..<frames.count {
            if let component = frames[i].pointee.consumer.pathComponent(of: frames[i]) { add(component) }
        }
        if let last { add(last) }
        return path
    }

    /// Reports a value that could not become `expected`: throws, or records and returns so
    /// the caller leaves the destination as it was, as the policy says. Strict mode always throws.
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

    /// `null` for a non-optional value: leaves it as it is when lenient, is a mismatch when strict.
    func nullForNonOptional(expected: String) throws(JSONMapperError) {
        if isStrict { try coercionFailed(.mismatch, expected: expected, found: .null) }
    }

    /// Applies the invalid-value policy to an error.
    func report(_ error: JSONMapperError) throws(JSONMapperError) {
        switch options.invalidValuePolicy {
        case .throw: throw error
        case .skip: if isStrict { throw error }
        case .collect: if isStrict { throw error } else { issues.append(error) }
        }
    }

    // MARK: Events

    override func null() -> Bool { scalar(.null) }
    override func bool(_ value: Bool) -> Bool { scalar(.bool(value)) }
    override func number(_ text: JSONBytes) -> Bool { scalar(.number(text)) }
    override func string(_ text: JSONBytes) -> Bool { scalar(.string(text)) }
    override func beginObject() -> Bool { begin(isObject: true) }
    override func beginArray() -> Bool { begin(isObject: false) }
    override func endObject() -> Bool { end() }
    override func endArray() -> Bool { end() }

    override func key(_ text: JSONBytes) -> Bool {
        if skipDepth > 0 { return true }
        if recording != nil { recording!.tape.append(key: text); return true }
        do throws(JSONMapperError) {
            let top = frames.top
            try top.pointee.consumer.key(text, in: top, self)
        } catch {
            return fail(error)
        }
        return true
    }

    private func scalar(_ event: ScalarEvent) -> Bool {
        if skipDepth > 0 { return true }
        if recording != nil { recording!.tape.append(event); return true }
        do throws(JSONMapperError) {
            let top = frames.top
            try top.pointee.consumer.scalar(event, in: top, self)
        } catch {
            return fail(error)
        }
        return true
    }

    private func begin(isObject: Bool) -> Bool {
        depth += 1
        if depth > options.maxDepth {
            return fail(.depthLimitExceeded(path: currentPath()))
        }
        if skipDepth > 0 { skipDepth += 1; return true }
        if recording != nil { recording!.tape.appendBegin(isObject: isObject); return true }
        do throws(JSONMapperError) {
            let top = frames.top
            try top.pointee.consumer.beginChild(isObject: isObject, in: top, self)
        } catch {
            return fail(error)
        }
        // A reader that chose to fan out has started recording: the tape opens with this begin.
        if recording != nil { recording!.tape.appendBegin(isObject: isObject) }
        return true
    }

    private func end() -> Bool {
        depth -= 1
        if skipDepth > 0 { skipDepth -= 1; return true }
        if recording != nil {
            recording!.tape.appendEnd()
            if recording!.tape.isBalanced {
                let finished = recording!
                recording = nil
                do throws(JSONMapperError) { try replay(finished) } catch { return fail(error) }
            }
            return true
        }
        do throws(JSONMapperError) { try closeTopFrame() } catch { return fail(error) }
        return true
    }

    /// Ends the top frame's container and hands its value to the frame below.
    private func closeTopFrame() throws(JSONMapperError) {
        let child = frames.top
        try child.pointee.consumer.end(child, self)
        let parent = frames[frames.count - 2]
        try parent.pointee.consumer.childEnded(child, in: parent, self)
        let mark = child.pointee.arenaMark
        frames.pop()
        arena.reset(to: mark)
    }

    /// Feeds a recorded container to each fan-out target as if it were the only consumer.
    private func replay(_ fanOut: FanOut) throws(JSONMapperError) {
        let parent = frames.top
        for target in fanOut.targets {
            depth += 1
            switch target {
            case .property(let binding):
                parent.pointee.pending = binding
                try binding.property.begin(isObject: fanOut.isObject, self)
            case .path(let consumer):
                pushBorrowed(consumer: consumer, storage: parent.pointee.storage, state: parent.pointee.state)
            }
            try fanOut.tape.replay(into: self, skippingFirst: true)
        }
    }

    private func fail(_ error: JSONMapperError) -> Bool {
        if failure == nil { failure = error }
        return false
    }

    /// Releases values of frames abandoned by an error, innermost first.
    func unwind() {
        while frames.count > 0 {
            let top = frames.top
            if let owner = top.pointee.owner { owner.destroy(top.pointee.storage) }
            frames.pop()
        }
    }

    /// Pops the bottom (root) frame after a successful parse.
    func popRoot() {
        frames.pop()
    }
}

/// Values of a model frame's per-property state bytes.
enum PropertyState {
    /// No key has set the property yet; otherwise the byte is the priority of the key that did.
    static let unset: UInt8 = .max
}
