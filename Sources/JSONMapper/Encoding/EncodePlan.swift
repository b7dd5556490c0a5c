/// How a model is written as JSON, prepared once per model type: the tree of objects (and
/// arrays) that the properties' first keys describe, with each key's quoted text ready to copy.
///
/// `"profile.avatar_url"` becomes `{"profile": {"avatar_url": …}}`, and properties sharing the
/// prefix share the object. A fallback list writes its first key. When two properties map to
/// the same key, or one maps to a key another descends through, the first declared wins.
/// An array index path (`"urls[1].url"`) writes an array with `null` at the positions no
/// property fills.
///
/// A model none of whose keys starts with an object key (`"[0]"`, `"[2].name"`) is written as
/// an array, by position. Otherwise it is written as an object, each property under the first
/// of its keys that starts with an object key.
final class EncodePlan: @unchecked Sendable {
    let root: Node
    /// The model's array, for a model written by position.
    let rootArray: ArrayNode?

    /// An object level: its members in declaration order, and also sorted by key.
    final class Node {
        fileprivate(set) var members: [Member] = []
        fileprivate(set) var sortedMembers: [Member] = []
        /// The same, frozen into immortal buffers of trivial values: writing walks them with no
        /// reference counting (members with arrays and class references cost a retain and a
        /// release each, per model written).
        fileprivate(set) var frozen = UnsafeMutableBufferPointer<FrozenMember>(start: nil, count: 0)
        fileprivate(set) var frozenSorted = UnsafeMutableBufferPointer<FrozenMember>(start: nil, count: 0)
    }

    /// A member as the writer reads it: key texts as byte buffers, content unretained (the
    /// plan and the meta own them).
    struct FrozenMember {
        let key: UnsafeBufferPointer<UInt8>
        let quoted: UnsafeBufferPointer<UInt8>
        let quotedSnakeCase: UnsafeBufferPointer<UInt8>
        let content: FrozenContent
    }

    enum FrozenContent {
        case property(Unmanaged<PropertyMeta>)
        case object(Unmanaged<Node>)
        case array(Unmanaged<ArrayNode>)
    }

    /// An array level of an index path: element positions to contents.
    final class ArrayNode {
        fileprivate(set) var elements: [Int: Content] = [:]
        var count: Int { (elements.keys.max() ?? -1) + 1 }
        /// Element contents by position, unretained (see ``Node/frozen``).
        fileprivate(set) var frozenElements: [FrozenContent?] = []
    }

    struct Member {
        let key: String
        /// `"key"` escaped and quoted, and the same for its snake_case form.
        let quoted: [UInt8]
        let quotedSnakeCase: [UInt8]
        var content: Content
    }

    /// What a member or element holds: exactly one of the three. (Not an enum with class
    /// payloads: those keep their tag in the reference's spare bits, which leak checkers read
    /// as a lost pointer.)
    struct Content {
        private(set) var property: PropertyMeta?
        private(set) var object: Node?
        private(set) var array: ArrayNode?

        static func property(_ meta: PropertyMeta) -> Content { Content(property: meta) }
        static func object(_ node: Node) -> Content { Content(object: node) }
        static func array(_ node: ArrayNode) -> Content { Content(array: node) }

        var kind: Kind {
            if let property { return .property(property) }
            if let object { return .object(object) }
            return .array(array!)
        }

        enum Kind {
            case property(PropertyMeta)
            case object(Node)
            case array(ArrayNode)
        }
    }

    init(properties: [PropertyMeta]) {
        root = Node()
        func startsWithKey(_ key: KeyPathSpec) -> Bool {
            if case .key = key.steps[0] { true } else { false }
        }
        let byPosition = properties.contains { !$0.keys.isEmpty } && !properties.contains { $0.keys.contains(where: startsWithKey) }
        if byPosition {
            let array = ArrayNode()
            for property in properties {
                guard let key = property.keys.first else { continue }
                Self.place(property, along: key.steps[...], in: array)
            }
            rootArray = array
            Self.sort(.array(array))
        } else {
            for property in properties {
                guard let key = property.keys.first(where: startsWithKey) else { continue }
                Self.place(property, along: key.steps[...], in: root)
            }
            rootArray = nil
        }
        Self.sort(root)
    }

    private static func quoted(_ key: String) -> [UInt8] {
        var writer = JSONWriter(options: EncodingOptions(), capacity: key.utf8.count + 2)
        writer.writeString(key)
        return writer.bytes
    }

    /// Puts the property at the end of `steps` below `node` (an object level).
    private static func place(_ property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>, in node: Node) {
        guard case .key(let key)? = steps.first else { return }
        let rest = steps.dropFirst()
        if let index = node.members.firstIndex(where: { $0.key == key }) {
            // The key is taken: only a deeper path into a container of the same kind joins it.
            switch (node.members[index].content.kind, rest.first) {
            case (.object(let child), .key?): place(property, along: rest, in: child)
            case (.array(let child), .index?): place(property, along: rest, in: child)
            default: break
            }
            return
        }
        guard let content = content(for: property, along: rest) else { return }
        node.members.append(Member(key: key, quoted: quoted(key),
                                   quotedSnakeCase: quoted(JSONKeyStrategy.snakeCase.jsonKey(for: key)), content: content))
    }

