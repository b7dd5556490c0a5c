/// A model's codec seen without its model type: what a ``FamilyCodec`` needs of the codec of
/// the type it chose for an object.
protocol CapturedModelDecoding: _JSONFrameHandler {
    /// Decodes a captured object in the session: pushes the model's frame (above the caller's)
    /// and emits the object's members into it, as for an object met while parsing.
    func decode(captured object: JSONValue, _ session: DecodingSession) throws(JSONMapperError)
    /// Moves the model out of the storage of a finished frame this codec pushed.
    func moveModel(from storage: FrameStorage) -> any JSONMappable
}

/// Decodes JSON objects into a ``JSONMappable`` model through its compiled ``ModelMeta``.
final class ModelCodec<Model: JSONMappable>: ValueCodec<Model>, CapturedModelDecoding {
    /// The type that builds instances: `Model`, or the subclass a polymorphic base chose.
    private let type: Model.Type
    /// Set by the registry right after the codec is registered, before any other thread can
    /// see it (the registry's lock orders the write before every read).
    var meta: ModelMeta! {
        didSet {
            ObjectHandler.attachHandlers(to: meta)
            rootConsumer = .passUnretained(meta.root.handler!)
            arrayConsumer = meta.rootArray.map { .passUnretained($0.handler!) }
            readsObjects = meta.readsObjects
            stateCount = meta.stateCount
            stateCountRequiringKeys = meta.stateCountRequiringKeys
        }
    }
    /// From the meta, kept here so a push reads no more than the codec.
    private var rootConsumer: Unmanaged<_JSONFrameHandler>!
    /// The handler of the model's array, for a model with positional keys (`"[0]"`).
    private var arrayConsumer: Unmanaged<_JSONFrameHandler>?
    private var readsObjects = true
    private var stateCount = 0
    private var stateCountRequiringKeys = 0

    init(type: Model.Type) {
        self.type = type
    }

    override var expected: String { "\(shape) (\(Model.self))" }

    /// The containers the model is read from.
    private var shape: String {
        switch (readsObjects, arrayConsumer != nil) {
        case (true, false): "an object"
        case (false, _): "an array"
        case (true, true): "an object or an array"
        }
    }

    /// The handler of a container of this kind, or `nil` when the model cannot come from one.
    private func handler(isObject: Bool) -> Unmanaged<_JSONFrameHandler>? {
        isObject ? (readsObjects ? rootConsumer : nil) : arrayConsumer
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard let handler = handler(isObject: isObject) else {
            return try containerMismatch(isObject: isObject, session)
        }
        guard meta.hooks.needsObject else { return pushFrame(session, handler: handler, object: nil) }
        // Hooks need the whole object: capture it, then map it from the capture.
        session.capture(isObject: isObject) { (object) throws(JSONMapperError) in
            try self.decode(captured: object, session)
        }
    }

    /// Reports a container the model is not read from, or, for an invalid mapping (which reads
    /// no container), throws why the mapping is invalid: a mistake in the program, which no
    /// invalid-value policy skips.
    private func containerMismatch(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        if let invalid = meta.invalidMapping { throw invalid }
        try session.containerMismatch(expected: expected, isObject: isObject)
    }

    /// Pushes the frame that maps a container into a new instance.
    private func pushFrame(_ session: DecodingSession, handler: Unmanaged<_JSONFrameHandler>, object: JSONValue?) {
        let stateBytes = session.options.requiresNonOptionalKeys ? stateCountRequiringKeys : stateCount
        let frame = session.pushOwned(type.init(), handler: handler, owner: self, stateBytes: stateBytes)
        if let object { frame.pointee.capturedObject = session.keepCapturedObject(object) }
    }

    /// The object after the will-map hook, or `nil` when the hook rejected it (reported).
    private func applyingWillMap(to object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) -> JSONValue? {
        guard let willMap = meta.hooks.willMap else { return object }
        do {
            guard let replacement = try willMap(object) else {
                try session.report(.invalidValue(path: session.currentPath(), reason: "\(type).willMap rejected the object"))
                return nil
            }
            let isContainer = replacement.object != nil || replacement.array != nil
            guard isContainer, handler(isObject: replacement.object != nil) != nil else {
                try session.report(.invalidValue(path: session.currentPath(), reason: "\(type).willMap returned a value that is not \(shape)"))
                return nil
            }
            return replacement
        } catch {
            try session.reportHookError(error, from: "\(type).willMap")
            return nil
        }
    }

    /// Runs the will-map and type-choice hooks on a captured object, then maps it.
    func decode(captured object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) {
        guard let object = try applyingWillMap(to: object, session) else { return }
        var codec = self
        if let choose = meta.hooks.chooseType {
            let chosen = choose(object)
            guard let concrete = chosen as? Model.Type else {
                let error = ModelHooks.TypeChoiceError(chooser: meta.hooks.chooser ?? type, chosen: chosen, decoded: Model.self)
                return try session.report(.invalidValue(path: session.currentPath(), reason: error.reason))
            }
            codec = ModelRegistry.shared.codec(for: concrete, choosingType: false)
        }
        guard let handler = codec.handler(isObject: object.object != nil) else {
            return try codec.containerMismatch(isObject: object.object != nil, session)
        }
        try session.emitContainer(object) { () throws(JSONMapperError) in
            session.enterContainer()
            codec.pushFrame(session, handler: handler, object: codec.meta.hooks.didMap == nil ? nil : object)
        }
    }

