import Foundation

/// The `Encoder` a value's `encode(to:)` receives, and its single value container: it writes
/// one value into its slot, a member or element its parent container began (or the document).
///
/// The encoder of a nested value is taken from the state's spares and given back when the
/// value is written, unless the value kept it. A super encoder (`superEncoder()`) is made
/// anew and knows its slot's ``EncodingPlace``, so it can be filled after its parent moved on.
final class EncodingValueEncoder: Encoder, SingleValueEncodingContainer {
    let state: EncodingState
    /// The encoder of the container holding this value's slot, for the coding path.
    private var parent: EncodingValueEncoder?
    private var key: (any CodingKey)?
    /// The container holding the slot, and the slot's index in it.
    private(set) var slotDepth = 0
    private(set) var slotSerial = 0
    private var slotIndex = 0
    /// For a super encoder: where the slot's container lives and the slot's key in it.
    private var slotParentPlace: EncodingPlace?
    private var slotKey: String?
    private var isSuperEncoder = false
    /// The container this encoder opened (serial 0: none yet).
    private var containerSerial = 0
    private var containerIsObject = false
    private var containerPlace: EncodingPlace?

    init(state: EncodingState) {
        self.state = state
    }

    /// Points a spare encoder at the slot begun last.
    func attach(parent: EncodingValueEncoder?, key: (any CodingKey)?, slotDepth: Int, slotSerial: Int, slotIndex: Int, place: EncodingPlace?) {
        self.parent = parent
        self.key = key
        self.slotDepth = slotDepth
        self.slotSerial = slotSerial
        self.slotIndex = slotIndex
        self.slotParentPlace = place
    }

    /// Makes this a super encoder, whose slot may be written after its parent moved on.
    func attachSuper(slotKey: String?) {
        isSuperEncoder = true
        self.slotKey = slotKey
    }

    /// Forgets the slot, for reuse.
    func detach() {
        parent = nil
        key = nil
        slotParentPlace = nil
        slotKey = nil
        isSuperEncoder = false
        containerSerial = 0
        containerPlace = nil
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: EncodingValueEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { state.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CodableKeyedEncodingContainer<Key>(encoder: self, container: openContainer(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CodableUnkeyedEncodingContainer(encoder: self, container: openContainer(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// This encoder's container: opened in the slot, or the one opened before (a class and its
    /// superclass share their encoder), or, when the slot already holds an object or array of
    /// that kind, that value opened again (Foundation merges them).
    private func openContainer(isObject: Bool) -> EncodingContainerID {
        if containerSerial != 0 {
            guard containerIsObject == isObject else {
                state.noteMisuse("a keyed and an unkeyed container were both asked of one encoder")
                return .none
            }
            return EncodingContainerID(depth: slotDepth + 1, serial: containerSerial, place: containerPlace)
        }
        if state.slotIsWaiting(depth: slotDepth, serial: slotSerial, index: slotIndex) {
            let serial = state.pushContainer(isObject: isObject)
            return adopt(serial: serial, isObject: isObject)
        }
        let id = adopt(serial: state.newSerial(), isObject: isObject)
        let place = id.place ?? slotPlace(serial: id.serial, isObject: isObject)
        guard state.enter(depth: id.depth, serial: id.serial, place: place) else {
            containerSerial = 0
            return .none
        }
        return id
    }

    private func adopt(serial: Int, isObject: Bool) -> EncodingContainerID {
        containerSerial = serial
        containerIsObject = isObject
        containerPlace = isSuperEncoder ? slotPlace(serial: serial, isObject: isObject) : nil
        return EncodingContainerID(depth: slotDepth + 1, serial: serial, place: containerPlace)
    }

    private func slotPlace(serial: Int, isObject: Bool) -> EncodingPlace {
        EncodingPlace(depth: slotDepth + 1, serial: serial, isObject: isObject, parentSerial: slotSerial,
                      parent: slotParentPlace, key: slotKey, index: slotIndex, nestedPath: [])
    }

    // MARK: SingleValueEncodingContainer

    /// Whether the slot waits for this value; a second value is a misuse (Foundation stops).
    private func beginValue() throws -> Bool {
        try state.checkDepth()
        if state.slotIsWaiting(depth: slotDepth, serial: slotSerial, index: slotIndex) { return true }
        state.noteMisuse("a single value container encoded a second value")
        return false
    }

    func encodeNil() throws {
        guard try beginValue() else { return }
        state.writeNullValue()
    }

    func encode(_ value: Bool) throws {
        guard try beginValue() else { return }
        state.writeValue(value)
    }

    func encode(_ value: String) throws {
        guard try beginValue() else { return }
        state.writeValue(value)
    }

    func encode(_ value: Double) throws { try encodeFloat(value) }
    func encode(_ value: Float) throws { try encodeFloat(value) }
    func encode(_ value: Int) throws { try encodeInteger(value) }
    func encode(_ value: Int8) throws { try encodeInteger(value) }
    func encode(_ value: Int16) throws { try encodeInteger(value) }
    func encode(_ value: Int32) throws { try encodeInteger(value) }
    func encode(_ value: Int64) throws { try encodeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { try encodeInteger(value) }
    func encode(_ value: UInt) throws { try encodeInteger(value) }
    func encode(_ value: UInt8) throws { try encodeInteger(value) }
    func encode(_ value: UInt16) throws { try encodeInteger(value) }
    func encode(_ value: UInt32) throws { try encodeInteger(value) }
    func encode(_ value: UInt64) throws { try encodeInteger(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { try encodeInteger(value) }

    func encode<T: Encodable>(_ value: T) throws {
        guard try beginValue() else { return }
        try state.encodeValue(value, in: self, key: nil)
    }

    @inline(__always)
    private func encodeInteger<I: BinaryInteger>(_ value: I) throws {
        guard try beginValue() else { return }
        state.writeIntegerValue(value)
    }

    @inline(__always)
    private func encodeFloat<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) throws {
        try state.checkFloat(value, strategy: state.options.nonConformingFloatEncodingStrategy) { self.codingPath }
        guard try beginValue() else { return }
        state.writeFloat(value)
    }

    /// Writes the top-level value into the document; `false` when it wrote nothing.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> Bool {
        try state.encodeValue(value, in: self, key: nil, emptyIsObject: false)
        return !state.slotIsWaiting(depth: 0, serial: 0, index: 0)
    }
}

/// Which open container a container value writes to: its depth and serial packed in one word
/// (an unkeyed container stays within an existential's inline buffer), and its place when it
/// may be opened again.
struct EncodingContainerID {
    private let packed: Int
    let place: EncodingPlace?

    init(depth: Int, serial: Int, place: EncodingPlace?) {
        packed = serial << 16 | depth
        self.place = place
    }

    var depth: Int { packed & 0xFFFF }
    var serial: Int { packed >> 16 }

    /// A container that could not be opened: every use notes a misuse and writes nothing.
    static var none: EncodingContainerID { EncodingContainerID(depth: 0, serial: -1, place: nil) }
}
