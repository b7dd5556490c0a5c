/// The compiled mapping of one model type, built once (see ``ModelRegistry``) and then only
/// read, from any number of threads.
///
/// It holds what YYModel's `_YYModelMeta` holds: the property metas and the key table (`root`,
/// YYModel's `_mapper`, generalized into a tree for key paths, see ``PathNode``), which
/// decoding and encoding share. The handlers that read a model's objects are the codec
/// layer's, attached to the tree by the model's codec.
// Sendable: immutable once built; its buffers are frozen copies, never written again.
final class ModelMeta: @unchecked Sendable {
    let typeName: String
    let properties: [PropertyMeta]
    /// The model's top-level keys: the root of its key tree.
    let root: PathNode
    /// The model's positions when it is read from an array (keys such as `"[0]"` or
    /// `"[2].name"`), or `nil` when no key starts with an index.
    let rootArray: ArrayPathNode?
    /// Whether any key starts with an object key: a model whose keys all start with an
    /// index is read from arrays only. An invalid mapping reads nothing.
    /// (Stored: every encode of the model reads it.)
    let readsObjects: Bool
    /// Whether the model is written as an array, by position: none of its keys starts with an
    /// object key. Otherwise each property is written under the first of its keys that does.
    var writesArray: Bool { !readsObjects }
    /// The positions in ``properties`` of the properties whose missing key is an error, read at
    /// the end of every object of the model (a frozen copy: see `frozenCopy(of:)`).
    let requiredIndices: UnsafeBufferPointer<Int>
    /// The same under ``DecodingOptions/requiresNonOptionalKeys``: the required properties and
    /// every one whose type is not optional (a frozen copy).
    let nonOptionalIndices: UnsafeBufferPointer<Int>
    /// State bytes a model frame needs (0 when no property is tracked). A frame with state
    /// bytes has one per property, and every key that sets a property sets its byte.
    let stateCount: Int
    /// State bytes a model frame needs under ``DecodingOptions/requiresNonOptionalKeys``.
    let stateCountRequiringKeys: Int
    /// The model's hooks (``JSONWillMapHook`` and friends).
    let hooks: ModelHooks
    /// The properties encoding does not write, in declaration order: a later property on a
    /// key another one writes (the first declared writes a shared key), one below a key
    /// another writes as a value (`"a.b"` after `"a"`), one with only positional keys in a
    /// model written as an object. The mapping-equality helpers compare them too.
    let unwrittenProperties: [PropertyMeta]
    /// How messages name each property (its key path, `\User.id`), by position.
    private let propertyNames: [String]
    /// Whether the end of a model's container has work to do: required keys to check or a
    /// did-map hook to run.
    var checksAtEnd: Bool { !requiredIndices.isEmpty || hooks.didMap != nil }
    /// The same under ``DecodingOptions/requiresNonOptionalKeys``.
    var checksAtEndRequiringKeys: Bool { !nonOptionalIndices.isEmpty || hooks.didMap != nil }

    /// Why the mapping cannot be used (a malformed key, a key path of another type, too many
    /// fallbacks, a transformer that cannot be used), or `nil`. An invalid meta maps nothing; its codec throws this error from the
    /// first decode or encode that reaches a value of the model.
    let invalidMapping: JSONMapperError?
    /// `invalidMapping != nil`, stored: every encode of the model tests it, and testing the
    /// optional error itself goes through the error enum's layout at run time.
    let isInvalid: Bool

    /// Compiles `rules` for instances of `model` (the dynamic type: a subclass of `Model`
    /// when a polymorphic base chose it).
    convenience init<Model>(for model: Model.Type, rules: [PropertyRule], hooks: ModelHooks) {
        let typeName = "\(model)"
        do {
            let properties = try Self.compile(rules, for: model, typeName: typeName)
            self.init(typeName: typeName, properties: properties, hooks: hooks, invalidMapping: nil,
                      propertyNames: rules.map { "\($0.keyPath)" })
        } catch {
            self.init(typeName: typeName, properties: [], hooks: hooks, invalidMapping: error)
        }
    }

