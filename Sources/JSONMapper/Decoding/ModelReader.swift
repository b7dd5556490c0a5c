/// Decodes JSON objects into a ``JSONMappable`` model through its compiled ``ModelMeta``.
final class ModelReader<Model: JSONMappable>: ValueReader<Model>, @unchecked Sendable {
    /// Set by the registry right after the reader is registered, before any other thread can
    /// see it (the registry's lock orders the write before every read).
    var meta: ModelMeta!

    override var expected: String { "an object (\(Model.self))" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        session.pushOwned(Model(), consumer: meta.root.consumer, owner: self, stateBytes: meta.stateCount)
    }

    /// Starts decoding the object into an existing instance (``JSONMappable/update(fromJSON:options:)``).
    /// An update sets what the JSON holds, so its required keys are not required: their state
    /// starts as "present" (below every key's priority, so fallbacks still choose normally).
    func beginUpdating(_ storage: UnsafeMutablePointer<Model>, _ session: DecodingSession) {
        let state = session.makeState(count: meta.stateCount)
        state?.update(repeating: PropertyState.presentBeforeUpdate, count: meta.stateCount)
        session.pushBorrowed(consumer: meta.root.consumer, storage: UnsafeMutableRawPointer(storage), state: state)
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
}
