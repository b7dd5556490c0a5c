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
    /// The model's positions when it is read from an array (keys such as `"[0]"` or
    /// `"[2].name"`), or `nil` when no key starts with an index.
    let rootArray: ArrayPathNode?
    /// Whether any key starts with an object key: a model whose keys all start with an
    /// index is read from arrays only.
    var readsObjects: Bool { root.keys.count > 0 || rootArray == nil }
    /// Properties whose missing key is an error.
    let requiredProperties: [PropertyMeta]
    /// Properties with a key path (`"a.b"`, `"a[0]"`) among their keys.
    let keyPathProperties: [PropertyMeta]
    /// Properties with more than one key.
    let multiKeyProperties: [PropertyMeta]
    /// Distinct top-level keys the model maps.
    var mappedKeyCount: Int { root.keys.count }
    /// State bytes a model frame needs (0 when no property is tracked).
    let stateCount: Int
    /// Whether the end of a model's container has work to do: required keys to check or a
    /// did-map hook to run.
    var checksAtEnd: Bool { !requiredProperties.isEmpty || hooks.didMap != nil }
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
        keyPathProperties = properties.filter { $0.keys.contains { !$0.isSingleKey } }
        multiKeyProperties = properties.filter { $0.keys.count > 1 }
        stateCount = properties.contains(where: \.isTracked) ? properties.count : 0

        encodePlan = EncodePlan(properties: properties)
        root = PathNode()
        let positions = ArrayPathNode()
        for property in properties {
            for (priority, key) in property.keys.enumerated() {
                Self.bind(property, priority: UInt8(priority), along: key.steps, from: root, or: positions)
            }
        }
        rootArray = positions.elements.isEmpty ? nil : positions
        Self.attachConsumers(root, meta: self, isRoot: true)
        if let rootArray {
            rootArray.consumer = ArrayPathConsumer(meta: self, node: rootArray, isRoot: true)
            for case let element? in rootArray.elements { Self.attachConsumers(below: element, meta: self) }
        }
    }

    /// Walks (creating as needed) the path nodes for `steps` and binds the property at the end.
    /// A key starts in the model's object, or at a position of the model's array (`"[0]"`).
    private static func bind(_ property: PropertyMeta, priority: UInt8, along steps: [KeyPathSpec.Step],
                             from root: PathNode, or positions: ArrayPathNode) {
        var entry: MapperEntry
        switch steps[0] {
        case .key(let key): entry = root.entry(forKey: key)
        case .index(let index): entry = positions.entry(at: index)
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

    /// Gives every node of the tree the consumer that reads its events.
    private static func attachConsumers(_ node: PathNode, meta: ModelMeta, isRoot: Bool) {
        node.consumer = ObjectConsumer(meta: meta, node: node, isRoot: isRoot)
        for (_, entry) in node.keys.keysAndValues { attachConsumers(below: entry, meta: meta) }
    }

    private static func attachConsumers(below entry: MapperEntry, meta: ModelMeta) {
        if let object = entry.object { attachConsumers(object, meta: meta, isRoot: false) }
        if let array = entry.array {
            array.consumer = ArrayPathConsumer(meta: meta, node: array)
            for case let element? in array.elements { attachConsumers(below: element, meta: meta) }
        }
        entry.freeze()
    }
}
