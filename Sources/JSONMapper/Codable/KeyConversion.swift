import Foundation

/// Foundation's key conversions, written as its coders apply them.
enum SnakeCase {
    /// `convertFromSnakeCase`: `first_name` → `firstName`; leading and trailing underscores
    /// stay, and a key without an inner underscore is left as it is.
    static func camelCased(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(key[first...last])
        } else {
            joined = ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}

/// A dictionary keyed by `String`, whose keys a key decoding strategy leaves as they are (as
/// Foundation does: the strategy converts the keys of coding keys, not a dictionary's data).
protocol StringKeyedDictionary {
    static func decodeKeepingKeys(from decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeKeepingKeys(from decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self {
        let tape = decoder.tape
        guard tape.kind(at: index) == .beginObject else {
            let keys = path.keys
            if tape.kind(at: index) == .null {
                throw DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                    codingPath: keys, debugDescription: "Cannot get value of type \([String: Any].self) -- found null value instead"))
            }
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(
                codingPath: keys, debugDescription: "Expected to decode \([String: Any].self) but found \(decoder.describeValue(at: index)) instead."))
        }
        var result = [String: Value](minimumCapacity: tape.memberCount(at: index))
        let end = tape.next(after: index) - 1
        var member = index + 1
        while member < end {
            let key = tape.text(at: member).string
            if result[key] == nil {
                result[key] = try decoder.value(Value.self, at: member + 1, in: path, JSONCodingKey(stringValue: key))
            }
            member = tape.next(after: member + 1)
        }
        return result
    }
}
