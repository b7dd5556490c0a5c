import Foundation

/// A JSON array read as an unkeyed container: a cursor over its elements on the tape.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let path: CodingPathNode
    /// The array's end entry.
    private let end: Int
    /// The next element's tape index.
    private var cursor: Int
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: TapeDecoder, begin: Int, path: CodingPathNode) {
        self.decoder = decoder
        self.path = path
        self.end = decoder.tape.next(after: begin) - 1
        self.cursor = begin + 1
        self.count = decoder.tape.memberCount(at: begin)
    }

    var codingPath: [any CodingKey] { path.keys }
    var isAtEnd: Bool { cursor >= end }

    /// The next element's index; at the end, `valueNotFound` with Foundation's message.
    private func next(_ type: Any.Type, message: String = "Unkeyed container is at end.") throws -> Int {
        guard cursor < end else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: path.keys(appending: IndexKey(currentIndex)), debugDescription: message))
        }
        return cursor
    }

    private mutating func advance() {
        if cursor < end { cursor = decoder.tape.next(after: cursor) }
        currentIndex += 1
    }

    /// Decodes the next element with `decode`, then moves past it.
    @inline(__always)
    private mutating func decodeNext<T>(_ type: T.Type, _ decode: (TapeDecoder, Int, CodingPathNode, IndexKey) throws -> T) throws -> T {
        let value = try decode(decoder, next(T.self), path, IndexKey(currentIndex))
        advance()
        return value
    }

    /// The next element decoded, or `nil` for a null or past the end; moves on either way.
    @inline(__always)
    private mutating func decodeNextIfPresent<T>(_ decode: (TapeDecoder, Int, CodingPathNode, IndexKey) throws -> T) throws -> T? {
        guard cursor < end, decoder.tape.kind(at: cursor) != .null else {
            advance()
            return nil
        }
        let value = try decode(decoder, cursor, path, IndexKey(currentIndex))
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tape.kind(at: try next(Never.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) { try $0.bool(at: $1, in: $2, $3) } }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) { try $0.string(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) { try $0.floatingPoint(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) { try $0.floatingPoint(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) { try $0.value(T.self, at: $1, in: $2, $3) } }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try decodeNextIfPresent { try $0.bool(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try decodeNextIfPresent { try $0.string(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try decodeNextIfPresent { try $0.floatingPoint(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try decodeNextIfPresent { try $0.floatingPoint(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try decodeNextIfPresent { try $0.integer(at: $1, in: $2, $3) } }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try decodeNextIfPresent { try $0.value(T.self, at: $1, in: $2, $3) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.decodeNested({ try decoder.container(keyedBy: type) }, at: index, path: path.appending(IndexKey(currentIndex)))
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try next(UnkeyedDecodingContainer.self, message: "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try decoder.decodeNested({ try decoder.unkeyedContainer() }, at: index, path: path.appending(IndexKey(currentIndex)))
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = try next(Decoder.self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        let superDecoder = decoder.detachedDecoder(at: index, path: path.appending(IndexKey(currentIndex)))
        advance()
        return superDecoder
    }
}
