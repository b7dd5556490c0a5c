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
    /// and dictionaries whatever their key order, sets whatever their element order.
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

    /// Keys sorted and set elements in the order of their text: equal values write equal JSON.
    private static var helperOptions: EncodingOptions {
        var options = EncodingOptions(sortsKeys: true, omitsNilProperties: false, nonFiniteStrategy: .string)
        options.ordersUnorderedElements = true
        return options
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
