import Foundation

/// The process-wide cache of compiled model codecs: each model type's mapping is compiled
/// once, on first use, and shared by every decode on every thread.
///
/// A thread looks a codec up in its own copy of the cache first, without a lock; the shared
/// cache, behind the lock, is reached only the first time a thread meets a model type (and
/// while compiling). So the codecs a decode chooses per value (a family's member types, a
/// polymorphic class's subclasses) cost no lock, and threads do not contend for one.
/// The lock is recursive because compiling a model compiles the models its properties hold,
/// and a model that contains itself (`friends: [User]`) finds its own codec already registered.
// Sendable: `codecs` is read and written only under `lock`; each thread's codecs are its own.
final class ModelRegistry: @unchecked Sendable {
    static let shared = ModelRegistry()

    private let lock = NSRecursiveLock()
    private var codecs: [Key: _JSONFrameHandler] = [:]

    /// A model type as decoded: its static type (what the storage holds), the dynamic type
    /// that builds instances (a subclass, for a polymorphic choice), and whether the type
    /// choice hook still has to run.
    fileprivate struct Key: Hashable {
        let staticType: ObjectIdentifier
        let dynamicType: ObjectIdentifier
        let choosesType: Bool
    }

    /// The codec for `type`, whose instances are stored as `Model`.
    /// - Parameter choosingType: Whether a ``JSONPolymorphic`` type still chooses its
    ///   concrete type (false once it has).
    func codec<Model: JSONMappable>(for type: Model.Type, choosingType: Bool = true) -> ModelCodec<Model> {
        let key = Key(staticType: ObjectIdentifier(Model.self), dynamicType: ObjectIdentifier(type), choosesType: choosingType)
        let known = ThreadCodecs.current
        // Every entry under `key` is a ModelCodec<Model> (see `registeredCodec`).
        if let codec = known.codecs[key] { return unsafeDowncast(codec, to: ModelCodec<Model>.self) }
        let codec = registeredCodec(for: type, key: key, choosingType: choosingType)
        known.codecs[key] = codec
        known.lockedLookups += 1
        return codec
    }

    /// How many times the calling thread has looked a codec up under the lock: once per
    /// model type it met (for tests: nothing else reads it).
    var lockedLookupsOnThisThread: Int { ThreadCodecs.current.lockedLookups }

    /// The codec of `key` from the shared cache, compiled and registered on first use.
    private func registeredCodec<Model: JSONMappable>(for type: Model.Type, key: Key, choosingType: Bool) -> ModelCodec<Model> {
        lock.lock()
        defer { lock.unlock() }
        if let existing = codecs[key] {
            // Registered only by the lines below, always as ModelCodec<Model>.
            return unsafeDowncast(existing, to: ModelCodec<Model>.self)
        }
        let codec = ModelCodec<Model>(type: type)
        codecs[key] = codec
        var hooks = ModelHooks(for: type)
        if !choosingType { hooks.chooseType = nil }
        codec.meta = ModelMeta(for: type, rules: type.jsonMapping.activeRules, hooks: hooks)
        return codec
    }
}

/// The codecs one thread has taken from the registry's shared cache: its own copy, read and
/// written by that thread alone (thread-specific data), released when the thread exits.
///
/// A codec compiled on this thread may be put here before its meta is set (a model that
/// contains itself meets its own codec while compiling), but the same thread sets the meta
/// before it decodes anything with it.
private final class ThreadCodecs {
    var codecs: [ModelRegistry.Key: _JSONFrameHandler] = [:]
    var lockedLookups = 0

    /// The calling thread's codecs, made on its first lookup.
    static var current: ThreadCodecs {
        if let stored = pthread_getspecific(slot) { return Unmanaged<ThreadCodecs>.fromOpaque(stored).takeUnretainedValue() }
        let made = ThreadCodecs()
        let stored = Unmanaged.passRetained(made)
        // Without a slot (the process ran out of them), every lookup takes the lock.
        if pthread_setspecific(slot, stored.toOpaque()) != 0 { stored.release() }
        return made
    }

    /// The thread-specific slot; its destructor releases a thread's codecs when it exits.
    private static let slot: pthread_key_t = {
        var slot = pthread_key_t()
        pthread_key_create(&slot) { releaseThreadCodecs($0) }
        return slot
    }()
}

// The slot's destructor, for the two ways the C libraries declare it: the pointer is optional
// on Linux, not on Darwin.
private func releaseThreadCodecs(_ stored: UnsafeMutableRawPointer?) {
    stored.map { Unmanaged<ThreadCodecs>.fromOpaque($0).release() }
}

private func releaseThreadCodecs(_ stored: UnsafeMutableRawPointer) {
    Unmanaged<ThreadCodecs>.fromOpaque(stored).release()
}