    /// Compiles properties made for one storage type (a model's, or a runtime schema's row),
    /// each at its position in `properties`, whose key lists are already checked (at most
    /// `PropertyState.presentBeforeUpdate - 1` keys each). `propertyNames` name the properties
    /// in messages (by default their first keys).
    init(typeName: String, properties: [PropertyMeta], hooks: ModelHooks, invalidMapping: JSONMapperError? = nil,
         propertyNames: [String]? = nil) {
        self.typeName = typeName
        self.hooks = hooks
        self.properties = properties
        self.propertyNames = propertyNames ?? properties.map(\.name)
        self.invalidMapping = invalidMapping
        isInvalid = invalidMapping != nil
        requiredIndices = UnsafeBufferPointer(.frozenCopy(of: properties.filter(\.isRequired).map(\.index)))
        let nonOptional = properties.filter { $0.isRequired || !$0.isOptional }.map(\.index)
        nonOptionalIndices = UnsafeBufferPointer(.frozenCopy(of: nonOptional))
        stateCount = properties.contains(where: \.isTracked) ? properties.count : 0
        stateCountRequiringKeys = nonOptional.isEmpty ? stateCount : properties.count

        root = PathNode()
        let positions = ArrayPathNode()
        for property in properties {
            for (priority, key) in property.keys.enumerated() {
                Self.bind(property, priority: UInt8(priority), along: key.steps, from: root, or: positions)
            }
        }
        rootArray = positions.elements.isEmpty ? nil : positions
        var unwritten: [PropertyMeta] = []
        for property in properties where !Self.place(property, in: root, or: rootArray) {
            unwritten.append(property)
        }
        unwrittenProperties = unwritten
        readsObjects = invalidMapping == nil && (!root.keys.isEmpty || rootArray == nil)
        Self.freeze(root)
        root.freezeForEncoding()
        if let rootArray {
            for case let element? in rootArray.elements { Self.freeze(below: element) }
            rootArray.freezeForEncoding()
        }
    }

    deinit {
        requiredIndices.deallocate()
        nonOptionalIndices.deallocate()
    }

    /// The properties that must be present in an object decoded with `options`.
    @inline(__always)
    func presentIndices(_ options: DecodingOptions) -> UnsafeBufferPointer<Int> {
        options.requiresNonOptionalKeys ? nonOptionalIndices : requiredIndices
    }

    /// Places `property` for encoding: under its first object key, or (a model read from arrays
    /// only) its first key; returns whether it is written.
    private static func place(_ property: PropertyMeta, in root: PathNode, or positions: ArrayPathNode?) -> Bool {
        if let positions, root.keys.isEmpty {
            guard let key = property.keys.first else { return false }
            return positions.place(property, along: key.steps[...])
        }
        guard let key = property.keys.first(where: \.startsWithKey) else { return false }
        return root.place(property, along: key.steps[...])
    }

    /// One line per property that shares the key another writes but would write it
    /// differently (another type, or through a transformer), so that what the other writes
    /// may not decode back into it: the run-time counterpart of the macro's shared-key warning.
    var sharedKeyWarnings: [String] {
        var writers: [[KeyPathSpec.Step]: Int] = [:]
        var warnings: [String] = []
        for property in properties {
            guard let key = writtenKey(of: property) else { continue }
            guard let writer = writers[key.steps] else {
                writers[key.steps] = property.index
                continue
            }
            guard !property.writesSameText(as: properties[writer]) else { continue }
            warnings.append("\(typeName): \(propertyNames[property.index]) and \(propertyNames[writer]) share the key "
                + "\"\(key.text)\"; encoding writes only \(propertyNames[writer]) (the first declared), "
                + "which writes it differently, so the JSON may not decode back into \(propertyNames[property.index])")
        }
        return warnings
    }

    /// The key a property would be written under, were it the first on it.
    private func writtenKey(of property: PropertyMeta) -> KeyPathSpec? {
        writesArray ? property.keys.first : property.keys.first(where: \.startsWithKey)
    }

    /// The rules as properties of `Model` for instances of `model` (its dynamic type), or the
    /// first reason they cannot be.
    private static func compile<Model>(_ rules: [PropertyRule], for model: Model.Type,
                                       typeName: String) throws(JSONMapperError) -> [PropertyMeta] {
        var properties: [PropertyMeta] = []
        for rule in rules {
            let firstKey = rule.declaredKeys.first ?? ""
            guard rule.applies(to: model) else {
                throw .invalidMapping(type: typeName, key: firstKey, reason: "the key path starts at another type; a mapping's key paths must start at the model or one of its superclasses")
            }
            guard !rule.declaredKeys.isEmpty else {
                throw .invalidMapping(type: typeName, key: firstKey, reason: "the property has an empty key list")
            }
            guard rule.declaredKeys.count < Int(PropertyState.presentBeforeUpdate) else {
                throw .invalidMapping(type: typeName, key: firstKey, reason: "more than \(Int(PropertyState.presentBeforeUpdate) - 1) fallback keys")
            }
            let keys = try rule.compiledKeys(of: typeName)
            let property = rule.makeProperty(for: Model.self, index: properties.count, keys: keys)
            if let problem = property.mappingProblem {
                throw .invalidMapping(type: typeName, key: firstKey, reason: problem)
            }
            properties.append(property)
        }
        return properties
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
            case .key(let key): entry = entry.objectLevel().entry(forKey: key)
            case .index(let index): entry = entry.arrayLevel().entry(at: index)
            }
        }
        entry.append(KeyBinding(property: property, priority: priority))
    }

    /// Freezes the binding chains of every entry below `node`.
    private static func freeze(_ node: PathNode) {
        for (_, entry) in node.keys.keysAndValues { freeze(below: entry) }
    }

    private static func freeze(below entry: MapperEntry) {
        if let object = entry.object { freeze(object) }
        if let array = entry.array {
            for case let element? in array.elements { freeze(below: element) }
        }
        entry.freeze()
    }
}
