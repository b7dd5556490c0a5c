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
        try walk(value) { () throws(JSONMapperError) in try self.open(value) }
    }

    /// Emits a container's members between `begin` (which opens it for its handler) and its end.
    func emitContainer(_ value: JSONValue, begin: () throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        try walk(value, begin: begin)
    }

    /// Walks a tree with a stack of open containers on the heap, not the call stack, so any
    /// depth the options allow is safe on any thread. `begin` opens the root if it is a container.
    private func walk(_ root: JSONValue, begin: () throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var open: [ValueCursor] = []
        try enter(root, &open, begin: begin)
        while let last = open.indices.last {
            guard let (key, member) = open[last].next() else {
                let isObject = open.removeLast().isObject
                try check(isObject ? endObject() : endArray())
                continue
            }
            if let key { try withUTF8(key) { (bytes) throws(JSONMapperError) in try check(self.key(bytes)) } }
            try enter(member, &open) { () throws(JSONMapperError) in try self.open(member) }
        }
    }

    /// Opens a container for the handler of the frame it is in (a begin event).
    private func open(_ container: JSONValue) throws(JSONMapperError) {
        if case .object = container { try check(beginObject()) } else { try check(beginArray()) }
    }

    /// Emits a scalar, or opens a container and pushes the cursor over its members.
    private func enter(_ value: JSONValue, _ open: inout [ValueCursor], begin: () throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        switch value {
        case .null: try check(null())
        case .bool(let flag): try check(bool(flag))
        case .number(let number): try withUTF8(number.text) { (bytes) throws(JSONMapperError) in try check(self.number(bytes)) }
        case .string(let string): try withUTF8(string) { (bytes) throws(JSONMapperError) in try check(self.string(bytes)) }
        case .array(let elements):
            try begin()
            open.append(ValueCursor(elements: isSkipping ? [] : elements))
        case .object(let object):
            let framesBefore = frameCount
            try begin()
            open.append(ValueCursor(object: object, walk: memberWalk(count: object.count, framesBefore: framesBefore)))
        }
    }

    /// Emits a Foundation value: `NSNull`, `Bool`, `NSNumber` and Swift numbers, `String`,
    /// `[Any]`, `[String: Any]` (and their NS counterparts), and ``JSONValue``. Walked like a
    /// ``JSONValue``, without recursion.
    func emit(foundation root: Any) throws(JSONMapperError) {
        var open: [FoundationCursor] = []
        try enter(foundation: root, &open)
        while let last = open.indices.last {
            guard let (key, member) = open[last].next() else {
                let isObject = open.removeLast().isObject
                try check(isObject ? endObject() : endArray())
                continue
            }
            if let key { try withUTF8(key) { (bytes) throws(JSONMapperError) in try check(self.key(bytes)) } }
            try enter(foundation: member, &open)
        }
    }

    private func enter(foundation value: Any, _ open: inout [FoundationCursor]) throws(JSONMapperError) {
        // Classify by dynamic type first: a failed `as` pattern can run a whole Foundation
        // bridging conversion (NSNumber → Int, Decimal → Int64…) before it fails, which cost
        // most of the time of a dictionary decode.
        let kind = type(of: value)
        if kind == String.self {
            try withUTF8(value as! String) { (bytes) throws(JSONMapperError) in try check(self.string(bytes)) }
        } else if kind is NSNumber.Type {
            try emit(number: value as! NSNumber)
        } else if kind == [String: Any].self {
            try enter(dictionary: value as! [String: Any], &open)
        } else if kind == [Any].self {
            try enter(array: value as! [Any], &open)
        } else if kind is NSNull.Type {
            try check(null())
        } else if kind == Bool.self {
            try check(bool(value as! Bool))
        } else if kind == Int.self {
            try emit(integer: Int64(value as! Int))
        } else if kind == Int64.self {
            try emit(integer: value as! Int64)
        } else if kind == UInt64.self {
            try emit(unsigned: value as! UInt64)
        } else if kind == Double.self {
            try check(scalar(.double(value as! Double)))
        } else if kind == JSONValue.self {
            try emit(value as! JSONValue)
        } else {
            // Anything else that bridges: NSString, NSDictionary, other number types…
            switch value {
            case let string as String: try withUTF8(string) { (bytes) throws(JSONMapperError) in try check(self.string(bytes)) }
            case let dictionary as [String: Any]: try enter(dictionary: dictionary, &open)
            case let array as [Any]: try enter(array: array, &open)
            case let number as NSNumber: try emit(number: number)
            default: throw .typeMismatch(path: currentPath(), expected: "a JSON value", found: "\(kind)")
            }
        }
    }

    private func enter(dictionary: [String: Any], _ open: inout [FoundationCursor]) throws(JSONMapperError) {
        let framesBefore = frameCount
        try check(beginObject())
        open.append(FoundationCursor(dictionary: dictionary, walk: memberWalk(count: dictionary.count, framesBefore: framesBefore)))
    }

    private func enter(array: [Any], _ open: inout [FoundationCursor]) throws(JSONMapperError) {
        try check(beginArray())
        open.append(FoundationCursor(elements: isSkipping ? [] : array))
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
        try withUTF8(String(unsigned)) { (bytes) throws(JSONMapperError) in try check(self.number(bytes)) }
    }

    /// A decimal as number text, exactly. Foundation's own formatting of `Decimal` measured
    /// at a third of a dictionary decode, so the text is written from the decimal's
    /// mantissa and exponent (see ``DecimalWriting``).
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
            let start = raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + i
            return number(JSONBytes(start: start, count: raw.count - i))
        }
        try check(ok)
    }

    /// `NSNumber` for a boolean is a distinct class (`__NSCFBoolean` / `CFBoolean`), which
    /// `is Bool` does not tell apart from 0 and 1.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        let kind = type(of: number)
        return kind == type(of: NSNumber(value: true))
    }

    private func check(_ accepted: Bool) throws(JSONMapperError) {
        if !accepted { throw failure ?? .invalidValue(path: currentPath(), reason: "decoding stopped") }
        if let failure { throw failure }
    }

    private func withUTF8(_ string: String, _ body: (JSONBytes) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var string = string
        try string.withUTF8 { utf8 in
            Result { () throws(JSONMapperError) in
                // A zero-length buffer may have no address; any valid one does for no bytes.
                try body(JSONBytes(start: utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: utf8.count))
            }
        }.get()
    }
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

