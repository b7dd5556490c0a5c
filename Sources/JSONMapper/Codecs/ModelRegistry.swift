import Foundation

/// The process-wide cache of compiled model codecs: each model type's mapping is compiled
/// once, on first use, and shared by every decode on every thread.
///
/// The lock is taken once per top-level decode (and while compiling), never per value.
/// It is recursive because compiling a model compiles the models its properties hold, and a
/// model that contains itself (`friends: [User]`) finds its own codec already registered.
// Sendable: `codecs` is read and written only under `lock`.
final class ModelRegistry: @unchecked Sendable {
    static let shared = ModelRegistry()

    private let lock = NSRecursiveLock()
    private var codecs: [Key: _JSONFrameHandler] = [:]

    /// A model type as decoded: its static type (what the storage holds), the dynamic type
    /// that builds instances (a subclass, for a polymorphic choice), and whether the type
    /// choice hook still has to run.
    private struct Key: Hashable {
        let staticType: ObjectIdentifier
        let dynamicType: ObjectIdentifier
        let choosesType: Bool
    }

    /// The codec for `type`, whose instances are stored as `Model`.
    /// - Parameter choosingType: Whether a ``JSONPolymorphic`` type still chooses its
    ///   concrete type (false once it has).
    func codec<Model: JSONMappable>(for type: Model.Type, choosingType: Bool = true) -> ModelCodec<Model> {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(staticType: ObjectIdentifier(Model.self), dynamicType: ObjectIdentifier(type), choosesType: choosingType)
        if let existing = codecs[key] {
            // Registered only by the branch below, always as ModelCodec<Model>.
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
