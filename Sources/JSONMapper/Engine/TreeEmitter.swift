import Foundation

/// Feeds a ``JSONValue`` (or a Foundation object such as `JSONSerialization` returns) to a
/// decoding session as parse events, so decoding from a tree runs the same codecs, coercions
/// and error paths as decoding from bytes.
///
/// Objects are walked the YYModel way: when the model reading an object maps fewer keys than
/// the object holds, the emitter looks up each mapped key in the object (property-driven);
/// otherwise it walks the object's members and the model looks each up (dictionary-driven).
/// Values the session skips are not walked at all. The walk keeps its open containers on the
/// heap, not the call stack, so a tree as deep as ``DecodingOptions/maxDepth`` allows decodes
/// on any thread, as parsed bytes do.
extension DecodingSession {
    /// Emits a whole value.
    func emit(_ value: JSONValue) throws(JSONMapperError) {
        try walk(from: enter(value))
    }

    /// Emits a container's members between `begin` (which opens it for its handler) and its end;
    /// a scalar has nothing to open and is emitted as it is.
    func emitContainer(_ value: JSONValue, begin: () throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        let framesBefore = frameCount
        switch value {
        case .array(let elements):
            try begin()
            try walk(from: .opened(cursor(over: elements)))
        case .object(let object):
            try begin()
            try walk(from: .opened(cursor(over: object, framesBefore: framesBefore)))
        case .null, .bool, .number, .string:
            try emit(value)
        }
    }

    /// The member walk of both kinds of tree, from the step that emitted the root: steps the
    /// cursor of the innermost open container (each step emits one member, or opens it and
    /// hands back its cursor) and ends each container once its members are done. The innermost
    /// cursor stays in a local; the heap stack holds only the containers around it, so any
    /// depth the options allow is safe on any thread.
    private func walk<Cursor: MemberCursor>(from root: CursorStep<Cursor>) throws(JSONMapperError) {
        var outer: [Cursor] = []
        var cursor: Cursor
        switch root {
        case .opened(let container): cursor = container
        case .stopped: throw stopped()
        case .emitted, .ended: return
        }
        while true {
            switch try cursor.emitNext(into: self) {
            case .emitted:
                continue
            case .opened(let inner):
                // Moved, not copied: a copy would retain the cursor's arrays once per container.
                outer.append(consume cursor)
                cursor = inner
            case .ended:
                try check(cursor.isObject ? endObject() : endArray())
                guard let parent = outer.popLast() else { return }
                cursor = parent
            case .stopped:
                throw stopped()
            }
        }
    }

    /// Emits a member (or the root): a scalar, or a container's begin event, with the cursor
    /// over its members. A refused event comes back as the `stopped` step, which the walk
    /// throws: the per-member path calls no throwing check, which would cost a call and a test
    /// per member. Inlined into the cursor's step, which saves a call per member.
    @inline(__always)
    fileprivate func enter(_ value: JSONValue) -> CursorStep<JSONValueCursor> {
        switch value {
        case .null: return emitted(null())
        case .bool(let flag): return emitted(bool(flag))
        case .number(let number): return emitted(withUTF8(number.text) { self.number($0) })
        case .string(let string): return emitted(emit(treeString: string, isKey: false))
        case .array(let elements):
            guard succeeded(beginArray()) else { return .stopped }
            return .opened(cursor(over: elements))
        case .object(let object):
            let framesBefore = frameCount
            guard succeeded(beginObject()) else { return .stopped }
            return .opened(cursor(over: object, framesBefore: framesBefore))
        }
    }

    /// The step of a scalar just emitted.
    private func emitted(_ accepted: Bool) -> CursorStep<JSONValueCursor> {
        succeeded(accepted) ? .emitted : .stopped
    }

    /// The cursor over an array just begun; it has no members to walk if the array is skipped.
    private func cursor(over elements: [JSONValue]) -> JSONValueCursor {
        JSONValueCursor(elements: isSkipping ? [] : elements)
    }

    /// The cursor over an object just begun, walked as its handler chooses (`framesBefore`: the
    /// frames before the begin event, to see whether it pushed one).
    private func cursor(over object: JSONObject, framesBefore: Int) -> JSONValueCursor {
        JSONValueCursor(object: object, walk: memberWalk(count: object.count, framesBefore: framesBefore))
    }

