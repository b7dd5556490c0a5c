import CYajlCallbacks

/// What a tape entry is: the C side's `cyajl_tape_kind`, read as the byte it is stored in.
struct TapeKind: Equatable {
    let rawValue: UInt8

    static let null = TapeKind(rawValue: UInt8(CYAJL_TAPE_NULL.rawValue))
    static let `false` = TapeKind(rawValue: UInt8(CYAJL_TAPE_FALSE.rawValue))
    static let `true` = TapeKind(rawValue: UInt8(CYAJL_TAPE_TRUE.rawValue))
    static let number = TapeKind(rawValue: UInt8(CYAJL_TAPE_NUMBER.rawValue))
    static let string = TapeKind(rawValue: UInt8(CYAJL_TAPE_STRING.rawValue))
    static let key = TapeKind(rawValue: UInt8(CYAJL_TAPE_KEY.rawValue))
    static let beginObject = TapeKind(rawValue: UInt8(CYAJL_TAPE_BEGIN_OBJECT.rawValue))
    static let endObject = TapeKind(rawValue: UInt8(CYAJL_TAPE_END_OBJECT.rawValue))
    static let beginArray = TapeKind(rawValue: UInt8(CYAJL_TAPE_BEGIN_ARRAY.rawValue))
    static let endArray = TapeKind(rawValue: UInt8(CYAJL_TAPE_END_ARRAY.rawValue))
}

