/// The compiled keys of a model's mapping: one tree of the objects and arrays its keys reach,
/// serving both directions. Decoding looks up every key of every property in it (key paths
/// and fallbacks included); encoding writes each property under its first key, in
/// declaration order, from the same nodes.
///
/// - ``PathNode``: an object level (the model's own object, or one a key path passes through);
/// - ``ArrayPathNode``: an array level an index path passes through (`"urls[0].expanded"`);
/// - ``MapperEntry``: what one key or array position leads to: the properties set from its
///   value, and the levels key paths continue into.
///
/// Built once when the meta is compiled, then frozen into flat buffers of trivial values that
/// the per-value paths walk with no reference counting. The meta owns the tree: each node and
/// entry owns its buffers and frees them when it goes, with the meta. A registry's meta lives
/// for the process; a runtime schema's as long as the schema, which every decode with it holds.

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
    private(set) var first: KeyBinding?
    private(set) var object: PathNode?
    private(set) var array: ArrayPathNode?

    /// The binding chain laid out flat for the per-value path, built by ``freeze()`` once the
    /// mapping is complete: walking it touches no reference counts.
    private(set) var links = UnsafeMutableBufferPointer<Link>(start: nil, count: 0)

    /// The handlers that read the containers key paths continue into, unretained (the nodes
    /// own them); set by ``attachHandlers()``.
    private(set) var objectHandler: Unmanaged<_JSONFrameHandler>?
    private(set) var arrayHandler: Unmanaged<_JSONFrameHandler>?

    /// One binding, flattened.
    struct Link {
        let property: Unmanaged<PropertyMeta>
        let priority: UInt8
        /// The property's state byte, in frames that keep state bytes (see `ModelMeta.stateCount`).
        let stateIndex: Int
    }

    init(name: String) { self.name = name }

    deinit { links.deallocate() }

    /// The object level key paths continue into under this key, made on first use.
    func objectLevel() -> PathNode {
        if let object { return object }
        let node = PathNode()
        object = node
        return node
    }

    /// The array level index paths continue into under this key, made on first use.
    func arrayLevel() -> ArrayPathNode {
        if let array { return array }
        let node = ArrayPathNode()
        array = node
        return node
    }

    /// Adds a binding at the end of the chain, keeping declaration order.
    func append(_ binding: KeyBinding) {
        guard var last = first else { first = binding; return }
        while let next = last.next { last = next }
        last.next = binding
    }

    /// Builds ``links`` from the chain. Called once, after every binding is added.
    func freeze() {
        var chain: [Link] = []
        var link = first
        while let binding = link {
            let property = binding.property
            chain.append(Link(property: .passUnretained(property), priority: binding.priority, stateIndex: property.index))
            link = binding.next
        }
        links.deallocate()
        links = .frozenCopy(of: chain)
    }

    /// Keeps the handlers of the levels below unretained, once their nodes have them.
    func attachHandlers() {
        objectHandler = object?.handler.map { .passUnretained($0) }
        arrayHandler = array?.handler.map { .passUnretained($0) }
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

/// What a member of an object written for a model holds, or an element of an array an index
/// path writes: a property's value, or a level of the tree. The payloads are unretained: the
/// meta owns the properties and the entries own the nodes.
enum EncodedContent {
    case property(Unmanaged<PropertyMeta>)
    case object(Unmanaged<PathNode>)
    case array(Unmanaged<ArrayPathNode>)
}

/// A member written for an object level: its key as bytes and as JSON text ready to copy, and
/// what it holds. Trivial, so a frozen list of them is walked with no reference counting.
struct EncodedMember {
    let key: UnsafeBufferPointer<UInt8>
    /// `"key"` escaped and quoted, and the same for its snake_case form.
    let quoted: UnsafeBufferPointer<UInt8>
    let quotedSnakeCase: UnsafeBufferPointer<UInt8>
    let content: EncodedContent
}

/// An object level of a model's mapping: the model itself, or an object a key path passes
/// through. Its key table maps JSON keys to entries.
final class PathNode {
    private(set) var keys = KeyTable<MapperEntry>()
    /// Reads the object's events while decoding; attached by the model's codec.
    var handler: _JSONFrameHandler?

    /// The members written for this level, in declaration order and sorted by key (see
    /// ``place(_:along:)``); frozen by ``freezeForEncoding()``.
    private(set) var encodedMembers = UnsafeMutableBufferPointer<EncodedMember>(start: nil, count: 0)
    private(set) var sortedEncodedMembers = UnsafeMutableBufferPointer<EncodedMember>(start: nil, count: 0)
    /// The members while the tree is built.
    private var members: [(key: String, content: EncodedContent)] = []
    /// Every member's key, quoted key and quoted snake_case key, back to back: the frozen
    /// members' text points into it.
    private var keyText = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    deinit {
        encodedMembers.deallocate()
        sortedEncodedMembers.deallocate()
        keyText.deallocate()
    }

    func entry(forKey key: String) -> MapperEntry {
        keys.insert(key) { MapperEntry(name: key) }
    }

    /// Places `property` for encoding at the end of `steps` (which start at this level): the
    /// first property to reach a key writes it; a later one joins only by descending into a
    /// container of the same kind. So `"a"` and `"a.b"` write the first declared, and two
    /// properties on one key write the first. Returns whether the property is written.
    @discardableResult
    func place(_ property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>) -> Bool {
        guard case .key(let key)? = steps.first else { return false }
        let rest = steps.dropFirst()
        if let member = members.first(where: { $0.key == key }) {
            switch (member.content, rest.first) {
            case (.object(let child), .key?): return child.takeUnretainedValue().place(property, along: rest)
            case (.array(let child), .index?): return child.takeUnretainedValue().place(property, along: rest)
            default: return false
            }
        }
        members.append((key, entry(forKey: key).content(for: property, along: rest)))
        return true
    }

    /// Freezes the members of this level and the levels below into buffers this node owns.
    func freezeForEncoding() {
        var text: [UInt8] = []
        func append(_ bytes: some Collection<UInt8>) -> Range<Int> {
            text.append(contentsOf: bytes)
            return text.count - bytes.count..<text.count
        }
        let ranges = members.map { member in
            (key: append(member.key.utf8), quoted: append(Self.quoted(member.key)),
             snakeCase: append(Self.quoted(JSONKeyStrategy.snakeCase.jsonKey(for: member.key))))
        }
        keyText.deallocate()
        keyText = .frozenCopy(of: text)
        let frozenText = UnsafeBufferPointer(keyText)
        let frozen = members.indices.map { i in
            EncodedMember(key: UnsafeBufferPointer(rebasing: frozenText[ranges[i].key]),
                          quoted: UnsafeBufferPointer(rebasing: frozenText[ranges[i].quoted]),
                          quotedSnakeCase: UnsafeBufferPointer(rebasing: frozenText[ranges[i].snakeCase]),
                          content: members[i].content)
        }
        encodedMembers.deallocate()
        encodedMembers = .frozenCopy(of: frozen)
        sortedEncodedMembers.deallocate()
        sortedEncodedMembers = .frozenCopy(of: members.indices.sorted { members[$0].key < members[$1].key }.map { frozen[$0] })
        for member in members { member.content.freezeForEncoding() }
    }

    private static func quoted(_ key: String) -> [UInt8] {
        var writer = JSONWriter(options: EncodingOptions(), capacity: key.utf8.count + 2)
        writer.writeString(key)
        return writer.bytes
    }
}

/// An array level a key path passes through with an index (`"urls[0].expanded"`).
final class ArrayPathNode {
    private(set) var elements: [MapperEntry?] = []
    /// Reads the array's events while decoding; attached by the model's codec.
    var handler: _JSONFrameHandler?

    /// The contents written at each position up to the last one a property fills (`nil`:
    /// written as `null`); frozen by ``freezeForEncoding()``.
    private(set) var encodedElements: [EncodedContent?] = []

    func entry(at index: Int) -> MapperEntry {
        if index >= elements.count { elements += Array(repeating: nil, count: index - elements.count + 1) }
        if let existing = elements[index] { return existing }
        let entry = MapperEntry(name: JSONPathText.index(index))
        elements[index] = entry
        return entry
    }

    @inline(__always)
    func element(_ index: Int) -> MapperEntry? {
        index < elements.count ? elements[index] : nil
    }

    /// Places `property` for encoding at the end of `steps`, which start with an index (see
    /// ``PathNode/place(_:along:)``). Returns whether the property is written.
    @discardableResult
    func place(_ property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>) -> Bool {
        guard case .index(let index)? = steps.first else { return false }
        let rest = steps.dropFirst()
        switch (index < encodedElements.count ? encodedElements[index] : nil, rest.first) {
        case (nil, _):
            let content = entry(at: index).content(for: property, along: rest)
            if index >= encodedElements.count { encodedElements += Array(repeating: nil, count: index - encodedElements.count + 1) }
            encodedElements[index] = content
            return true
        case (.object(let child)?, .key?): return child.takeUnretainedValue().place(property, along: rest)
        case (.array(let child)?, .index?): return child.takeUnretainedValue().place(property, along: rest)
        default: return false
        }
    }

    func freezeForEncoding() {
        for case let content? in encodedElements { content.freezeForEncoding() }
    }
}

extension MapperEntry {
    /// What this entry's member (or element) holds when `property` is written `steps` further
    /// on: the property itself, or the level its path continues into.
    fileprivate func content(for property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>) -> EncodedContent {
        switch steps.first {
        case nil:
            return .property(.passUnretained(property))
        case .key?:
            let child = objectLevel()
            child.place(property, along: steps)
            return .object(.passUnretained(child))
        case .index?:
            let child = arrayLevel()
            child.place(property, along: steps)
            return .array(.passUnretained(child))
        }
    }
}

extension EncodedContent {
    fileprivate func freezeForEncoding() {
        switch self {
        case .property: break
        case .object(let node): node.takeUnretainedValue().freezeForEncoding()
        case .array(let node): node.takeUnretainedValue().freezeForEncoding()
        }
    }
}
