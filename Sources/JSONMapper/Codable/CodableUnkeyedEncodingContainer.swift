import Foundation

/// An unkeyed container of ``JSONCodableEncoder``: each element is written into the buffer as
/// it is encoded (see ``EncodingState``). Two words and an optional reference, so the
/// existential holding it needs no box of its own.
struct CodableUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    private let encoder: EncodingValueEncoder
    private let container: EncodingContainerID
    private var state: EncodingState { encoder.state }

    init(encoder: EncodingValueEncoder, container: EncodingContainerID) {
        self.encoder = encoder
        self.container = container
    }

    var codingPath: [any CodingKey] { encoder.codingPath + (container.place?.nestedPath ?? []) }

    var count: Int {
        enter() ? state.topCount : 0
    }

    private func enter() -> Bool {
        state.enter(depth: container.depth, serial: container.serial, place: container.place)
    }

    private func begin() throws -> Bool {
        try state.checkDepth()
        guard enter() else { return false }
        state.beginElement()
        return true
    }

    mutating func encodeNil() throws {
        guard try begin() else { return }
        state.writeNullValue()
    }

    mutating func encode(_ value: Bool) throws {
        guard try begin() else { return }
        state.writeValue(value)
    }

    mutating func encode(_ value: String) throws {
        guard try begin() else { return }
        state.writeValue(value)
    }

    mutating func encode(_ value: Double) throws { try encodeFloat(value) }
    mutating func encode(_ value: Float) throws { try encodeFloat(value) }
    mutating func encode(_ value: Int) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try encodeInteger(value) }

    @inline(__always)
    private func encodeInteger<I: BinaryInteger>(_ value: I) throws {
        guard try begin() else { return }
        state.writeIntegerValue(value)
    }

    /// A number the strategy refuses fails with the encoder's path and the element's index.
    @inline(__always)
    private func encodeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) throws {
        try state.checkFloat(value, strategy: state.options.nonConformingFloatEncodingStrategy) {
            encoder.codingPath + [IndexKey(count)]
        }
        guard try begin() else { return }
        state.writeFloat(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.checkDepth()
        guard enter() else { return }
        let mark = state.mark
        state.beginElement()
        do {
            try state.encodeValue(value, in: encoder, key: IndexKey(state.topCount - 1))
        } catch {
            state.rollBack(to: mark)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(CodableKeyedEncodingContainer<NestedKey>(encoder: encoder, container: nest(isObject: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        CodableUnkeyedEncodingContainer(encoder: encoder, container: nest(isObject: false))
    }

    /// A new container as the next element.
    private func nest(isObject: Bool) -> EncodingContainerID {
        guard enter() else { return .none }
        state.beginElement()
        let index = state.topCount - 1
        let serial = state.pushContainer(isObject: isObject)
        let place = EncodingPlace(
            depth: container.depth + 1, serial: serial, isObject: isObject, parentSerial: container.serial,
            parent: container.place, key: nil, index: index,
            nestedPath: (container.place?.nestedPath ?? []) + [IndexKey(index)])
        return EncodingContainerID(depth: place.depth, serial: serial, place: place)
    }

    /// An encoder whose value is the next element, begun now and written whenever the encoder
    /// is used (`{}` if it never is).
    mutating func superEncoder() -> any Encoder {
        let superEncoder = EncodingValueEncoder(state: state)
        guard enter() else {
            superEncoder.attach(parent: encoder, key: nil, slotDepth: 0, slotSerial: -1, slotIndex: 0, place: nil)
            return superEncoder
        }
        state.beginElement()
        let index = state.topCount - 1
        superEncoder.attach(parent: encoder, key: IndexKey(index), slotDepth: state.top,
                            slotSerial: container.serial, slotIndex: index, place: container.place)
        superEncoder.attachSuper(slotKey: nil)
        return superEncoder
    }
}