    /// Emits an object member's key; false if the session refused it.
    fileprivate func emit(key: String) -> Bool {
        succeeded(emit(treeString: key, isKey: true))
    }

    /// Emits a Foundation value: `NSNull`, `Bool`, `NSNumber` and Swift numbers, `String`,
    /// `[Any]`, `[String: Any]` (and their NS counterparts), and ``JSONValue``. Walked like a
    /// ``JSONValue``, without recursion.
    func emit(foundation root: Any) throws(JSONMapperError) {
        try walk(from: enter(foundation: root))
    }

    /// Emits a Foundation scalar, or a container's begin event with the cursor over its members.
    fileprivate func enter(foundation value: Any) throws(JSONMapperError) -> CursorStep<FoundationCursor> {
        // Classify by dynamic type first: a failed `as` pattern can run a whole Foundation
        // bridging conversion (NSNumber → Int, Decimal → Int64…) before it fails, which cost
        // most of the time of a dictionary decode.
        let kind = type(of: value)
        if kind == String.self {
            try check(emit(treeString: unboxed(value, as: String.self), isKey: false))
        } else if kind is NSNumber.Type {
            try emit(number: unboxed(value, as: NSNumber.self))
        } else if kind == [String: Any].self {
            return try .opened(enter(dictionary: unboxed(value, as: [String: Any].self)))
        } else if kind == [Any].self {
            return try .opened(enter(array: unboxed(value, as: [Any].self)))
        } else if kind is NSNull.Type {
            try check(null())
        } else if kind == Bool.self {
            try check(bool(unboxed(value, as: Bool.self)))
        } else if kind == Int.self {
            try emit(integer: Int64(unboxed(value, as: Int.self)))
        } else if kind == Int64.self {
            try emit(integer: unboxed(value, as: Int64.self))
        } else if kind == UInt64.self {
            try emit(unsigned: unboxed(value, as: UInt64.self))
        } else if kind == Double.self {
            try check(scalar(.double(unboxed(value, as: Double.self))))
        } else if kind == JSONValue.self {
            try emit(value as! JSONValue)
        } else {
            // Anything else that bridges: NSString, NSDictionary, other number types…
            switch value {
            case let string as String: try check(emit(treeString: string, isKey: false))
            case let dictionary as [String: Any]: return try .opened(enter(dictionary: dictionary))
            case let array as [Any]: return try .opened(enter(array: array))
            case let number as NSNumber: try emit(number: number)
            default: throw .typeMismatch(path: currentPath(), expected: "a JSON value", found: "\(kind)")
            }
        }
        return .emitted
    }

    private func enter(dictionary: [String: Any]) throws(JSONMapperError) -> FoundationCursor {
        let framesBefore = frameCount
        try check(beginObject())
        return FoundationCursor(object: dictionary, walk: memberWalk(count: dictionary.count, framesBefore: framesBefore))
    }

    private func enter(array: [Any]) throws(JSONMapperError) -> FoundationCursor {
        try check(beginArray())
        return FoundationCursor(elements: isSkipping ? [] : array)
    }

