import Foundation

/// One ``JSONCodableEncoder/encode(_:)`` in progress: the bytes written so far and the
/// containers still open, innermost last.
///
/// How `Codable` containers become bytes without a tree. Every container writes straight into
/// the one buffer (``writer``) while it is the innermost open one; the stack holds the open
/// containers, the document at index 0. A container is named by its depth in the stack and a
/// serial number, so an operation on it first checks that it is still the innermost
/// (``enter(depth:serial:place:)``): the common case, containers used in order, costs one
/// comparison. When an operation reaches a container below the innermost, the containers above
/// it are finished and closed. A container that was closed and is written again (a nested
/// container used after its parent moved on, a super encoder filled late, a keyed container
/// asking again for a key it already nested) is found again through its ``EncodingPlace``:
/// its parent is opened (the same way, if closed too), the value is located in the parent's
/// bytes by its key or index (``EncodingScan``), the bytes after it are set aside, and it is
/// open again at the end of the buffer; when it closes, the bytes set aside follow it. Object
/// members are listed as they are written (offsets, key hashes) so that a key written twice is
/// seen at once (the later value wins, as in Foundation) and so that, at the object's close, a
/// duplicate's bytes are dropped and with `.sortedKeys` the members are put in key order.
///
/// The state's stored properties are read and written without Swift's dynamic exclusivity
/// checks (`@exclusivity(unchecked)`): one encode uses its state on one thread at a time (a
/// fresh stack's thread runs while the caller waits), and no access to a property overlaps
/// another access to it, since every mutation is a single call on the property itself.
final class EncodingState {
    /// Foundation's `JSONWriter` refuses containers nested this deep, with the error of
    /// ``nestingError``; stopping there also bounds the recursion through the values'
    /// `encode(to:)`.
    static let maximumDepth = 512

    /// Containers opened on one stack before the values' recursion moves to a fresh one.
    static let containersPerStack = 32

    @exclusivity(unchecked)
    var writer: JSONWriter
    let options: JSONCodableEncoder.Options
    let pretty: Bool
    let sortsKeys: Bool
    /// Whether keys are written as the coding keys say (no strategy to apply per key).
    let usesDefaultKeys: Bool
    /// The open containers, index 0 the document.
    @exclusivity(unchecked)
    private var containers = EncodingStack<EncodingOpenContainer>()
    /// The members of the open objects, outer objects' first: the innermost object's are last.
    @exclusivity(unchecked)
    private var members = EncodingStack<EncodingMember>(capacity: 64)
    /// Member indices (into ``members``) by key hash, open addressing, -1 for empty: built for
    /// the container ``tableSerial`` when one of its keys is looked up past
    /// ``linearMembers`` members; it holds the members before ``tableMembers``.
    @exclusivity(unchecked)
    private var table: [Int32] = []
    @exclusivity(unchecked)
    private var tableSerial = -1
    @exclusivity(unchecked)
    private var tableMembers = 0
    /// For each open container that was opened again, innermost last: its parent's bytes
    /// after it, written back when it closes.
    @exclusivity(unchecked)
    private var setAside: [[UInt8]] = []
    @exclusivity(unchecked)
    private var nextSerial = 1
    /// The depth at which the current stack took over the recursion.
    @exclusivity(unchecked)
    var stackBase = 0
    /// The first misuse of the containers that Foundation stops the process for (a second
    /// value in one slot, a container of the other kind for a key); thrown when the encode ends.
    private(set) var misuse: String?
    /// Set when a container would be nested ``maximumDepth`` deep: every later write throws.
    private(set) var tooDeep = false
    /// Value encoders no one holds any more, for the next nested value.
    @exclusivity(unchecked)
    private var spareEncoders: [EncodingValueEncoder] = []
    /// `convertToSnakeCase` results, by key.
    @exclusivity(unchecked)
    private var snakeCaseKeys: [String: String] = [:]
    /// Room for members being reordered.
    @exclusivity(unchecked)
    private var scratch: [UInt8] = []

