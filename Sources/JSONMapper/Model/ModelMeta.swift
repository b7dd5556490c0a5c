/// The compiled mapping of one model type, built once (see ``ModelRegistry``) and then only
/// read, from any number of threads.
///
/// It holds what YYModel's `_YYModelMeta` holds: the property metas, the key table (`root`,
/// YYModel's `_mapper`, generalized into a tree for key paths), the properties reached through
/// key paths and through several keys, and the number of mapped keys.
final class ModelMeta: @unchecked Sendable {
    let typeName: String
    let properties: [PropertyMeta]
    /// The model's top-level keys.
    let root: PathNode
    /// Properties whose missing key is an error.
    let requiredProperties: [PropertyMeta]
    /// State bytes a model frame needs (0 when no property is tracked).
    let stateCount: Int
    /// The model's hooks (``JSONWillMapHook`` and friends).
    let hooks: ModelHooks
    /// How the model is written back: its properties' first keys as a tree of objects.
    let encodePlan: EncodePlan

    /// Compiles `rules` for instances of `model` (the dynamic type: a subclass of `Model`
    /// when a polymorphic base chose it).
    init<Model>(for model: Model.Type, rules: [PropertyRule], hooks: ModelHooks) {
        typeName = "\(model)"
        self.hooks = hooks
        var properties: [PropertyMeta] = []
        for rule in rules {
            precondition(rule.applies(to: model),
                         "\(Model.self).jsonMapping maps a key path of another type; a mapping's key paths must start at the model or one of its superclasses")
            properties.append(rule.makeProperty(for: Model.self, index: properties.count))
        }
        precondition(properties.allSatisfy { $0.keys.count < Int(PropertyState.presentBeforeUpdate) }, "too many fallback keys")
        self.properties = properties
        requiredProperties = properties.filter(\.isRequired)
        stateCount = properties.contains(where: \.isTracked) ? properties.count : 0

        encodePlan = EncodePlan(properties: properties)
        root = PathNode()
        for property in properties {
            for (priority, key) in property.keys.enumerated() {
                Self.bind(property, priority: UInt8(priority), along: key.steps, from: root)
            }
        }
        Self.attachConsumers(root, meta: self, isRoot: true)
    }

    /// Walks (creating as needed) the path nodes for `steps` and binds the property at the end.
    private static func bind(_ property: PropertyMeta, priority: UInt8, along steps: [KeyPathSpec.Step], from root: PathNode) {
        var entry: MapperEntry
        switch steps[0] {
        case .key(let key): entry = root.entry(forKey: key)
        case .index:
            preconditionFailure("a mapped key cannot start with an array index: a model's keys start in its object")
        }
        for step in steps.dropFirst() {
            switch step {
            case .key(let key):
                let node = entry.object ?? PathNode()
                entry.object = node
                entry = node.entry(forKey: key)
            case .index(let index):
                let node = entry.array ?? ArrayPathNode()
                entry.array = node
                entry = node.entry(at: index)
            }
        }
        entry.append(KeyBinding(property: property, priority: priority))
    }

    /// Gives every node of the tree the handler that reads its events.
    private static func attachConsumers(_ node: PathNode, meta: ModelMeta, isRoot: Bool) {
        node.handler = ObjectHandler(meta: meta, node: node, isRoot: isRoot)
        for (_, entry) in node.keys.keysAndValues { attachConsumers(below: entry, meta: meta) }
    }

    private static func attachConsumers(below entry: MapperEntry, meta: ModelMeta) {
        if let object = entry.object { attachConsumers(object, meta: meta, isRoot: false) }
        if let array = entry.array {
            array.handler = ArrayPathHandler(meta: meta, node: array)
            for case let element? in array.elements { attachConsumers(below: element, meta: meta) }
        }
        entry.freeze()
    }
}
