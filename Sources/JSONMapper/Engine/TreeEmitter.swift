import Foundation

/// Feeds a ``JSONValue`` (or a Foundation object such as `JSONSerialization` returns) to a
/// decoding session as parse events, so decoding from a tree runs the same codecs, coercions
/// and error paths as decoding from bytes.
///
/// Objects are walked the YYModel way: when the model reading an object maps fewer keys than
/// the object holds, the emitter looks up each mapped key in the object (property-driven);
/// otherwise it walks the object's members and the model looks each up (dictionary-driven).
/// Values the session skips are not walked at all.
extension DecodingSession {
    /// Emits a whole value.
    func emit(_ value: JSONValue) throws(JSONMapperError) {
        switch value {
        case .null: try check(null())
        case .bool(let flag): try check(bool(flag))
        case .number(let number): try withUTF8(number.text) { (bytes) throws(JSONMapperError) in try check(self.number(bytes)) }
        case .string(let string): try withUTF8(string) { (bytes) throws(JSONMapperError) in try check(self.string(bytes)) }
        case .array, .object: try emitContainer(value) { () throws(JSONMapperError) in try check(value.object != nil ? beginObject() : beginArray()) }
        }
    }

    /// Emits a container's members between `begin` (which opens it for its handler) and its end.
    func emitContainer(_ value: JSONValue, begin: () throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        let framesBefore = frameCount
        try begin()
        switch value {
        case .array(let elements):
            if !isSkipping { for element in elements { try emit(element) } }
            try check(endArray())
        case .object(let object):
            try emitMembers(object, count: object.count, framesBefore: framesBefore,
                            lookup: { object[$0] }, emit: { (member) throws(JSONMapperError) in try emit(member) })
            try check(endObject())
        default:
            preconditionFailure("emitContainer takes arrays and objects")
        }
    }

    /// Emits a Foundation value: `NSNull`, `Bool`, `NSNumber` and Swift numbers, `String`,
    /// `[Any]`, `[String: Any]` (and their NS counterparts), and ``JSONValue``.
    func emit(foundation value: Any) throws(JSONMapperError) {
        // Classify by dynamic type first: a failed `as` pattern can run a whole Foundation
        // bridging conversion (NSNumber → Int, Decimal → Int64…) before it fails, which cost
        // most of the time of a dictionary decode.
        let kind = type(of: value)
        if kind == String.self {
            try withUTF8(value as! String) { (bytes) throws(JSONMapperError) in try check(self.string(bytes)) }
        } else if kind is NSNumber.Type {
            try emit(number: value as! NSNumber)
        } else if kind == [String: Any].self {
            try emit(dictionary: value as! [String: Any])
        } else if kind == [Any].self {
            try emit(array: value as! [Any])
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
            case let string as String: try emit(foundation: string)
            case let dictionary as [String: Any]: try emit(dictionary: dictionary)
            case let array as [Any]: try emit(array: array)
            case let number as NSNumber: try emit(number: number)
            default: throw .typeMismatch(path: currentPath(), expected: "a JSON value", found: "\(kind)")
            }
        }
    }

    private func emit(dictionary: [String: Any]) throws(JSONMapperError) {
        let framesBefore = frameCount
        try check(beginObject())
        try emitMembers(dictionary, count: dictionary.count, framesBefore: framesBefore,
                        lookup: { dictionary[$0] }, emit: { (member) throws(JSONMapperError) in try emit(foundation: member) })
        try check(endObject())
    }

    /// Emits the members of the object just begun, walked as ``memberWalk(count:framesBefore:)``
    /// chooses: none (skipped), every member in order, or only the model's keys, each looked up
    /// with `lookup`. One walk for both kinds of tree (``JSONObject`` and `[String: Any]`).
    private func emitMembers<Members: Sequence, Member>(
        _ members: Members, count: Int, framesBefore: Int,
        lookup: (String) -> Member?, emit: (Member) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) where Members.Element == (key: String, value: Member) {
        switch memberWalk(count: count, framesBefore: framesBefore) {
        case .none:
            break
        case .all:
            for (key, member) in members {
                try withUTF8(key) { (bytes) throws(JSONMapperError) in try check(self.key(bytes)) }
                try emit(member)
            }
        case .mappedKeys(let keys):
            for key in keys {
                guard let member = lookup(key) else { continue }
                try withUTF8(key) { (bytes) throws(JSONMapperError) in try check(self.key(bytes)) }
                try emit(member)
            }
        }
    }

    private func emit(array: [Any]) throws(JSONMapperError) {
        try check(beginArray())
        if !isSkipping { for element in array { try emit(foundation: element) } }
        try check(endArray())
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