    init(options: JSONCodableEncoder.Options) {
        self.options = options
        pretty = options.outputFormatting.contains(.prettyPrinted)
        sortsKeys = options.outputFormatting.contains(.sortedKeys)
        if case .useDefaultKeys = options.keyEncodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        let escapesSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        writer = JSONWriter(options: EncodingOptions(escapesSlashes: escapesSlashes))
        containers.append(EncodingOpenContainer(serial: 0, isObject: false, start: 0, firstMember: 0))
    }

    /// The index of the innermost open container.
    var top: Int { containers.count - 1 }

    // MARK: Finding the container written to

    /// Makes the container `serial` at `depth` the innermost open one, closing those above it,
    /// or opens it again from `place`. `false` when it cannot be found (a container of a value
    /// whose encode has returned), after noting the misuse.
    @inline(__always)
    func enter(depth: Int, serial: Int, place: EncodingPlace?) -> Bool {
        if depth == top, containers[depth].serial == serial { return true }
        return enterSlowly(depth: depth, serial: serial, place: place)
    }

    private func enterSlowly(depth: Int, serial: Int, place: EncodingPlace?) -> Bool {
        if focus(depth: depth, serial: serial) { return true }
        if let place, reopen(place) { return true }
        noteMisuse("a container was used after the value it belongs to was encoded")
        return false
    }

    /// Closes the containers above the open container `serial` at `depth`; `false` if that
    /// container is not open.
    func focus(depth: Int, serial: Int) -> Bool {
        guard depth <= top, containers[depth].serial == serial else { return false }
        while top > depth { closeTop() }
        return true
    }

    /// Whether the open container `serial` at `depth` has its member or element `index` still
    /// waiting for its value (the slot of a value encoder).
    func slotIsWaiting(depth: Int, serial: Int, index: Int) -> Bool {
        guard focus(depth: depth, serial: serial) else { return false }
        return containers[depth].valuePending && containers[depth].count - 1 == index
    }

    /// The number of elements of the innermost container.
    var topCount: Int { containers[top].count }

    func noteMisuse(_ reason: String) {
        if misuse == nil { misuse = reason }
    }