    /// Starts decoding the object into an existing instance (``JSONMappable/update(fromJSON:options:)``).
    /// An update sets what the JSON holds, so its required keys are not required: their state
    /// starts as "present" (below every key's priority, so fallbacks still choose normally).
    /// The hooks run as for decoding (no type choice: the instance exists).
    func beginUpdating(_ storage: UnsafeMutablePointer<Model>, isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard let handler = handler(isObject: isObject) else {
            if let invalid = meta.invalidMapping { throw invalid }
            throw .typeMismatch(path: "", expected: expected, found: isObject ? "an object" : "an array")
        }
        guard meta.hooks.needsObject else { return pushUpdateFrame(storage, handler: handler, session, object: nil) }
        session.capture(isObject: isObject) { (object) throws(JSONMapperError) in
            guard let object = try self.applyingWillMap(to: object, session) else { return }
            guard let handler = self.handler(isObject: object.object != nil) else {
                return try self.containerMismatch(isObject: object.object != nil, session)
            }
            try session.emitContainer(object) { () throws(JSONMapperError) in
                session.enterContainer()
                self.pushUpdateFrame(storage, handler: handler, session, object: self.meta.hooks.didMap == nil ? nil : object)
            }
        }
    }

    private func pushUpdateFrame(_ storage: UnsafeMutablePointer<Model>, handler: Unmanaged<_JSONFrameHandler>,
                                 _ session: DecodingSession, object: JSONValue?) {
        let state = session.makeState(count: meta.stateCount)
        state?.update(repeating: PropertyState.presentBeforeUpdate, count: meta.stateCount)
        let frame = session.pushBorrowed(handler: handler, storage: FrameStorage(storage), state: state)
        if let object { frame.pointee.capturedObject = session.keepCapturedObject(object) }
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Model>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.pointer(to: Model.self), count: 1)
        return true
    }

    override func take(_ storage: FrameStorage, assigning destination: UnsafeMutablePointer<Model>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.pointee = storage.pointer(to: Model.self).move()
        return true
    }

    override func destroy(_ storage: FrameStorage, _ session: DecodingSession) {
        storage.pointer(to: Model.self).deinitialize(count: 1)
    }

    func moveModel(from storage: FrameStorage) -> any JSONMappable {
        storage.pointer(to: Model.self).move()
    }

    /// Writes the model through its mapping; an instance of a subclass is written with the
    /// subclass's mapping.
    override func write(_ value: Model, to writer: inout JSONWriter) throws(JSONMapperError) {
        if writer.needsFreshStack {
            return try writer.onFreshStack { (writer) throws(JSONMapperError) in try write(value, to: &writer) }
        }
        writer.modelsOnStack += 1
        defer { writer.modelsOnStack -= 1 }
        let dynamicType = Swift.type(of: value)
        let written = dynamicType == type ? meta! : ModelRegistry.shared.codec(for: dynamicType, choosingType: false).meta!
        if written.isInvalid, let invalid = written.invalidMapping { throw invalid }
        let hook = written.hooks.willEncode
        // Borrowed, not copied (a copy would retain every field); the plan only reads it.
        try withUnsafePointer(to: value) { (model) throws(JSONMapperError) in
            let storage = UnsafeMutableRawPointer(mutating: model)
            guard let hook else { return try ModelEncoding.write(written, model: storage, to: &writer) }
            // The hook sees the object as a tree, so it is written there first.
            var scratch = JSONWriter(options: EncodingOptions(omitsNilProperties: writer.options.omitsNilProperties,
                                                              dateStrategy: writer.options.dateStrategy,
                                                              nonFiniteStrategy: writer.options.nonFiniteStrategy,
                                                              keyStrategy: writer.options.keyStrategy))
            scratch.modelsOnStack = writer.modelsOnStack
            try ModelEncoding.write(written, model: storage, to: &scratch)
            let object = try JSONValue(parsing: scratch.bytes)
            let replacement: JSONValue?
            do {
                replacement = try hook(storage, object)
            } catch let error as JSONMapperError {
                throw error
            } catch {
                throw .invalidValue(path: "", reason: "\(dynamicType).willEncode: \(error)")
            }
            guard let replacement else { throw .invalidValue(path: "", reason: "\(dynamicType).willEncode refused the model") }
            writer.write(replacement)
        }
    }
}

/// The bottom frame of ``JSONMappable/update(fromJSON:options:)-(Data,_)``: the top-level
/// object is decoded into the caller's existing instance.
final class UpdateRootHandler<Model: JSONMappable>: _JSONFrameHandler {
    private let codec: ModelCodec<Model>

    init(codec: ModelCodec<Model>) { self.codec = codec }

    override func scalar(_ event: ScalarEvent, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        throw .typeMismatch(path: "", expected: codec.expected, found: event.kindDescription)
    }

    override func beginChild(isObject: Bool, in frame: UnsafeMutablePointer<Frame>, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.beginUpdating(frame.pointee.storage.pointer(to: Model.self), isObject: isObject, session)
    }
}

extension JSONMappable {
    /// The model's codec, compiled once per type. An implementation detail: do not call it.
    public static var _jsonCodec: _JSONFrameHandler { ModelRegistry.shared.codec(for: Self.self) }
}
