/// Writes a model as JSON by walking its key tree's encoded members (see ``PathNode``): the
/// encode half of the model codec. Non-generic, so one copy serves every model type.
enum ModelEncoding {
    /// Writes the model whose storage is at `model` with `meta`'s mapping.
    static func write(_ meta: ModelMeta, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard writer.options.writesUnwrittenProperties, !meta.unwrittenProperties.isEmpty else {
            return try writeMapped(meta, model: model, to: &writer)
        }
        writer.beginArray()
        writer.element()
        try writeMapped(meta, model: model, to: &writer)
        for property in meta.unwrittenProperties {
            writer.element()
            try property.encode(model: model, to: &writer)
        }
        writer.endArray()
    }

    /// Writes the model as its mapping writes it: an object, or an array by position.
    private static func writeMapped(_ meta: ModelMeta, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        if meta.writesArray, let positions = meta.rootArray {
            try write(positions, model: model, to: &writer)
        } else {
            try write(meta.root, model: model, to: &writer)
        }
    }

    private static func write(_ node: PathNode, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        let strategy = writer.options.keyStrategy
        // Keys are prepared as JSON text as declared and in snake case; other strategies and
        // escaping options convert and escape each key as it is written.
        let preparedKeys = !writer.options.escapesNonASCII && !writer.options.escapesSlashes
            && (strategy == .useDeclaredKeys || strategy == .snakeCase)
        let omitsNil = writer.options.omitsNilProperties
        let members = UnsafeBufferPointer(writer.options.sortsKeys ? node.sortedEncodedMembers : node.encodedMembers)
        writer.beginObject()
        for member in members {
            if omitsNil, isAbsent(member.content, model: model) { continue }
            if preparedKeys {
                writer.key(prepared: strategy == .snakeCase ? member.quotedSnakeCase : member.quoted)
            } else {
                writer.key(strategy.jsonKey(for: String(decoding: member.key, as: UTF8.self)))
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
    private static func isAbsent(_ content: EncodedContent, model: UnsafeMutableRawPointer) -> Bool {
        switch content {
        case .property(let property): property._withUnsafeGuaranteedRef { $0.isNil(model: model) }
        case .object(let node): node._withUnsafeGuaranteedRef { node in node.encodedMembers.allSatisfy { isAbsent($0.content, model: model) } }
        case .array: false
        }
    }

    private static func write(_ content: EncodedContent, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        switch content {
        case .property(let property):
            try property.guaranteed { (property) throws(JSONMapperError) in try property.encode(model: model, to: &writer) }
        case .object(let node):
            try node.guaranteed { (node) throws(JSONMapperError) in try write(node, model: model, to: &writer) }
        case .array(let node):
            try node.guaranteed { (node) throws(JSONMapperError) in try write(node, model: model, to: &writer) }
        }
    }

    private static func write(_ node: ArrayPathNode, model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        writer.beginArray()
        for (index, element) in node.encodedElements.enumerated() {
            writer.element()
            guard let element else {
                writer.writeNull()
                continue
            }
            do throws(JSONMapperError) {
                try write(element, model: model, to: &writer)
            } catch {
                throw error.prefixingPath(index: index)
            }
        }
        writer.endArray()
    }
}
