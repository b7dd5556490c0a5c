import Foundation

// What YYModel's `modelDescription`/`modelIsEqual:`/`modelHash`/`modelCopy` and Mantle's
// `MTLModel` give classes, computed through the mapping: two models are the same when they
// write the same JSON. Structs have Swift's own synthesized `Equatable`/`Hashable` as well.

extension JSONMappable {
    /// The model's type and its mapped properties as pretty JSON, for logs and debugging.
    public var jsonDescription: String {
        let body = (try? JSONMapEncoder(options: EncodingOptions(indentWidth: 2, sortsKeys: true, nonFiniteStrategy: .string)).encode(self, as: String.self))
            ?? "<not encodable>"
        return "\(type(of: self)) \(body)"
    }

    /// Whether `other` maps to the same JSON as this model, by the values' own meaning: objects
    /// and dictionaries whatever their key order, sets whatever their element order. Properties
    /// the encoder does not write are compared too: a second property on a key another one
    /// writes (see ``JSONMapping``), a key path below a key another property writes.
    public func jsonMappingEquals(_ other: Self) -> Bool {
        guard let mine = try? JSONMapEncoder(options: Self.helperOptions).encode(self, as: JSONValue.self),
              let theirs = try? JSONMapEncoder(options: Self.helperOptions).encode(other, as: JSONValue.self) else { return false }
        return type(of: self) == type(of: other) && mine == theirs
    }

    /// Hashes what ``jsonMappingEquals(_:)`` compares.
    public func jsonMappingHash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        hasher.combine(try? JSONMapEncoder(options: Self.helperOptions).encode(self, as: JSONValue.self))
    }

    /// Keys sorted, set elements in the order of their text, and the properties no key writes
    /// included: equal values write equal JSON, and different values different JSON.
    private static var helperOptions: EncodingOptions {
        var options = EncodingOptions(sortsKeys: true, omitsNilProperties: false, nonFiniteStrategy: .string)
        options.ordersUnorderedElements = true
        options.writesUnwrittenProperties = true
        return options
    }

    /// What the mapping-equality helpers cannot see in the JSON of this model type: one line
    /// per property that shares a key with a property declared before it but would write it
    /// differently (another type, or through a transformer). Encoding writes a shared key from
    /// the first property declared on it, so such a model's JSON may not decode back into the
    /// later property, or may not decode at all. Empty when every shared key is written as
    /// each of its properties would write it, or when the mapping is invalid.
    ///
    /// A `JSONMapping` is built at run time, so the compiler cannot warn about it as it does
    /// for `@JSONMappable`; check it in a test:
    ///
    /// ```swift
    /// #expect(Event.jsonMappingWarnings.isEmpty)
    /// ```
    public static var jsonMappingWarnings: [String] {
        ModelRegistry.shared.codec(for: Self.self).meta.sharedKeyWarnings
    }
}

extension JSONMappable where Self: AnyObject {
    /// A new instance of the same class (subclasses included) with the same mapped values,
    /// made by writing this one and reading it back.
    public func jsonMappingCopy() throws(JSONMapperError) -> Self {
        let bytes = try JSONMapEncoder(options: EncodingOptions(omitsNilProperties: false)).encode(self, as: [UInt8].self)
        let codec = ModelRegistry.shared.codec(for: type(of: self), choosingType: false)
        return try InputBytes.withBytes(of: bytes) { (buffer) throws(JSONMapperError) in
            try DecodeRun.decodeRoot(Self.self, codec: codec, DecodingOptions(), checksWholeDocument: true) { (session) throws(JSONMapperError) in
                try JSONParser(sink: session).parseDocument(buffer)
            }.value
        }
    }
}
