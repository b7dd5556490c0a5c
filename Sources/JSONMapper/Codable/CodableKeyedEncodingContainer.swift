import Foundation

/// A keyed container of ``JSONCodableEncoder``: each member is written into the buffer as it
/// is encoded (see ``EncodingState``).
struct CodableKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    private let encoder: EncodingValueEncoder
    private let container: EncodingContainerID
    /// The encoder's state, held here too: reached through `encoder`, it is retained around
    /// every write.
    private let state: EncodingState

    init(encoder: EncodingValueEncoder, container: EncodingContainerID) {
        self.encoder = encoder
        self.container = container
        state = encoder.state
    }

    var codingPath: [any CodingKey] { encoder.codingPath + (container.place?.nestedPath ?? []) }

    /// The key as the key strategy writes it.
    private func converted(_ key: some CodingKey) -> String {
        if state.usesDefaultKeys { return key.stringValue }
        switch state.options.keyEncodingStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return state.snakeCased(key.stringValue)
        case .custom(let convert):
            return convert(codingPath + [key]).stringValue
        #if canImport(Darwin)
        @unknown default:
            // Refused before the encode starts (JSONCodableEncoder.Options.validate()).
            return key.stringValue
        #endif
        }
    }

    /// Makes this container the innermost, or `nil` when it cannot be (a misuse, noted).
    private func enter(_ key: Key) throws -> String? {
        try state.checkDepth()
        let name = converted(key)
        return state.enter(depth: container.depth, serial: container.serial, place: container.place) ? name : nil
    }

    private func begin(_ key: Key) throws -> Bool {
        guard let name = try enter(key) else { return false }
        state.beginMember(name)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws {
        guard try begin(key) else { return }
        state.writeNullValue()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        guard try begin(key) else { return }
        state.writeValue(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        guard try begin(key) else { return }
        state.writeValue(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeFloat(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeFloat(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeInteger(value, forKey: key) }

    // The protocol's own `encodeIfPresent` forms reach `encode` through the witness table,
    // generic over this container; these call it directly, and leave nil out as they do.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encodeFloat(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encodeFloat(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }

    @inline(__always)
    private func encodeInteger<I: BinaryInteger>(_ value: I, forKey key: Key) throws {
        guard try begin(key) else { return }
        state.writeIntegerValue(value)
    }

    /// A number the strategy refuses fails with the encoder's path and the key (Foundation
    /// leaves a nested container's keys out of it).
    @inline(__always)
    private func encodeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, forKey key: Key) throws {
        try state.checkFloat(value, strategy: state.options.nonConformingFloatEncodingStrategy) { encoder.codingPath + [key] }
        guard try begin(key) else { return }
        state.writeFloat(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let name = try enter(key) else { return }
        let mark = state.mark
        state.beginMember(name)
        do {
            try state.encodeValue(value, in: encoder, key: key)
        } catch {
            state.rollBack(to: mark)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(CodableKeyedEncodingContainer<NestedKey>(encoder: encoder, container: nest(isObject: true, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        CodableUnkeyedEncodingContainer(encoder: encoder, container: nest(isObject: false, forKey: key))
    }

    /// A container under `key`: a new one, or the one already there (Foundation gives the
    /// same container for a key asked twice, and merges into an object or array encoded there).
    private func nest(isObject: Bool, forKey key: Key) -> EncodingContainerID {
        let name = converted(key)
        guard state.enter(depth: container.depth, serial: container.serial, place: container.place) else { return .none }
        let nestedPath = (container.place?.nestedPath ?? []) + [key]
        let existing = state.beginMember(name, merging: true)
        let serial = existing == nil ? state.pushContainer(isObject: isObject) : state.newSerial()
        let place = EncodingPlace(
            depth: container.depth + 1, serial: serial, isObject: isObject, parentSerial: container.serial,
            parent: container.place, key: name, index: existing ?? state.topCount - 1, nestedPath: nestedPath)
        if existing != nil, !state.enter(depth: place.depth, serial: serial, place: place) { return .none }
        return EncodingContainerID(depth: place.depth, serial: serial, place: place)
    }

    mutating func superEncoder() -> any Encoder {
        makeSuperEncoder(key: JSONCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        makeSuperEncoder(key: key)
    }

    /// An encoder whose value is the member `key`, begun now and written whenever the encoder
    /// is used (`{}` if it never is).
    private func makeSuperEncoder(key: some CodingKey) -> any Encoder {
        let name = converted(key)
        let superEncoder = EncodingValueEncoder(state: state)
        guard state.enter(depth: container.depth, serial: container.serial, place: container.place) else {
            superEncoder.attach(parent: encoder, key: key, slotDepth: 0, slotSerial: -1, slotIndex: 0, place: nil)
            return superEncoder
        }
        state.beginMember(name)
        superEncoder.attach(parent: encoder, key: key, slotDepth: state.top, slotSerial: container.serial,
                            slotIndex: state.topCount - 1, place: container.place)
        superEncoder.attachSuper(slotKey: name)
        return superEncoder
    }
}
