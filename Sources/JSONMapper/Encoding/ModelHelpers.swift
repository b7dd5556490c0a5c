import Foundation

// What YYModel's `modelDescription`/`modelIsEqual:`/`modelHash`/`modelCopy` and Mantle's
// `MTLModel` give classes, computed through the mapping: two models are the same when they
// write the same JSON. Structs have Swift's own synthesized `Equatable`/`Hashable` as well.

extension JSONMappable {
    /// The model's type and its mapped properties as pretty JSON, for logs and debugging.
    public var jsonDescription: String {
        let body = (try? JSONMapper.encodeToString(self, options: EncodingOptions(indentWidth: 2, sortsKeys: true, nonFiniteStrategy: .string)))
            ?? "<not encodable>"
        return "\(type(of: self)) \(body)"
    }

    /// Whether `other` maps to the same JSON as this model (key order aside).
    public func jsonMappingEquals(_ other: Self) -> Bool {
        guard let mine = try? JSONMapper.encodeToJSONValue(self, options: Self.helperOptions),
              let theirs = try? JSONMapper.encodeToJSONValue(other, options: Self.helperOptions) else { return false }
        return type(of: self) == type(of: other) && mine == theirs
    }

    /// Hashes what ``jsonMappingEquals(_:)`` compares.
    public func jsonMappingHash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        hasher.combine(try? JSONMapper.encodeToJSONValue(self, options: Self.helperOptions))
    }

    private static var helperOptions: EncodingOptions { EncodingOptions(omitsNilProperties: false, nonFiniteStrategy: .string) }
}

extension JSONMappable where Self: AnyObject {
    /// A new instance of the same class (subclasses included) with the same mapped values,
    /// made by writing this one and reading it back.
    public func jsonMappingCopy() throws(JSONMapperError) -> Self {
        let bytes = try JSONMapper.encodeToBytes(self, options: EncodingOptions(omitsNilProperties: false))
        let reader = ModelRegistry.shared.reader(for: type(of: self), choosingType: false)
        return try JSONMapper.withBytes(of: bytes) { (buffer) throws(JSONMapperError) in
            try JSONMapper.decodeRoot(Self.self, reader: reader, DecodingOptions(), checksWholeDocument: true) { (session) throws(JSONMapperError) in
                try JSONParser(sink: session).parseDocument(buffer)
            }.value
        }
    }
}
