import Foundation

/// Makes a ``JSONMappable`` type `Codable` through its mapping, so it also works with
/// `JSONEncoder`/`JSONDecoder`, `PropertyListEncoder`/`PropertyListDecoder` or any other coder:
/// the role `NSCoding` archiving plays for YYModel and Mantle models.
///
/// ```swift
/// struct User: JSONMappable, JSONMappableCodable { … }
/// let archived = try PropertyListEncoder().encode(user)
/// ```
/// The model goes through a ``JSONValue`` with the mapping's keys and nesting, so what any
/// coder sees is exactly the JSON JSONMapper writes. Structs and final classes get both
/// directions from this protocol; a non-final class can still call
/// ``JSONValue/init(from:)`` and ``JSONMapDecoder/decode(_:from:)-(_,JSONValue)`` itself.
public protocol JSONMappableCodable: JSONMappable, Codable {}

extension JSONMappableCodable {
    /// Decodes the model from any decoder, through its mapping.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        self = try JSONMapDecoder().decode(Self.self, from: value)
    }

    /// Encodes the model to any encoder, through its mapping.
    public func encode(to encoder: any Encoder) throws {
        try JSONMapEncoder().encode(self, as: JSONValue.self).encode(to: encoder)
    }
}

extension JSONValue: Codable {
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any value a `Decoder` holds as JSON: null, booleans, numbers (integers exactly),
    /// strings, arrays and keyed containers.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(JSONNumber(integer))
        } else if let unsigned = try? single.decode(UInt64.self) {
            self = .number(JSONNumber(unsigned))
        } else if let double = try? single.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes the value with the encoder's containers; members keep their order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var keyed = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in object { try keyed.encode(value, forKey: MemberKey(stringValue: key)) }
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let integer = number.int64Value {
                try single.encode(integer)
            } else if let unsigned = number.uint64Value {
                try single.encode(unsigned)
            } else if let double = number.doubleValue {
                try single.encode(double)
            } else {
                try single.encode(number.text)
            }
        }
    }
}