    /// The error of a value nested ``maximumDepth`` containers deep, as Foundation reports it.
    func nestingError(for value: Any) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
    }

    // MARK: Members and elements

    /// Starts a member of the innermost container (an object) under `key`: the key is written,
    /// its value comes next. With `merging`, a live member of the same key is not replaced:
    /// nothing is written and its index is returned (a nested container asked for again).
    @discardableResult
    func beginMember(_ key: String, merging: Bool = false) -> Int? {
        finishPendingValue()
        let before = writer.bytes.count
        writeSeparator(count: containers[top].count)
        let keyStart = writer.bytes.count
        writer.writeString(key)
        let keyEnd = writer.bytes.count
        let hash = Self.hash(writer.bytes, keyStart..<keyEnd)
        let bit: UInt64 = 1 << UInt64(hash & 63)
        let mayBeListed = containers[top].keyBloom & bit != 0
        containers[top].keyBloom |= bit
        if mayBeListed, let existing = memberIndex(hash: hash, keyStart..<keyEnd) {
            if merging {
                writer.truncate(to: before)
                return existing
            }
            members[containers[top].firstMember + existing].isLive = false
            containers[top].replacedMembers += 1
        }
        writeColon()
        members.append(EncodingMember(start: keyStart, keyEnd: keyEnd, hash: hash))
        containers[top].count += 1
        containers[top].valuePending = true
        return nil
    }

    /// Starts an element of the innermost container (an array, or the document).
    func beginElement() {
        finishPendingValue()
        if top == 0, containers[0].count > 0 {
            noteMisuse("a second top-level value was encoded")
        }
        writeSeparator(count: containers[top].count)
        containers[top].count += 1
        containers[top].valuePending = true
    }

    /// The value of the member or element just begun is written (a scalar).
    @inline(__always)
    func valueWritten() {
        containers[top].valuePending = false
    }

    /// Writes a scalar as the value of the member or element begun last.
    func writeNullValue() {
        writer.writeNull()
        valueWritten()
    }

    func writeValue(_ value: Bool) {
        writer.writeBool(value)
        valueWritten()
    }

    func writeValue(_ value: String) {
        writer.writeString(value)
        valueWritten()
    }

    @inline(__always)
    func writeIntegerValue<I: BinaryInteger>(_ value: I) {
        writer.writeInteger(value)
        valueWritten()
    }

    /// Whether the member or element begun last still waits for its value.
    var valueIsPending: Bool { containers[top].valuePending }

    /// Writes `{}` for a member or element begun whose value never came, as Foundation does
    /// for a value that encodes nothing.
    func finishPendingValue() {
        guard containers[top].valuePending else { return }
        containers[top].valuePending = false
        writer.writeRaw(UInt8(ascii: "{"))
        if pretty {
            writer.writeRaw(UInt8(ascii: "\n"))
            writeNewlineAndIndent(top)
        }
        writer.writeRaw(UInt8(ascii: "}"))
    }

    // MARK: Containers

    /// Opens an object or array as the value of the member or element begun last; its serial.
    func pushContainer(isObject: Bool) -> Int {
        containers[top].valuePending = false
        if top + 1 >= Self.maximumDepth { tooDeep = true }
        let start = writer.bytes.count
        writer.writeRaw(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let serial = nextSerial
        nextSerial += 1
        containers.append(EncodingOpenContainer(serial: serial, isObject: isObject, start: start, firstMember: members.count))
        return serial
    }

    /// Closes the innermost container: its members put in order, its closing bracket, then
    /// the bytes of its parent set aside when it was opened again.
    func closeTop() {
        finishPendingValue()
        let count = containers[top].isObject ? rewriteMembers() : containers[top].count
        if pretty {
            if count == 0 { writer.writeRaw(UInt8(ascii: "\n")) }
            writeNewlineAndIndent(top - 1)
        }
        writer.writeRaw(containers[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        let closed = containers.removeLast()
        members.truncate(to: closed.firstMember)
        guard closed.formerEnd >= 0 else { return }
        let delta = writer.bytes.count - closed.formerEnd
        setAside.removeLast().withUnsafeBufferPointer { writer.writeRaw($0) }
        shiftMembers(from: closed.formerEnd, by: delta)
    }

    /// Drops the bytes of members a later one of the same key replaced and, with `.sortedKeys`,
    /// puts the members in Foundation's order (the keys' UTF-8 bytes); the number left.
    private func rewriteMembers() -> Int {
        let listed = containers[top].firstMember..<members.count
        // Without sorting or replaced members, the bytes are already what they should be.
        if !sortsKeys, containers[top].replacedMembers == 0 { return listed.count }
        var order = listed.filter { members[$0].isLive }
        if sortsKeys {
            order.sort { EncodingScan.keyPrecedes(writer.bytes, members[$0], members[$1]) }
        }
        guard order.count != listed.count || !order.elementsEqual(listed) else { return order.count }
        var scratch: [UInt8] = []
        swap(&scratch, &self.scratch)
        scratch.removeAll(keepingCapacity: true)
        for (position, index) in order.enumerated() {
            appendSeparator(count: position, to: &scratch)
            scratch.append(contentsOf: writer.bytes[members[index].start..<memberEnd(index)])
        }
        writer.replaceBytes(containers[top].start + 1..<writer.bytes.count, with: scratch)
        swap(&scratch, &self.scratch)
        containers[top].replacedMembers = 0
        return order.count
    }

    /// Where member `index` of the innermost object ends: before the separator of the next
    /// one, or at the end of the buffer for the last.
    private func memberEnd(_ index: Int) -> Int {
        guard index + 1 < members.count else { return writer.bytes.count }
        return members[index + 1].start - 1 - (pretty ? 1 + 2 * top : 0)
    }

    /// A new container serial, for a container about to be opened again from its place.
    func newSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// Throws once containers are nested ``maximumDepth`` deep, so that the values'
    /// recursion stops there.
    @inline(__always)
    func checkDepth() throws {
        if tooDeep { throw EncodingNestingLimit() }
    }

    // MARK: Taking back a value that failed

    /// The state before a member or element is begun.
    struct Mark {
        fileprivate let bytes: Int
        fileprivate let top: Int
        fileprivate let count: Int
        fileprivate let members: Int
        fileprivate let pending: Bool
    }

    var mark: Mark {
        Mark(bytes: writer.bytes.count, top: top, count: containers[top].count,
             members: members.count, pending: containers[top].valuePending)
    }

    /// Forgets a member or element whose value threw, as if it had not been begun: Foundation
    /// sets a key only once its value is made, so a caller that catches the error and goes on
    /// has nothing under that key.
    func rollBack(to mark: Mark) {
        guard top >= mark.top, containers[mark.top].count >= mark.count else { return }
        while top > mark.top {
            if containers.removeLast().formerEnd >= 0 { setAside.removeLast() }
        }
        writer.truncate(to: mark.bytes)
        containers[top].count = mark.count
        containers[top].valuePending = mark.pending
        members.truncate(to: mark.members)
        tableSerial = -1
    }

    // MARK: Opening a closed container again

    /// Opens again the container at `place`, closed since, at the end of the buffer.
    private func reopen(_ place: EncodingPlace) -> Bool {
        let parentDepth = place.depth - 1
        guard focus(depth: parentDepth, serial: place.parentSerial) || (place.parent.map(reopen) ?? false) else {
            return false
        }
        guard let range = valueRange(at: place), let first = writer.bytes[range].first,
              first == (place.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        else { return false }
        reinstate(serial: place.serial, isObject: place.isObject, range)
        return true
    }

    /// Opens the container whose bytes are `range` (ending the buffer's innermost container)
    /// as `serial`, the bytes after it set aside.
    private func reinstate(serial: Int, isObject: Bool, _ range: Range<Int>) {
        let spans = EncodingScan.members(writer.bytes, openedAt: range.lowerBound, isObject: isObject)
        var container = EncodingOpenContainer(serial: serial, isObject: isObject, start: range.lowerBound, firstMember: members.count)
        container.keyBloom = .max
        container.formerEnd = range.upperBound
        container.count = spans.count
        setAside.append(Array(writer.bytes[range.upperBound...]))
        writer.truncate(to: spans.last?.end ?? range.lowerBound + 1)
        containers.append(container)
        guard isObject else { return }
        for span in spans {
            members.append(EncodingMember(start: span.start, keyEnd: span.keyEnd, hash: Self.hash(writer.bytes, span.start..<span.keyEnd)))
        }
    }

    /// Where the value at `place` is in its parent, the innermost open container.
    private func valueRange(at place: EncodingPlace) -> Range<Int>? {
        let parent = containers[top]
        if parent.isObject {
            let found = place.key.map(memberIndex(forKey:)) ?? (place.index < members.count - parent.firstMember ? place.index : nil)
            guard let found, members[parent.firstMember + found].isLive else { return nil }
            let index = parent.firstMember + found
            let valueStart = members[index].keyEnd + (pretty ? 3 : 1)
            return valueStart..<memberEnd(index)
        }
        let elements = EncodingScan.members(writer.bytes, openedAt: top == 0 ? nil : parent.start, isObject: false)
        guard place.index < elements.count else { return nil }
        return elements[place.index].start..<elements[place.index].end
    }

    /// The live member of the innermost object under `key`, found by writing the key's text
    /// after the buffer's end for a moment.
    private func memberIndex(forKey key: String) -> Int? {
        let end = writer.bytes.count
        writer.writeString(key)
        let hash = Self.hash(writer.bytes, end..<writer.bytes.count)
        let index = memberIndex(hash: hash, end..<writer.bytes.count)
        writer.truncate(to: end)
        return index
    }

    /// The live member of the innermost object whose key is the bytes at `key`, by its index
    /// among that object's members. Past ``linearMembers`` members through the table, brought
    /// up to date here: most objects never look a key up, and build none.
    private func memberIndex(hash: Int, _ key: Range<Int>) -> Int? {
        let first = containers[top].firstMember
        if members.count - first <= Self.linearMembers {
            var index = members.count - 1
            while index >= first {
                if members[index].hash == hash, members[index].isLive, sameKey(index, key) { return index - first }
                index -= 1
            }
            return nil
        }
        updateTable()
        let mask = table.count - 1
        var slot = hash & mask
        while table[slot] >= 0 {
            let index = Int(table[slot])
            if members[index].hash == hash, members[index].isLive, sameKey(index, key) { return index - first }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Up to this many members of an object are searched one by one.
    private static let linearMembers = 8

    private func sameKey(_ index: Int, _ key: Range<Int>) -> Bool {
        let member = members[index]
        guard member.keyEnd - member.start == key.count else { return false }
        return writer.bytes.withUnsafeBufferPointer { bytes in
            KeyBytes.equal(bytes.baseAddress.unsafelyUnwrapped + member.start, bytes.baseAddress.unsafelyUnwrapped + key.lowerBound, count: key.count)
        }
    }

    /// Makes ``table`` hold the innermost object's members.
    private func updateTable() {
        let container = containers[top]
        if tableSerial != container.serial || (members.count - container.firstMember) * 2 > table.count {
            var size = 16
            while size < (members.count - container.firstMember) * 4 { size *= 2 }
            table = Array(repeating: -1, count: size)
            tableSerial = container.serial
            tableMembers = container.firstMember
        }
        let mask = table.count - 1
        for index in tableMembers..<members.count where members[index].isLive {
            var slot = members[index].hash & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index)
        }
        tableMembers = members.count
    }

    /// Moves the innermost object's members at or after `offset` by `delta` bytes (a child
    /// opened again grew).
    private func shiftMembers(from offset: Int, by delta: Int) {
        guard containers[top].isObject else { return }
        for index in containers[top].firstMember..<members.count where members[index].start >= offset {
            members[index].start += delta
            members[index].keyEnd += delta
        }
    }

    /// The key hash of the written bytes in `range` (``KeyBytes/hash(_:count:)``).
    private static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            Int(truncatingIfNeeded: KeyBytes.hash(buffer.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count))
        }
    }

    // MARK: Layout (Foundation's: `"key" : value`, two spaces per level)

    private func writeSeparator(count: Int) {
        if count > 0 { writer.writeRaw(UInt8(ascii: ",")) }
        if pretty, top > 0 { writeNewlineAndIndent(top) }
    }

    private func appendSeparator(count: Int, to bytes: inout [UInt8]) {
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * top))
        }
    }

    private func writeColon() {
        if pretty {
            writer.writeRaw(UInt8(ascii: " "))
            writer.writeRaw(UInt8(ascii: ":"))
            writer.writeRaw(UInt8(ascii: " "))
        } else {
            writer.writeRaw(UInt8(ascii: ":"))
        }
    }

    private func writeNewlineAndIndent(_ level: Int) {
        writer.writeRaw(UInt8(ascii: "\n"))
        for _ in 0..<(2 * level) { writer.writeRaw(UInt8(ascii: " ")) }
    }

    // MARK: Value encoders

    /// A value encoder for the member or element begun last in the innermost container.
    func valueEncoder(parent: EncodingValueEncoder?, key: (any CodingKey)?, place: EncodingPlace?) -> EncodingValueEncoder {
        let encoder = spareEncoders.popLast() ?? EncodingValueEncoder(state: self)
        encoder.attach(parent: parent, key: key, slotDepth: top, slotSerial: containers[top].serial,
                       slotIndex: containers[top].count - 1, place: place)
        return encoder
    }

    /// Takes back a value encoder whose value is written, unless someone kept it.
    func recycle(_ encoder: inout EncodingValueEncoder) {
        guard isKnownUniquelyReferenced(&encoder) else { return }
        encoder.detach()
        spareEncoders.append(encoder)
    }

    /// Lets go of the spare encoders (which hold this state) once the encode is over, closing
    /// what is still open.
    func end() {
        _ = focus(depth: 0, serial: 0)
        spareEncoders.removeAll()
    }

    /// `key` in snake case, as Foundation's `convertToSnakeCase` writes it.
    func snakeCased(_ key: String) -> String {
        if let converted = snakeCaseKeys[key] { return converted }
        let converted = EncodingKeys.snakeCased(key)
        snakeCaseKeys[key] = converted
        return converted
    }
}