    private func emit(number: NSNumber) throws(JSONMapperError) {
        if Self.isBoolean(number) { return try check(bool(number.boolValue)) }
        if let decimal = number as? NSDecimalNumber {
            // Foundation keeps long numbers as decimals: their digits are exact.
            return try emit(decimal: decimal.decimalValue)
        }
        // The number's own storage type says how to read it exactly.
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            try check(scalar(.double(number.doubleValue)))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            try emit(unsigned: number.uint64Value)
        default:
            try emit(integer: number.int64Value)
        }
    }

    /// An unsigned integer as number text (it may be above `Int64.max`).
    private func emit(unsigned: UInt64) throws(JSONMapperError) {
        if let signed = Int64(exactly: unsigned) { return try emit(integer: signed) }
        try check(withUTF8(String(unsigned)) { number($0) })
    }

    /// A decimal as number text, exactly. Foundation's own formatting of `Decimal` would
    /// dominate a dictionary decode, so the text is written from the decimal's mantissa and
    /// exponent (see ``DecimalWriting``).
    private func emit(decimal: Decimal) throws(JSONMapperError) {
        guard decimal.isFinite else { return try check(null()) }
        let accepted = DecimalWriting.withText(of: decimal) { self.number(JSONBytes(start: $0.baseAddress!, count: $0.count)) }
        try check(accepted)
    }

    /// An integer as number text, formatted on the stack.
    private func emit(integer: Int64) throws(JSONMapperError) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &digits) { raw -> Bool in
            var magnitude = integer.magnitude
            var i = raw.count
            repeat {
                i -= 1
                raw[i] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if integer < 0 { i -= 1; raw[i] = UInt8(ascii: "-") }
            let start = UnsafeRawPointer(raw.baseAddress!).bytePointer + i
            return number(JSONBytes(start: start, count: raw.count - i))
        }
        try check(ok)
    }

    /// `NSNumber` for a boolean is a distinct class (`__NSCFBoolean` / `CFBoolean`), which
    /// `is Bool` does not tell apart from 0 and 1.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == booleanClass
    }

    private static let booleanClass = type(of: NSNumber(value: true))

    private func check(_ accepted: Bool) throws(JSONMapperError) {
        if !succeeded(accepted) { throw stopped() }
    }

    /// Whether an event was taken and nothing has failed, so the walk goes on. (A pattern, not
    /// `failure == nil`, which copies the error to compare it as `Equatable`.)
    fileprivate func succeeded(_ accepted: Bool) -> Bool {
        guard case .none = failure else { return false }
        return accepted
    }

    /// The error that stops the walk after an event ``succeeded(_:)`` says no to.
    private func stopped() -> JSONMapperError {
        failure ?? .invalidValue(path: currentPath(), reason: "decoding stopped")
    }

    /// Calls `body` with the string's UTF-8 bytes: in place for a native string, from a
    /// contiguous copy for a bridged one. Always inlined: called per string, key and number of
    /// a tree, and a call would also retain the session its closure captures.
    @inline(__always)
    func withUTF8(_ string: String, _ body: (JSONBytes) -> Bool) -> Bool {
        func call(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            // A zero-length buffer may have no address; any valid one does for no bytes.
            body(JSONBytes(start: utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: utf8.count))
        }
        if let result = string.utf8.withContiguousStorageIfAvailable(call) { return result }
        var contiguous = string
        return contiguous.withUTF8(call)
    }
}

/// The `T` held by `value`, whose dynamic type the caller has just found to be `T` (or, for a
/// class, a subclass of it): read from the existential's inline buffer rather than through a
/// dynamic cast, which is a large share of a dictionary decode. Safe because an `Any`
/// stores a value of at most three words inline at the start of its container (the Swift ABI's
/// existential container layout), and every `T` this is used for — `String`, `Bool`, `Int`,
/// `Int64`, `UInt64`, `Double`, `[Any]`, `[String: Any]` and class references — is that small
/// and at most word-aligned. The raw load copies the value out without binding the buffer's
/// memory to `T`, and retains what it must.
@inline(__always)
private func unboxed<T>(_ value: Any, as type: T.Type) -> T {
    assert(MemoryLayout<T>.size <= 3 * MemoryLayout<Int>.size && (Swift.type(of: value) == T.self || value is T))
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
}

/// How the members of an object being emitted are walked.
enum MemberWalk {
    /// Not at all: the session skips the object.
    case none
    /// Every member, in order.
    case all
    /// Only these keys, looked up in the object (property-driven).
    case mappedKeys([String])
}

/// An open array or object of a tree being walked: what is left of its members, walked in
/// order, or (for an object read property-driven) only the mapped keys, looked up. One
/// concrete cursor per kind of tree, holding just what its walk needs: the walk pushes and pops
/// one per container, so its size and its reference counts are the walk's cost.
protocol MemberCursor {
    /// Whether the container is an object (its end is an end-object event).
    var isObject: Bool { get }
    /// Emits the next member (its key first, in an object): a scalar, or a container's begin
    /// event. The cursor emits the member itself rather than returning it to a walk that emits
    /// it through a closure: a closure capturing the session retained it for every member.
    mutating func emitNext(into session: DecodingSession) throws(JSONMapperError) -> CursorStep<Self>
}