/// An open array or object of a ``JSONValue`` being walked: what is left of its members.
private struct ValueCursor {
    private let elements: [JSONValue]
    private let object: JSONObject
    /// The mapped keys to look up (property-driven walk), or `nil` to walk every member.
    private let keys: [String]?
    private var position = 0
    let isObject: Bool

    init(elements: [JSONValue]) {
        self.elements = elements
        object = JSONObject()
        keys = nil
        isObject = false
    }

    init(object: JSONObject, walk: MemberWalk) {
        elements = []
        isObject = true
        switch walk {
        case .none: (self.object, keys) = (JSONObject(), nil)
        case .all: (self.object, keys) = (object, nil)
        case .mappedKeys(let mapped): (self.object, keys) = (object, mapped)
        }
    }

    /// The next member (with its key, in an object), or `nil` at the end.
    mutating func next() -> (key: String?, value: JSONValue)? {
        guard isObject else {
            guard position < elements.count else { return nil }
            position += 1
            return (nil, elements[position - 1])
        }
        guard let keys else {
            guard position < object.count else { return nil }
            position += 1
            return object[position - 1]
        }
        while position < keys.count {
            position += 1
            if let member = object[keys[position - 1]] { return (keys[position - 1], member) }
        }
        return nil
    }
}

/// An open `[Any]` or `[String: Any]` being walked: what is left of its members.
private struct FoundationCursor {
    private let elements: [Any]
    private let dictionary: [String: Any]
    /// The mapped keys to look up (property-driven walk), or `nil` to walk every member.
    private let keys: [String]?
    private var position = 0
    private var index: Dictionary<String, Any>.Index
    let isObject: Bool

    init(elements: [Any]) {
        self.elements = elements
        dictionary = [:]
        keys = nil
        index = dictionary.startIndex
        isObject = false
    }

    init(dictionary: [String: Any], walk: MemberWalk) {
        elements = []
        isObject = true
        switch walk {
        case .none: (self.dictionary, keys) = ([:], nil)
        case .all: (self.dictionary, keys) = (dictionary, nil)
        case .mappedKeys(let mapped): (self.dictionary, keys) = (dictionary, mapped)
        }
        index = self.dictionary.startIndex
    }

    /// The next member (with its key, in an object), or `nil` at the end.
    mutating func next() -> (key: String?, value: Any)? {
        guard isObject else {
            guard position < elements.count else { return nil }
            position += 1
            return (nil, elements[position - 1])
        }
        guard let keys else {
            guard index != dictionary.endIndex else { return nil }
            let (key, value) = dictionary[index]
            dictionary.formIndex(after: &index)
            return (key, value)
        }
        while position < keys.count {
            position += 1
            if let member = dictionary[keys[position - 1]] { return (keys[position - 1], member) }
        }
        return nil
    }
}