/// Where a container that may be closed and written again lives: the slot of its parent
/// (a key, or an index) and how to open that parent again. Only nested containers and the
/// containers of super encoders have one; a value's own container cannot be closed while its
/// `encode(to:)` runs.
final class EncodingPlace {
    let depth: Int
    let serial: Int
    let isObject: Bool
    let parentSerial: Int
    let parent: EncodingPlace?
    /// The member's key in an object parent.
    let key: String?
    /// The element's index in an array parent, or the member's while its object parent is open.
    let index: Int
    /// The keys from the encoder's coding path to this container (a nested container's).
    let nestedPath: [any CodingKey]

    init(
        depth: Int, serial: Int, isObject: Bool, parentSerial: Int, parent: EncodingPlace?,
        key: String?, index: Int, nestedPath: [any CodingKey]
    ) {
        self.depth = depth
        self.serial = serial
        self.isObject = isObject
        self.parentSerial = parentSerial
        self.parent = parent
        self.key = key
        self.index = index
        self.nestedPath = nestedPath
    }
}

/// A member of an open object: where its key is (its value runs to the next member).
struct EncodingMember: BitwiseCopyable {
    var start: Int
    var keyEnd: Int
    var hash: Int
    /// `false` once a later member of the same key replaced it.
    var isLive = true

