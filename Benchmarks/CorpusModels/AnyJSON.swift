import Foundation

// The "any JSON" enum real code decodes untyped payloads with (`AnyCodable`, `JSONValue`):
// `init(from:)` takes a single value container and tries one Swift type after another,
// discarding each `typeMismatch` with `try?`. The order of the tries is the type's parameter,
// because apps write it in every order, and the failed tries are what it costs.

/// The order in which ``AnyJSON`` tries the scalar types.
public protocol AnyJSONTryOrder: Sendable {
    /// The scalar types to try, first to last (containers are tried after them).
    static var scalars: [AnyJSONScalar] { get }
}

/// A scalar type ``AnyJSON`` tries.
public enum AnyJSONScalar: Sendable {
    /// `Bool`.
    case bool
    /// `Int64`.
    case int
    /// `Double`.
    case double
    /// `String`.
    case string
}

/// `Bool`, `Int64`, `Double`, `String`: the order most `AnyCodable` types use.
public enum BoolFirst: AnyJSONTryOrder {
    public static let scalars: [AnyJSONScalar] = [.bool, .int, .double, .string]
}

/// `String`, `Bool`, `Int64`, `Double`: for payloads of mostly strings.
public enum StringFirst: AnyJSONTryOrder {
    public static let scalars: [AnyJSONScalar] = [.string, .bool, .int, .double]
}

/// `Int64`, `Double`, `String`, `Bool`: for payloads of mostly numbers.
public enum IntFirst: AnyJSONTryOrder {
    public static let scalars: [AnyJSONScalar] = [.int, .double, .string, .bool]
}

/// Any JSON value, decoded by trying each type in `Order` with `try?`, then `[Self]`, then
/// `[String: Self]`.
public enum AnyJSON<Order: AnyJSONTryOrder>: Codable, Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number `Int64` decodes.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([AnyJSON])
    /// An object.
    case object([String: AnyJSON])

    /// Decodes by trying `null`, the scalars in `Order`, an array and an object, in turn.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        for scalar in Order.scalars {
            if let value = Self.scalar(scalar, in: container) {
                self = value
                return
            }
        }
        if let array = try? container.decode([AnyJSON].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: AnyJSON].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
        }
    }

    private static func scalar(_ scalar: AnyJSONScalar, in container: any SingleValueDecodingContainer) -> AnyJSON? {
        switch scalar {
        case .bool: (try? container.decode(Bool.self)).map(AnyJSON.bool)
        case .int: (try? container.decode(Int64.self)).map(AnyJSON.int)
        case .double: (try? container.decode(Double.self)).map(AnyJSON.double)
        case .string: (try? container.decode(String.self)).map(AnyJSON.string)
        }
    }

    /// Encodes the value through a single value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