/// What one step of a ``MemberCursor`` did.
enum CursorStep<Cursor> {
    /// Emitted a scalar member.
    case emitted
    /// Opened a container member: its cursor, whose members come next.
    case opened(Cursor)
    /// There were no members left: the container ends.
    case ended
    /// The session refused an event: the walk throws its failure.
    case stopped
}

/// A cursor over a ``JSONValue`` array or ``JSONObject``. An object walked in full reads its
/// keys and values arrays by position; one walked by mapped keys looks each up.
struct JSONValueCursor: MemberCursor {
    /// The object's keys, or the mapped keys to look up; empty for an array.
    private let keys: [String]
    /// The array's elements, or the object's values; empty for a lookup walk.
    private let values: [JSONValue]
    /// The object the mapped keys are looked up in (property-driven walk).
    private let lookup: JSONObject?
    private var position = 0
    let isObject: Bool

    init(elements: [JSONValue]) {
        (keys, values, lookup, isObject) = ([], elements, nil, false)
    }

    /// `object` is borrowed: a cursor walking it in full keeps just its keys and values, and
    /// passing it whole would retain and release its lookup table too.
    init(object: borrowing JSONObject, walk: MemberWalk) {
        isObject = true
        switch walk {
        case .none: (keys, values, lookup) = ([], [], nil)
        case .all: (keys, values, lookup) = (object.keys, object.values, nil)
        case .mappedKeys(let mapped): (keys, values, lookup) = (mapped, [], copy object)
        }
    }

    /// Inlined into the walk, and the member's `enter`, the session's scalar routing and the
    /// object's walk choice with it, so a step costs no call.
    @inline(__always)
    mutating func emitNext(into session: DecodingSession) -> CursorStep<Self> {
        // Matched, not bound: binding the object here would copy it (a retain and release)
        // on every step of the walk.
        if case .some = lookup { return emitNextMapped(into: session) }
        guard position < values.count else { return .ended }
        position += 1
        if isObject, !session.emit(key: keys[position - 1]) { return .stopped }
        return session.enter(values[position - 1])
    }

    /// The next mapped key the object has, looked up.
    private mutating func emitNextMapped(into session: DecodingSession) -> CursorStep<Self> {
        while position < keys.count {
            position += 1
            if let member = lookup?[keys[position - 1]] {
                guard session.emit(key: keys[position - 1]) else { return .stopped }
                return session.enter(member)
            }
        }
        return .ended
    }
}

/// A cursor over a Foundation `[Any]` or `[String: Any]`: a dictionary walked in full goes
/// through its iterator (an index would cost a hash-table probe per step); one walked by mapped
/// keys looks each up.
struct FoundationCursor: MemberCursor {
    private let elements: [Any]
    private var members: Dictionary<String, Any>.Iterator?
    /// The mapped keys to look up, with the dictionary (property-driven walk).
    private let lookup: (keys: [String], object: [String: Any])?
    private var position = 0
    let isObject: Bool

    init(elements: [Any]) {
        (self.elements, members, lookup, isObject) = (elements, nil, nil, false)
    }

    init(object: [String: Any], walk: MemberWalk) {
        (elements, isObject) = ([], true)
        switch walk {
        case .none: (members, lookup) = (nil, nil)
        case .all: (members, lookup) = (object.makeIterator(), nil)
        case .mappedKeys(let mapped): (members, lookup) = (nil, (mapped, object))
        }
    }

    mutating func emitNext(into session: DecodingSession) throws(JSONMapperError) -> CursorStep<Self> {
        guard let (key, member) = next() else { return .ended }
        if let key, !session.emit(key: key) { return .stopped }
        return try session.enter(foundation: member)
    }

    /// The next member (with its key, in an object), or `nil` at the end.
    private mutating func next() -> (key: String?, value: Any)? {
        if let lookup {
            while position < lookup.keys.count {
                position += 1
                if let member = lookup.object[lookup.keys[position - 1]] { return (lookup.keys[position - 1], member) }
            }
            return nil
        }
        if isObject { return members?.next().map { ($0.key, $0.value) } }
        guard position < elements.count else { return nil }
        position += 1
        return (nil, elements[position - 1])
    }
}
