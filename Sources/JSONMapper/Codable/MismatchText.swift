/// Foundation's descriptions of a `typeMismatch` and a `valueNotFound`, word for word.
///
/// A try-each `init(from:)` (`try? decode(Bool.self)`, then `Int64`, then `Double`…) throws
/// away one of these per failed try, so for the types such tries name (the standard library's
/// scalars, and the `[Any]` and `[String: Any]` of the container requests) the text is made once
/// per process and shared: a failed try then makes no string. Any other type's text is made
/// when its error is.
enum MismatchText {
    /// The kind of JSON value found, as Foundation names it.
    enum Found: Int, CaseIterable {
        case string, number, bool, null, dictionary, array

        var name: String {
            switch self {
            case .string: "a string"
            case .number: "number"
            case .bool: "bool"
            case .null: "null"
            case .dictionary: "a dictionary"
            case .array: "an array"
            }
        }
    }

    /// "Expected to decode `type` but found `found` instead."
    static func typeMismatch(_ type: Any.Type, found: Found) -> String {
        guard let texts = shared(type) else { return expected(typeName(type), found: found) }
        return texts.typeMismatch[found.rawValue]
    }

    /// "Cannot get value of type `type` -- found null value instead"
    static func valueNotFound(_ type: Any.Type) -> String {
        shared(type)?.valueNotFound ?? nullFound(typeName(type))
    }

    private static func expected(_ name: String, found: Found) -> String {
        "Expected to decode \(name) but found \(found.name) instead."
    }

    private static func nullFound(_ name: String) -> String {
        "Cannot get value of type \(name) -- found null value instead"
    }

    private static func typeName(_ type: Any.Type) -> String { "\(type)" }

    /// The texts of one type, made once.
    private struct Texts {
        let type: ObjectIdentifier
        let typeMismatch: [String]
        let valueNotFound: String

        init(_ type: Any.Type) {
            self.type = ObjectIdentifier(type)
            let name = MismatchText.typeName(type)
            typeMismatch = Found.allCases.map { MismatchText.expected(name, found: $0) }
            valueNotFound = MismatchText.nullFound(name)
        }
    }

    private static func shared(_ type: Any.Type) -> Texts? {
        let wanted = ObjectIdentifier(type)
        for texts in sharedTexts where texts.type == wanted { return texts }
        return nil
    }

    private static let sharedTexts: [Texts] = [
        Bool.self, Int64.self, Double.self, String.self, Int.self, Float.self, Int32.self, UInt64.self, UInt.self,
        Int16.self, Int8.self, UInt32.self, UInt16.self, UInt8.self, [Any].self, [String: Any].self,
    ].map(Texts.init)
}
