/// Reads the events of a model's object, or of an object or array a key path passes through,
/// and routes each value to the properties its key binds (the dictionary-driven walk:
/// key → mapper entry → binding chain → typed setter). The codec side of the model's key
/// tree: one handler per level, attached by ``ObjectHandler/attachHandlers(to:)``.
///
/// Frames of key-path levels share the model frame's storage and state bytes.
class KeyTreeHandler: _JSONFrameHandler {
    /// The model this handler's frames fill, unretained: the meta owns the key tree, which
    /// owns its handlers.
    unowned(unsafe) let meta: ModelMeta

    init(meta: ModelMeta, keyRoute: KeyRoute.Handle? = nil) {
        self.meta = meta
        super.init(keyRoute: keyRoute)
    }

    /// Sets every property bound to `entry` from a scalar, honoring key priority.
    @inline(__always)
    final func assign(_ event: ScalarEvent, entry: Unmanaged<MapperEntry>, in frame: UnsafeMutablePointer<Frame>,
                      _ session: DecodingSession) throws(JSONMapperError) {
        let links = entry._withUnsafeGuaranteedRef { $0.links }
        let model = frame.pointee.storage.modelMemory
        for link in links {
            if let state = frame.pointee.state {
                guard link.priority <= state[link.stateIndex] else { continue }
                if try link.property.guaranteed({ (property) throws(JSONMapperError) in try property.assign(event, model: model, session) }) {
                    state[link.stateIndex] = link.priority
                }
            } else {
                _ = try link.property.guaranteed { (property) throws(JSONMapperError) in try property.assign(event, model: model, session) }
            }
        }
    }

    /// The checks at the end of a model's own container: required keys, then the did-map hook.
    final func finishModel(_ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        if let state = frame.pointee.state {
            for index in meta.presentIndices(session.options) where state[index] == PropertyState.unset {
                try session.report(.keyNotFound(path: session.currentPath(appending: .declaredKey(meta.properties[index].name))))
            }
        }
        if let didMap = meta.hooks.didMap, frame.pointee.capturedObject >= 0 {
            let object = session.takeCapturedObject(at: frame.pointee.capturedObject)
            do {
                try didMap(frame.pointee.storage.modelMemory, object)
            } catch {
                try session.reportHookError(error, from: "\(meta.typeName).didMap")
                frame.pointee.isRejected = true
            }
        }
    }

    /// Starts a container value under `entry`: one handler decodes it directly, several
    /// share it through a ``FanOut``, none skip it.
    final func begin(isObject: Bool, entry unretained: Unmanaged<MapperEntry>?, in frame: UnsafeMutablePointer<Frame>,
                     _ session: DecodingSession) throws(JSONMapperError) {
        frame.pointee.pending = nil
        guard let unretained else { session.skipValue(); return }
        let (links, path) = unretained._withUnsafeGuaranteedRef { entry in
            (UnsafeBufferPointer(entry.links), isObject ? entry.objectHandler : entry.arrayHandler)
        }
        var eligibleCount = 0
        var single: UnsafePointer<MapperEntry.Link>?
        for i in links.indices where isEligible(links[i], frame) {
            eligibleCount += 1
            single = links.baseAddress! + i
        }
        switch (eligibleCount, path) {
        case (0, nil):
            session.skipValue()
        case (1, nil):
            frame.pointee.pending = single
            try single!.pointee.property.guaranteed { (property) throws(JSONMapperError) in
                try property.begin(isObject: isObject, session)
            }
        case (0, let path?):
            session.pushBorrowed(handler: path, storage: frame.pointee.storage, state: frame.pointee.state)
        default:
            var targets: [FanOut.Target] = links.indices.compactMap { i in
                isEligible(links[i], frame) ? .property(links.baseAddress! + i) : nil
            }
            if let path { targets.append(.path(path)) }
            FanOut.start(isObject: isObject, to: targets, session)
        }
    }

    /// A binding may set its property unless a key of higher priority already has.
    @inline(__always)
    private func isEligible(_ link: MapperEntry.Link, _ frame: UnsafeMutablePointer<Frame>) -> Bool {
        guard let state = frame.pointee.state else { return true }
        return link.priority <= state[link.stateIndex]
    }

    override final func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>,
                                   _ session: DecodingSession) throws(JSONMapperError) {
        // Key-path frames wrote into the model directly; only a property's own value is taken.
        guard let link = frame.pointee.pending else { return }
        frame.pointee.pending = nil
        let model = frame.pointee.storage.modelMemory
        try link.pointee.property.guaranteed { (property) throws(JSONMapperError) in
            try property.commit(child.pointee.storage, model: model, session)
        }
        if let state = frame.pointee.state {
            state[link.pointee.stateIndex] = link.pointee.priority
        }
    }
}

