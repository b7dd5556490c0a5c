/// Decodes JSON objects into a ``JSONMappable`` model through its compiled ``ModelMeta``.
final class ModelReader<Model: JSONMappable>: ValueReader<Model>, @unchecked Sendable {
    /// The type that builds instances: `Model`, or the subclass a polymorphic base chose.
    private let type: Model.Type
    /// Set by the registry right after the reader is registered, before any other thread can
    /// see it (the registry's lock orders the write before every read).
    var meta: ModelMeta! {
        didSet {
            rootConsumer = .passUnretained(meta.root.consumer)
            arrayConsumer = meta.rootArray.map { .passUnretained($0.consumer) }
            readsObjects = meta.readsObjects
            stateCount = meta.stateCount
        }
    }
    /// From the meta, kept here so a push reads no more than the reader.
    private var rootConsumer: Unmanaged<_JSONReader>!
    /// The consumer of the model's array, for a model with positional keys (`"[0]"`).
    private var arrayConsumer: Unmanaged<_JSONReader>?
    private var readsObjects = true
    private var stateCount = 0

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

    /// The consumer of a container of this kind, or `nil` when the model cannot come from one.
    private func consumer(isObject: Bool) -> Unmanaged<_JSONReader>? {
        isObject ? (readsObjects ? rootConsumer : nil) : arrayConsumer
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard let consumer = consumer(isObject: isObject) else {
            return try session.containerMismatch(expected: expected, isObject: isObject)
        }
        guard meta.hooks.needsObject else { return pushFrame(session, consumer: consumer, object: nil) }
        // Hooks need the whole object: capture it, then map it from the capture.
        session.capture(isObject: isObject) { (object) throws(JSONMapperError) in
            try self.decode(captured: object, session)
        }
    }

    /// Pushes the frame that maps a container into a new instance.
    private func pushFrame(_ session: DecodingSession, consumer: Unmanaged<_JSONReader>, object: JSONValue?) {
        let frame = session.pushOwned(type.init(), consumer: consumer, owner: self, stateBytes: stateCount)
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
            guard isContainer, consumer(isObject: replacement.object != nil) != nil else {
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
    private func decode(captured object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) {
        guard let object = try applyingWillMap(to: object, session) else { return }
        var reader = self
        if let choose = meta.hooks.chooseReader {
            switch choose(object) {
            case .success(let chosen):
                // The registry made it for a `Model.Type`, so it is a ModelReader<Model>.
                reader = unsafeDowncast(chosen, to: ModelReader<Model>.self)
            case .failure(let error):
                return try session.report(.invalidValue(path: session.currentPath(),
                                                        reason: "\(type).mappedType chose \(error.chosen), which is not a \(Model.self)"))
            }
        }
        guard let consumer = reader.consumer(isObject: object.object != nil) else {
            return try session.containerMismatch(expected: reader.expected, isObject: object.object != nil)
        }
        try session.emitContainer(object) { () throws(JSONMapperError) in
            session.enterContainer()
            reader.pushFrame(session, consumer: consumer, object: reader.meta.hooks.didMap == nil ? nil : object)
        }
    }

    /// Starts decoding the object into an existing instance (``JSONMappable/update(fromJSON:options:)``).
    /// An update sets what the JSON holds, so its required keys are not required: their state
    /// starts as "present" (below every key's priority, so fallbacks still choose normally).
    /// The hooks run as for decoding (no type choice: the instance exists).
    func beginUpdating(_ storage: UnsafeMutablePointer<Model>, isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard let consumer = consumer(isObject: isObject) else {
            throw .typeMismatch(path: "", expected: expected, found: isObject ? "an object" : "an array")
        }
        guard meta.hooks.needsObject else { return pushUpdateFrame(storage, consumer: consumer, session, object: nil) }
        session.capture(isObject: isObject) { (object) throws(JSONMapperError) in
            guard let object = try self.applyingWillMap(to: object, session) else { return }
            guard let consumer = self.consumer(isObject: object.object != nil) else {
                return try session.containerMismatch(expected: self.expected, isObject: object.object != nil)
            }
            try session.emitContainer(object) { () throws(JSONMapperError) in
                session.enterContainer()
                self.pushUpdateFrame(storage, consumer: consumer, session, object: self.meta.hooks.didMap == nil ? nil : object)
            }
        }
    }

    private func pushUpdateFrame(_ storage: UnsafeMutablePointer<Model>, consumer: Unmanaged<_JSONReader>,
                                 _ session: DecodingSession, object: JSONValue?) {
        let state = session.makeState(count: meta.stateCount)
        state?.update(repeating: PropertyState.presentBeforeUpdate, count: meta.stateCount)
        let frame = session.pushBorrowed(consumer: consumer, storage: UnsafeMutableRawPointer(storage), state: state)
        if let object { frame.pointee.capturedObject = session.keepCapturedObject(object) }
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Model>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.assumingMemoryBound(to: Model.self), count: 1)
        return true
    }

    override func take(_ storage: UnsafeMutableRawPointer, assigning destination: UnsafeMutablePointer<Model>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.pointee = storage.assumingMemoryBound(to: Model.self).move()
        return true
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        storage.assumingMemoryBound(to: Model.self).deinitialize(count: 1)
    }

    /// Writes the model through its mapping; an instance of a subclass is written with the
    /// subclass's mapping.
    override func write(_ value: Model, to writer: inout JSONWriter) throws(JSONMapperError) {
        let dynamicType = Swift.type(of: value)
        let plan = dynamicType == type ? meta.encodePlan
            : ModelRegistry.shared.reader(for: dynamicType, choosingType: false).meta.encodePlan
        let hook = dynamicType == type ? meta.hooks.willEncode
            : ModelRegistry.shared.reader(for: dynamicType, choosingType: false).meta.hooks.willEncode
        // Borrowed, not copied (a copy would retain every field); the plan only reads it.
        try withUnsafePointer(to: value) { (model) throws(JSONMapperError) in
            let storage = UnsafeMutableRawPointer(mutating: model)
            guard let hook else { return try plan.write(model: storage, to: &writer) }
            // The hook sees the object as a tree, so it is written there first.
            var scratch = JSONWriter(options: EncodingOptions(omitsNilProperties: writer.options.omitsNilProperties,
                                                              dateStrategy: writer.options.dateStrategy,
                                                              nonFiniteStrategy: writer.options.nonFiniteStrategy,
                                                              keyStrategy: writer.options.keyStrategy))
            try plan.write(model: storage, to: &scratch)
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
