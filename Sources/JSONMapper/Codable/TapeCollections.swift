import Foundation

/// A collection decoded straight from the tape: what its `init(from:)` does through a
/// container (the same values, paths and errors), with the capacity the tape knows reserved and
/// no container, coding keys or generic standard-library code per collection, which dominate
/// small arrays (coordinates) and large dictionaries alike.
protocol CollectionOnTape {
    /// The collection at `index`, whose coding path is `path`.
    static func decode(from decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self
}

extension Array: CollectionOnTape where Element: Decodable {
    static func decode(from decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self {
        try decoder.checkArray(at: index, path: path)
        let tape = decoder.tape
        var elements: [Element] = []
        elements.reserveCapacity(tape.memberCount(at: index))
        let end = tape.next(after: index) - 1
        var element = index + 1
        while element < end {
            elements.append(try decoder.value(Element.self, at: element, in: path, IndexKey(elements.count)))
            element = tape.next(after: element)
        }
        return elements
    }
}

/// A `[String: T]`. Its keys are the object's, whatever the key decoding strategy (which
/// converts the keys of coding keys, not a dictionary's data); a key repeated keeps its first
/// value, as in Foundation.
///
/// Foundation takes two paths, and this follows both. Under a key strategy it decodes the
/// dictionary itself: every value is decoded (a repeated key's too), and a value that is not an
/// object fails as a `[String: Any]`. With the default keys it runs `Dictionary.init(from:)`:
/// the value's errors are the keyed container's (that initializer reports them here), a repeated
/// key's later values are never decoded, and the entries' keys in coding paths carry the
/// integer their text spells.
extension Dictionary: CollectionOnTape where Key == String, Value: Decodable {
    static func decode(from decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self {
        let tape = decoder.tape
        let usesDefaultKeys = decoder.options.usesDefaultKeys
        guard tape.kind(at: index) == .beginObject else {
            if usesDefaultKeys { return try decoder.decodeNested({ try Self(from: decoder) }, at: index, path: path) }
            throw notAnObject(decoder, at: index, path: path)
        }
        var result = [String: Value](minimumCapacity: tape.memberCount(at: index))
        let end = tape.next(after: index) - 1
        var member = index + 1
        while member < end {
            let key = tape.text(at: member).string
            if usesDefaultKeys {
                if result[key] == nil {
                    result[key] = try decoder.value(Value.self, at: member + 1, in: path, JSONCodingKey(dictionaryKey: key))
                }
            } else {
                let value = try decoder.value(Value.self, at: member + 1, in: path, JSONCodingKey(stringValue: key))
                if result[key] == nil { result[key] = value }
            }
            member = tape.next(after: member + 1)
        }
        return result
    }

    private static func notAnObject(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode) -> DecodingError {
        decoder.kindMismatch([String: Any].self, at: index, codingPath: path.keys)
    }
}
