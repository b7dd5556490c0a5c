import Foundation

/// A JSON object read as a keyed container: its members stay on the tape, and a key is found
/// by comparing bytes, from where the last lookup ended (``KeyHint``). No `String` is made for
/// a key the type does not ask for, and no dictionary is built, except for an object whose keys
/// the tape does not vouch are distinct (a repeated key, or more keys than the recorder
/// compares) and under a key strategy other than `.useDefaultKeys`, which needs every key
/// converted first (``keyIndex``).
///
/// When an object has a key twice, the first one counts, as in Foundation. A coding key with
/// characters beyond ASCII is also compared as a `String` (Unicode canonical equivalence), as
/// Foundation compares keys; an ASCII coding key is compared by bytes only.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// The object's begin entry.
    let begin: Int
    /// The object's end entry.
    let end: Int
    let path: CodingPathNode
    /// The object's keys, each with its first value, when they are not looked up on the tape.
    let keyIndex: KeyIndex?

    init(decoder: TapeDecoder, begin: Int, path: CodingPathNode) throws {
        self.decoder = decoder
        self.begin = begin
        self.end = decoder.tape.next(after: begin) - 1
        self.path = path
        let onTape = decoder.options.usesDefaultKeys && decoder.tape.keysAreDistinct(at: begin)
        self.keyIndex = onTape ? nil : Self.indexKeys(decoder: decoder, begin: begin, end: end, path: path)
    }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        if let keyIndex { return keyIndex.names.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        var index = begin + 1
        while index < end {
            if let key = Key(stringValue: decoder.tape.text(at: index).string) { keys.append(key) }
            index = decoder.tape.next(after: index + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { valueIndex(for: key) != nil }

    // MARK: Finding keys

    /// The tape index of the value of `key`, if the object has it.
    @inline(__always)
    func valueIndex(for key: Key) -> Int? { valueIndex(named: key.stringValue) }

    private func valueIndex(named name: String) -> Int? {
        if let keyIndex { return keyIndex.values[name] }
        return decoder.valueIndex(named: name, inObject: begin, end: end)
    }

    private func require(_ key: Key) throws -> Int {
        guard let index = valueIndex(for: key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    /// An object's keys as the key strategy converts them: in document order, each once (for
    /// `allKeys`), and each with the tape index of its value, the first of equal ones kept (for
    /// lookups).
    struct KeyIndex {
        var names: [String] = []
        var values: [String: Int] = [:]
    }

    private static func indexKeys(decoder: TapeDecoder, begin: Int, end: Int, path: CodingPathNode) -> KeyIndex {
        var converted = KeyIndex()
        let pathKeys = path.keys
        var index = begin + 1
        while index < end {
            let key = decoder.tape.text(at: index).string
            let name: String
            switch decoder.options.keyDecodingStrategy {
            case .convertFromSnakeCase: name = decoder.camelCased(key)
            case .custom(let convert): name = convert(pathKeys + [JSONCodingKey(stringValue: key)]).stringValue
            default: name = key
            }
            if converted.values[name] == nil {
                converted.values[name] = index + 1
                converted.names.append(name)
            }
            index = decoder.tape.next(after: index + 1)
        }
        return converted
    }

    // MARK: Values

    func decodeNil(forKey key: Key) throws -> Bool { decoder.tape.kind(at: try require(key)) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(at: require(key), in: path, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(at: require(key), in: path, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.floatingPoint(at: require(key), in: path, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.floatingPoint(at: require(key), in: path, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(at: require(key), in: path, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(at: require(key), in: path, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.value(T.self, at: require(key), in: path, key) }

    /// The value's index, or `nil` when the key is absent or its value is null (what every
    /// `decodeIfPresent` returns `nil` for), with one lookup.
    @inline(__always)
    private func presentValue(for key: Key) -> Int? {
        guard let index = valueIndex(for: key), decoder.tape.kind(at: index) != .null else { return nil }
        return index
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.bool(at: index, in: path, key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.string(at: index, in: path, key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.floatingPoint(at: index, in: path, key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.floatingPoint(at: index, in: path, key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.value(T.self, at: index, in: path, key)
    }

    private func integerIfPresent<I: FixedWidthInteger>(_ key: Key) throws -> I? {
        guard let index = presentValue(for: key) else { return nil }
        return try decoder.integer(at: index, in: path, key)
    }

    // MARK: Nested

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try require(key)
        return try decoder.decodeNested({ try decoder.container(keyedBy: type) }, at: index, path: path.appending(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try require(key)
        return try decoder.decodeNested({ try decoder.unkeyedContainer() }, at: index, path: path.appending(key))
    }

    /// A decoder of the value of `"super"`, or of a null when the object has no such key.
    func superDecoder() throws -> any Decoder {
        decoder.detachedDecoder(at: valueIndex(named: JSONCodingKey.super.stringValue) ?? decoder.tape.absentValue,
                                path: path.appending(JSONCodingKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.detachedDecoder(at: valueIndex(for: key) ?? decoder.tape.absentValue, path: path.appending(key))
    }
}
