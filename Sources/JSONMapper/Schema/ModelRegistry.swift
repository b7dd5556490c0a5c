import Foundation

/// The process-wide cache of compiled model readers: each model type's mapping is compiled
/// once, on first use, and shared by every decode on every thread.
///
/// The lock is taken once per top-level decode (and while compiling), never per value.
/// It is recursive because compiling a model compiles the models its properties hold, and a
/// model that contains itself (`friends: [User]`) finds its own reader already registered.
final class ModelRegistry: @unchecked Sendable {
    static let shared = ModelRegistry()

    private let lock = NSRecursiveLock()
    private var readers: [ObjectIdentifier: _JSONReader] = [:]

    func reader<Model: JSONMappable>(for model: Model.Type) -> ModelReader<Model> {
        lock.lock()
        defer { lock.unlock() }
        if let existing = readers[ObjectIdentifier(Model.self)] {
            // Registered only by the branch below, always as ModelReader<Model>.
            return unsafeDowncast(existing, to: ModelReader<Model>.self)
        }
        let reader = ModelReader<Model>()
        readers[ObjectIdentifier(Model.self)] = reader
        reader.meta = ModelMeta(for: Model.self, rules: Model.jsonMapping.activeRules)
        return reader
    }

    /// The compiled meta of a model type (for inspection and tests).
    func meta<Model: JSONMappable>(for model: Model.Type) -> ModelMeta {
        reader(for: model).meta
    }
}
