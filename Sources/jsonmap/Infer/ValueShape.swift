import JSONMapper

/// What the values seen at one place of the sampled records looked like: their JSON kinds,
/// how often they were present and non-null, and (for objects and arrays) the shapes of
/// their members and elements. Built by merging every sampled value in.
struct ValueShape {
    /// The JSON kinds seen, with numbers split by what they fit.
    struct Kinds: OptionSet {
        let rawValue: Int
        static let null = Kinds(rawValue: 1)
        static let bool = Kinds(rawValue: 2)
        /// An integer that fits `Int`.
        static let int = Kinds(rawValue: 4)
        /// An integer too long for `Int`: exact as a decimal.
        static let bigInt = Kinds(rawValue: 8)
        static let double = Kinds(rawValue: 16)
        static let string = Kinds(rawValue: 32)
        static let object = Kinds(rawValue: 64)
        static let array = Kinds(rawValue: 128)

        static let scalars: Kinds = [.bool, .int, .bigInt, .double, .string]
    }

    /// A member of the objects seen, with the shape of its values.
    struct Member {
        let key: String
        var shape: ValueShape
    }

    var kinds: Kinds = []
    /// Values seen that were not `null`.
    var nonNullCount = 0
    /// Members of the objects seen, in the order their keys first appeared.
    var members: [Member] = []
    /// Every element of the arrays seen, merged.
    var elements: [ValueShape] = []

    /// Merges one more value in.
    mutating func add(_ value: JSONValue) {
        switch value {
        case .null: kinds.insert(.null); return
        case .bool: kinds.insert(.bool)
        case .number(let number): kinds.insert(number.intValue != nil ? .int : number.text.contains(where: { ".eE".contains($0) }) ? .double : .bigInt)
        case .string: kinds.insert(.string)
        case .object(let object):
            kinds.insert(.object)
            for (key, member) in object {
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].shape.add(member)
                } else {
                    var shape = ValueShape()
                    shape.add(member)
                    members.append(Member(key: key, shape: shape))
                }
            }
        case .array(let array):
            kinds.insert(.array)
            if elements.isEmpty, !array.isEmpty { elements = [ValueShape()] }
            for element in array { elements[0].add(element) }
        }
        nonNullCount += 1
    }

    /// The column type the values widen to: int with double is double, an integer too long
    /// for `Int` is decimal, other mixes of scalars are strings, nothing but `null` is a string,
    /// containers are JSON text.
    var columnType: JSONColumnType {
        let seen = kinds.subtracting(.null)
        if !seen.isDisjoint(with: [.object, .array]) { return .json }
        switch seen {
        case []: return .string
        case .bool: return .bool
        case .int: return .int
        case .bigInt, [.int, .bigInt]: return .decimal
        case .double, [.int, .double], [.bigInt, .double], [.int, .bigInt, .double]: return .double
        default: return .string
        }
    }

    /// Whether only objects (and nulls) were seen, with members to flatten.
    var isObjectOnly: Bool { kinds.subtracting(.null) == .object && !members.isEmpty }
}