/// The handler of a model's object (`isRoot`) or of an object a key path passes through.
final class ObjectHandler: KeyTreeHandler {
    /// The keys of the table, for property-driven walks of an object (``MemberWalk``).
    let keyList: [String]
    private let isRoot: Bool
    /// Whether the end of the object has work to do: required keys to check or a did-map hook
    /// to run (checked first, so most objects end without touching the meta), by default and
    /// under ``DecodingOptions/requiresNonOptionalKeys``.
    private let checksAtEnd: Bool
    private let checksAtEndRequiringKeys: Bool
    /// The node's keys, frozen, in C: the parser's key callback finds a key's mapper entry there,
    /// and so does ``key(_:in:_:)`` for the keys that come to Swift.
    private let route: KeyRoute

    init(meta: ModelMeta, node: PathNode, isRoot: Bool) {
        let keysAndValues = node.keys.keysAndValues
        self.keyList = keysAndValues.map(\.key)
        self.isRoot = isRoot
        self.checksAtEnd = isRoot && meta.checksAtEnd
        self.checksAtEndRequiringKeys = isRoot && meta.checksAtEndRequiringKeys
        // The node's table keeps its entries alive, and the meta keeps the node and this handler.
        route = KeyRoute(keysAndValues.map { ($0.key, Unmanaged.passUnretained($0.value).toOpaque()) })
        super.init(meta: meta, keyRoute: route.handle)
    }

    override func key(_ text: JSONBytes, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        let entry = route.value(for: text).map { Unmanaged<MapperEntry>.fromOpaque($0) }
        frame.pointee.entry = entry
        if entry == nil { session.skipValueOfKey() }
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        // A key no property maps: its scalar is dropped without being looked at.
        guard let entry = frame.pointee.entry else { return }
        try assign(event, entry: entry, in: frame, session)
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try begin(isObject: isObject, entry: frame.pointee.entry, in: frame, session)
    }

    override func end(_ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        guard checksAtEnd || (checksAtEndRequiringKeys && session.options.requiresNonOptionalKeys) else { return }
        frame.pointee.entry = nil
        try finishModel(frame, session)
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.entry.map { .key($0.takeUnretainedValue().name) }
    }

    override var mappedKeys: [String]? { keyList }

    /// Gives every level of a meta's key tree the handler that reads its events, then lets
    /// each entry keep the handlers below it unretained. Called once, by the model's codec.
    static func attachHandlers(to meta: ModelMeta) {
        attach(meta.root, meta: meta, isRoot: true)
        if let positions = meta.rootArray {
            positions.handler = ArrayPathHandler(meta: meta, node: positions, isRoot: true)
            for case let element? in positions.elements { attach(below: element, meta: meta) }
        }
    }

    private static func attach(_ node: PathNode, meta: ModelMeta, isRoot: Bool) {
        node.handler = ObjectHandler(meta: meta, node: node, isRoot: isRoot)
        for (_, entry) in node.keys.keysAndValues { attach(below: entry, meta: meta) }
    }

    private static func attach(below entry: MapperEntry, meta: ModelMeta) {
        if let object = entry.object { attach(object, meta: meta, isRoot: false) }
        if let array = entry.array {
            array.handler = ArrayPathHandler(meta: meta, node: array)
            for case let element? in array.elements { attach(below: element, meta: meta) }
        }
        entry.attachHandlers()
    }
}

/// The handler of an array a key path indexes into (`"urls[0].expanded"`), or (`isRoot`) of
/// the array a positional model is read from (`"[0]"`): elements at mapped positions are
/// routed, the others skipped.
final class ArrayPathHandler: KeyTreeHandler {
    /// The level read, unretained: the node owns its handler, and a reference back would keep
    /// both alive after their meta goes.
    private unowned(unsafe) let node: ArrayPathNode
    /// Whether the end of the array ends a model with work to do (see ``ObjectHandler``).
    private let checksAtEnd: Bool
    private let checksAtEndRequiringKeys: Bool

    init(meta: ModelMeta, node: ArrayPathNode, isRoot: Bool = false) {
        self.node = node
        self.checksAtEnd = isRoot && meta.checksAtEnd
        self.checksAtEndRequiringKeys = isRoot && meta.checksAtEndRequiringKeys
        super.init(meta: meta)
    }

    @inline(__always)
    private func nextEntry(_ frame: UnsafeMutablePointer<Frame>) -> Unmanaged<MapperEntry>? {
        let entry = node.element(frame.pointee.index).map { Unmanaged.passUnretained($0) }
        frame.pointee.index += 1
        frame.pointee.entry = entry
        return entry
    }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        guard let entry = nextEntry(frame) else { return }
        try assign(event, entry: entry, in: frame, session)
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try begin(isObject: isObject, entry: nextEntry(frame), in: frame, session)
    }

    override func end(_ frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        guard checksAtEnd || (checksAtEndRequiringKeys && session.options.requiresNonOptionalKeys) else { return }
        // The path of a missing position names the model's array, not its last element.
        frame.pointee.index = 0
        try finishModel(frame, session)
    }

    override func pathComponent(of frame: UnsafePointer<Frame>) -> PathComponent? {
        frame.pointee.index > 0 ? .index(frame.pointee.index - 1) : nil
    }
}