    init(start: Int, keyEnd: Int, hash: Int) {
        self.start = start
        self.keyEnd = keyEnd
        self.hash = hash
    }
}

/// An open container of an ``EncodingState``.
struct EncodingOpenContainer: BitwiseCopyable {
    var serial: Int
    var isObject: Bool
    /// The offset of the opening bracket.
    var start: Int
    /// Members or elements begun (replaced members included).
    var count = 0
    /// Whether the member or element begun last still waits for its value.
    var valuePending = false
    /// The index of its first member in the state's members (its members run to their end).
    var firstMember: Int
    /// Members a later member of the same key replaced.
    var replacedMembers = 0
    /// A bit per key hash (its low six bits) of the members listed: a key whose bit is clear
    /// is new, so most keys are not looked up. All set after the members were read back from
    /// the bytes (a container opened again).
    var keyBloom: UInt64 = 0
    /// Where this container ended before it was opened again (its parent's bytes after it are
    /// set aside until it closes); -1 when it was not.
    var formerEnd = -1

    init(serial: Int, isObject: Bool, start: Int, firstMember: Int) {
        self.serial = serial
        self.isObject = isObject
        self.start = start
        self.firstMember = firstMember
    }
}

/// Thrown through the values' `encode(to:)` once containers are nested
/// ``EncodingState/maximumDepth`` deep; ``JSONCodableEncoder`` reports it as Foundation does.
struct EncodingNestingLimit: Error {}
