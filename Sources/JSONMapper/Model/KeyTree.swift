/// What one JSON key (or, under an index path, one array position) leads to: YYModel's
/// `_mapper` value, generalized to key paths.
///
/// - `first`: the first property set from this key's value, with `next` chaining every other
///   property mapped to the same key (YYModel's `_next`).
/// - `object` / `array`: where key paths continue when the value is an object or an array
///   (`"user.id"` continues into the object under `user`, `"urls[0]"` into the array under `urls`).
final class MapperEntry {
    /// The JSON key (or `[i]`) for error paths.
    let name: String
    var first: KeyBinding?
    var object: PathNode?
    var array: ArrayPathNode?

    /// The binding chain laid out flat for the per-value path, built by ``freeze()`` once the
    /// mapping is complete: walking it touches no reference counts.
    private(set) var links = UnsafeMutableBufferPointer<Link>(start: nil, count: 0)

    /// Where key paths continue in a container value, unretained (set by ``freeze()``).
    private(set) var objectConsumer: Unmanaged<_JSONFrameHandler>?
    private(set) var arrayConsumer: Unmanaged<_JSONFrameHandler>?

    /// One binding, flattened.
    struct Link {
        let property: Unmanaged<PropertyMeta>
        let priority: UInt8
        /// The property's state byte, or -1 when it is not tracked.
        let stateIndex: Int
    }

    init(name: String) { self.name = name }

    deinit { links.deallocate() }

    /// Builds ``links`` from the chain and keeps the path handlers unretained. Called once,
    /// after every binding is added and the path nodes below have their handlers.
    func freeze() {
        objectConsumer = object.map { .passUnretained($0.handler) }
        arrayConsumer = array.map { .passUnretained($0.handler) }
        var chain: [Link] = []
        var link = first
        while let binding = link {
            let property = binding.property
            chain.append(Link(property: .passUnretained(property), priority: binding.priority,
                              stateIndex: property.isTracked ? property.index : -1))
            link = binding.next
        }
        links.deallocate()
        links = .allocate(capacity: chain.count)
        _ = links.initialize(from: chain)
    }

    /// Adds a binding at the end of the chain, keeping declaration order.
    func append(_ binding: KeyBinding) {
        guard var last = first else { first = binding; return }
        while let next = last.next { last = next }
        last.next = binding
    }
}

/// One property reached through one key of its key list.
final class KeyBinding {
    let property: PropertyMeta
    /// Position of the key in the property's list: 0 is the preferred key.
    let priority: UInt8
    /// The next property mapped to the same key.
    var next: KeyBinding?

    init(property: PropertyMeta, priority: UInt8) {
        self.property = property
        self.priority = priority
    }
}

/// An object level of a model's mapping: the model itself, or an object a key path passes
/// through. Its key table maps JSON keys to entries.
final class PathNode {
    private(set) var keys = KeyTable<MapperEntry>()
    /// Reads the object's events during decoding; set when the meta is compiled.
    var handler: ObjectHandler!

    func entry(forKey key: String) -> MapperEntry {
        keys.insert(key) { MapperEntry(name: key) }
    }
}

/// An array level a key path passes through with an index (`"urls[0].expanded"`).
final class ArrayPathNode {
    private(set) var elements: [MapperEntry?] = []
    var handler: ArrayPathHandler!

    func entry(at index: Int) -> MapperEntry {
        if index >= elements.count { elements += Array(repeating: nil, count: index - elements.count + 1) }
        if let existing = elements[index] { return existing }
        let entry = MapperEntry(name: "[\(index)]")
        elements[index] = entry
        return entry
    }

    @inline(__always)
    func element(_ index: Int) -> MapperEntry? {
        index < elements.count ? elements[index] : nil
    }
}