/// A whole document's events, recorded by yajl's C callbacks (`CYajlCallbacks`' recording
/// table, `tape.c`) so that no event crosses into Swift while yajl parses; a reader walks the
/// entries afterwards, in any order, as often as it likes. A value is an index: a scalar is one
/// entry, a container runs from its begin to its end entry, and ``next(after:)`` passes over
/// either in one step.
///
/// The parse is the one every decode runs (``JSONParser``): the same raw-byte checks, limits,
/// syntax errors and positions. Only the delivery of events differs.
///
/// Every pointer the tape hands out is read here. Safety: the entries and the side buffer are
/// the C tape's arrays, which stay where they are from the end of ``record(_:limits:maxDepth:origin:)``
/// until the next recording or the tape's release. Text in the input is read through
/// ``input``, which the caller keeps alive while it reads (or replaces with an owned copy,
/// ``ownInput()``, when readers may outlive it).
final class Tape {
    private let raw: UnsafeMutablePointer<cyajl_tape>
    /// The entries of the last recording.
    private(set) var entries: UnsafePointer<cyajl_tape_entry>
    /// How many entries the last recording made.
    private(set) var count = 0
    /// A null entry after the document's: the value of something the document does not have.
    private(set) var absentValue = 0
    /// The document recorded last.
    private(set) var input: UnsafeRawBufferPointer
    private var ownedInput: UnsafeMutableRawBufferPointer?

    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: cyajl_tape())
        entries = UnsafePointer(bitPattern: MemoryLayout<cyajl_tape_entry>.alignment)!
        input = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    deinit {
        cyajltape_free(raw)
        raw.deallocate()
        ownedInput?.deallocate()
    }

    /// Records `bytes`, a whole document, in place of the last recording. Containers may nest
    /// `maxDepth` deep; a deeper one fails as in every decode. With `rawInputChecked`, the
    /// bytes are known to pass the raw input check.
    func record(_ bytes: UnsafeRawBufferPointer, limits: JSONParser.Limits, maxDepth: Int, origin: InputOrigin,
                rawInputChecked: Bool = false) throws(JSONMapperError) {
        ownedInput?.deallocate()
        ownedInput = nil
        input = bytes
        count = 0
        var limits = limits
        // An entry holds a text's length in 32 bits.
        limits.maxStringBytes = min(limits.maxStringBytes ?? .max, Int(UInt32.max))
        limits.maxNumberBytes = min(limits.maxNumberBytes ?? .max, Int(UInt32.max))
        let parser = JSONParser(sink: TapeSink(), limits: limits, origin: origin, rawInputChecked: rawInputChecked)
        cyajltape_begin(raw, parser.handle, bytes.baseAddress?.bytePointer, bytes.count, max(maxDepth, 0))
        parser.recordEvents(on: raw)
        try parser.parseDocument(bytes)
        count = raw.pointee.count
        absentValue = cyajltape_append_null(raw)
        entries = UnsafePointer(raw.pointee.entries)
    }

    /// Copies the input into memory the tape owns, so that readers which outlive the caller's
    /// buffer still read the text.
    func ownInput() {
        guard ownedInput == nil else { return }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(input.count, 1), alignment: 1)
        if input.count > 0 { copy.copyMemory(from: input) }
        ownedInput = copy
        input = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<input.count])
    }

    // MARK: Reading entries

    @inline(__always)
    func kind(at index: Int) -> TapeKind { TapeKind(rawValue: entries[index].kind) }

    /// How many containers enclose the container beginning at `index`.
    @inline(__always)
    func depth(at index: Int) -> Int { Int(entries[index].depth) }

    /// Whether the keys of the object beginning at `index` are known to be distinct: the
    /// recorder compared them all (``CYAJL_TAPE_CHECKED_KEYS`` at most) and found no repeat.
    @inline(__always)
    func keysAreDistinct(at index: Int) -> Bool { entries[index].textPlace == UInt8(CYAJL_OBJECT_KEYS_DISTINCT.rawValue) }

    /// Whether the object whose end entry is at `index` may have the key whose bytes are `key`
    /// (`false`: it surely has not), from the filter of its keys the recorder left there.
    @inline(__always)
    func objectMayHaveKey(_ key: UnsafeBufferPointer<UInt8>, endingAt index: Int) -> Bool {
        let bit = cyajltape_key_bit(key.baseAddress, key.count)
        return entries[index].position & (1 << UInt64(bit & 63)) != 0
    }

    /// A container's members (an object's key-value pairs, an array's elements).
    @inline(__always)
    func memberCount(at index: Int) -> Int { Int(entries[index].length) }

    /// The index just past the value at `index`: the next entry after a scalar, the entry after
    /// the end of a container.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == TapeKind.beginObject.rawValue || entry.kind == TapeKind.beginArray.rawValue
            ? Int(truncatingIfNeeded: entry.position) : index + 1
    }

    /// The text of a key or number: unescaped, valid UTF-8 (see ``JSONBytes``). A string's is
    /// read with ``string(at:)``, since a string with escapes is kept escaped.
    @inline(__always)
    func text(at index: Int) -> JSONBytes {
        let entry = entries[index]
        // Neither is nil when an entry points into it: the input holds the text, and the C side
        // allocates the side buffer before its first entry.
        let base = entry.textPlace == UInt8(CYAJL_TEXT_IN_INPUT.rawValue)
            ? input.baseAddress.unsafelyUnwrapped : UnsafeRawPointer(raw.pointee.side.unsafelyUnwrapped)
        return JSONBytes(start: (base + Int(truncatingIfNeeded: entry.position)).bytePointer,
                         count: Int(entry.length))
    }

    /// Whether the string at `index` is written with escapes (read it with ``string(at:)``).
    @inline(__always)
    func hasEscapes(at index: Int) -> Bool { entries[index].textPlace == UInt8(CYAJL_TEXT_ESCAPED.rawValue) }

    /// A string's contents, unescaped.
    @inline(__always)
    func string(at index: Int) -> String {
        let entry = entries[index]
        guard entry.textPlace == UInt8(CYAJL_TEXT_ESCAPED.rawValue) else { return text(at: index).string }
        // The escaped bytes are in the input, which the caller keeps alive (see the type's note).
        let escaped = (input.baseAddress.unsafelyUnwrapped + Int(truncatingIfNeeded: entry.position)).bytePointer
        // Made from bytes known to be UTF-8 (``JSONBytes/string``): the input was validated, and
        // a lone surrogate escape refused, before the parse; `String(unsafeUninitializedCapacity:)`
        // would validate them again.
        return JSONUnescaping.withUnescaped(UnsafeBufferPointer(start: escaped, count: Int(entry.length))) { text in
            JSONBytes(start: text.baseAddress.unsafelyUnwrapped, count: text.count).string
        }
    }
}

/// JSON string text without its escapes, by the tape's unescaper (`cyajltape_unescape`).
enum JSONUnescaping {
    /// Calls `body` with the unescaped text of `escaped`, well-formed JSON string contents
    /// (valid UTF-8, complete escapes, no lone surrogate), in scratch room valid for the call.
    static func withUnescaped<Result>(
        _ escaped: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(escaped.count, 1)) { out in
            let base = out.baseAddress.unsafelyUnwrapped
            let written = escaped.isEmpty ? 0 : cyajltape_unescape(escaped.baseAddress.unsafelyUnwrapped, escaped.count, base)
            return try body(UnsafeBufferPointer(start: base, count: written))
        }
    }
}

/// The sink of a recording parse: it hears only of the events that fail a check made in C.
private final class TapeSink: JSONEventSink {
    override func skippedContainerTooDeep() -> Bool {
        failure = .depthLimitExceeded(path: parser?.pathOfInnermostContainer() ?? "", location: parser?.locationOfCurrentValue())
        return false
    }
}