    private static func place(_ property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>, in node: ArrayNode) {
        guard case .index(let index)? = steps.first else { return }
        let rest = steps.dropFirst()
        switch (node.elements[index]?.kind, rest.first) {
        case (nil, _): node.elements[index] = content(for: property, along: rest)
        case (.object(let child)?, .key?): place(property, along: rest, in: child)
        case (.array(let child)?, .index?): place(property, along: rest, in: child)
        default: break
        }
    }

    /// The content that holds the property after `steps` more steps.
    private static func content(for property: PropertyMeta, along steps: ArraySlice<KeyPathSpec.Step>) -> Content? {
        switch steps.first {
        case nil:
            return .property(property)
        case .key?:
            let child = Node()
            place(property, along: steps, in: child)
            return .object(child)
        case .index?:
            let child = ArrayNode()
            place(property, along: steps, in: child)
            return .array(child)
        }
    }

    private static func sort(_ node: Node) {
        node.sortedMembers = node.members.sorted { $0.key < $1.key }
        node.frozen = freeze(node.members)
        node.frozenSorted = freeze(node.sortedMembers)
        for member in node.members { sort(member.content) }
    }

    /// Copies members into a buffer that lives as long as the process (plans are never freed).
    private static func freeze(_ members: [Member]) -> UnsafeMutableBufferPointer<FrozenMember> {
        func bytes(_ array: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(array.count, 1))
            _ = buffer.initialize(from: array)
            return UnsafeBufferPointer(rebasing: buffer[..<array.count])
        }
        let frozen = UnsafeMutableBufferPointer<FrozenMember>.allocate(capacity: members.count)
        for (i, member) in members.enumerated() {
            let content: FrozenContent = switch member.content.kind {
            case .property(let property): .property(.passUnretained(property))
            case .object(let node): .object(.passUnretained(node))
            case .array(let node): .array(.passUnretained(node))
            }
            (frozen.baseAddress! + i).initialize(to: FrozenMember(key: bytes(Array(member.key.utf8)), quoted: bytes(member.quoted),
                                                                  quotedSnakeCase: bytes(member.quotedSnakeCase), content: content))
        }
        return frozen
    }

    private static func sort(_ content: Content) {
        switch content.kind {
        case .property: break
        case .object(let node): sort(node)
        case .array(let node):
            node.frozenElements = (0..<node.count).map { index in
                node.elements[index].map { element -> FrozenContent in
                    switch element.kind {
                    case .property(let property): .property(.passUnretained(property))
                    case .object(let child): .object(.passUnretained(child))
                    case .array(let child): .array(.passUnretained(child))
                    }
                }
            }
            for element in node.elements.values { sort(element) }
        }
    }

    // MARK: Writing

    /// Writes the model whose storage is at `model`.
    func write(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        if let rootArray {
            try write(rootArray, model: model, to: &writer)
        } else {
            try write(root, model: model, to: &writer)
        }
    }

    private func write(_ node: Node, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        let snakeCase = writer.options.keyStrategy == .snakeCase
        let plainKeys = !writer.options.escapesNonASCII && !writer.options.escapesSlashes
        let omitsNil = writer.options.omitsNilProperties
        let members = UnsafeBufferPointer(writer.options.sortsKeys ? node.frozenSorted : node.frozen)
        writer.beginObject()
        for member in members {
            if omitsNil, isAbsent(member.content, model: model) { continue }
            if plainKeys {
                writer.key(prepared: snakeCase ? member.quotedSnakeCase : member.quoted)
            } else {
                let key = String(decoding: member.key, as: UTF8.self)
                writer.key(snakeCase ? JSONKeyStrategy.snakeCase.jsonKey(for: key) : key)
            }
            do throws(JSONMapperError) {
                try write(member.content, model: model, to: &writer)
            } catch {
                throw error.prefixingPath(String(decoding: member.key, as: UTF8.self))
            }
        }
        writer.endObject()
    }

    /// Whether leaving out `nil` properties leaves nothing of `content`: a `nil` property, or
    /// a key-path object all of whose properties are `nil` (no `"profile": {}`).
    private func isAbsent(_ content: FrozenContent, model: UnsafeMutableRawPointer) -> Bool {
        switch content {
        case .property(let property): property._withUnsafeGuaranteedRef { $0.isNil(model: model) }
        case .object(let node): node._withUnsafeGuaranteedRef { node in node.frozen.allSatisfy { isAbsent($0.content, model: model) } }
        case .array: false
        }
    }

    private func write(_ content: FrozenContent, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        switch content {
        case .property(let property):
            try property.guaranteed { (property) throws(JSONMapperError) in try property.encode(model: model, to: &writer) }
        case .object(let node):
            try node.guaranteed { (node) throws(JSONMapperError) in try write(node, model: model, to: &writer) }
        case .array(let node):
            try node.guaranteed { (node) throws(JSONMapperError) in try write(node, model: model, to: &writer) }
        }
    }

    private func write(_ node: ArrayNode, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.beginArray()
        for index in 0..<node.count {
            writer.element()
            guard let element = node.frozenElements[index] else {
                writer.writeNull()
                continue
            }
            do throws(JSONMapperError) {
                try write(element, model: model, to: &writer)
            } catch {
                throw error.prefixingPath("[\(index)]")
            }
        }
        writer.endArray()
    }
}
