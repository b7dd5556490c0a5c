/// How a model is written as JSON, prepared once per model type: the tree of objects (and
/// arrays) that the properties' first keys describe, with each key's quoted text ready to copy.
///
/// `"profile.avatar_url"` becomes `{"profile": {"avatar_url": …}}`, and properties sharing the
/// prefix share the object. A fallback list writes its first key. When two properties map to
/// the same key, or one maps to a key another descends through, the first declared wins.
/// An array index path (`"urls[1].url"`) writes an array with `null` at the positions no
/// property fills.
final class EncodePlan: @unchecked Sendable {
    let root: Node

    /// An object level: its members in declaration order, and also sorted by key.
    final class Node {
        fileprivate(set) var members: [Member] = []
        fileprivate(set) var sortedMembers: [Member] = []
    }

    /// An array level of an index path: element positions to contents.
    final class ArrayNode {
        fileprivate(set) var elements: [Int: Content] = [:]
        var count: Int { (elements.keys.max() ?? -1) + 1 }
    }

    struct Member {
        let key: String
        /// `"key"` escaped and quoted, and the same for its snake_case form.
        let quoted: [UInt8]
        let quotedSnakeCase: [UInt8]
        var content: Content
    }

    enum Content {
        case property(PropertyMeta)
        case object(Node)
        case array(ArrayNode)
    }

    init(properties: [PropertyMeta]) {
        root = Node()
        for property in properties {
            guard let key = property.keys.first else { continue }
            Self.place(property, along: key.steps[...], in: root)
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
            switch (node.members[index].content, rest.first) {
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
        switch (node.elements[index], rest.first) {
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
        for member in node.members { sort(member.content) }
    }

    private static func sort(_ content: Content) {
        switch content {
        case .property: break
        case .object(let node): sort(node)
        case .array(let node): for element in node.elements.values { sort(element) }
        }
    }

    // MARK: Writing

    /// Writes the model whose storage is at `model`.
    func write(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        try write(root, model: model, to: &writer)
    }

    private func write(_ node: Node, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        let snakeCase = writer.options.keyStrategy == .snakeCase
        let plainKeys = !writer.options.escapesNonASCII && !writer.options.escapesSlashes
        writer.beginObject()
        for member in writer.options.sortsKeys ? node.sortedMembers : node.members {
            if writer.options.omitsNilProperties, isAbsent(member.content, model: model) { continue }
            if plainKeys {
                writer.key(prepared: snakeCase ? member.quotedSnakeCase : member.quoted)
            } else {
                writer.key(snakeCase ? JSONKeyStrategy.snakeCase.jsonKey(for: member.key) : member.key)
            }
            do throws(JSONMapperError) {
                try write(member.content, model: model, to: &writer)
            } catch {
                throw error.prefixingPath(member.key)
            }
        }
        writer.endObject()
    }

    /// Whether leaving out `nil` properties leaves nothing of `content`: a `nil` property, or
    /// a key-path object all of whose properties are `nil` (no `"profile": {}`).
    private func isAbsent(_ content: Content, model: UnsafeMutableRawPointer) -> Bool {
        switch content {
        case .property(let property): property.isNil(model: model)
        case .object(let node): node.members.allSatisfy { isAbsent($0.content, model: model) }
        case .array: false
        }
    }

    private func write(_ content: Content, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        switch content {
        case .property(let property):
            try property.encode(model: model, to: &writer)
        case .object(let node):
            try write(node, model: model, to: &writer)
        case .array(let node):
            writer.beginArray()
            for index in 0..<node.count {
                writer.element()
                if let element = node.elements[index] {
                    do throws(JSONMapperError) {
                        try write(element, model: model, to: &writer)
                    } catch {
                        throw error.prefixingPath("[\(index)]")
                    }
                } else {
                    writer.writeNull()
                }
            }
            writer.endArray()
        }
    }
}
