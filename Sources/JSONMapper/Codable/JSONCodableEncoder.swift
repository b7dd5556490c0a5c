import Foundation

/// Encodes `Encodable` values as JSON, as Foundation's `JSONEncoder` does, writing the bytes
/// as the values are encoded instead of building a tree first.
///
/// Switching is one line; the options are Foundation's own types, so code that sets them
/// compiles unchanged:
///
/// ```swift
/// let encoder = JSONCodableEncoder()            // was: JSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(timeline)
/// ```
///
/// The result is Foundation's: the same values decode from it, the same errors
/// (`EncodingError.invalidValue` with the same coding path) are thrown, and with `.sortedKeys`
/// the text is Foundation's byte for byte (layout, key order, escaping), numbers included.
/// Without `.sortedKeys`, members are written in the order they are encoded (Foundation's
/// order is its dictionary's, which changes from run to run).
///
/// Where it differs from Foundation:
/// - `Decimal.nan` throws `EncodingError.invalidValue` (Foundation writes the text `NaN`,
///   which is not JSON).
/// - Uses of the containers that stop the process in Foundation (a second value through one
///   single value container, a keyed and an unkeyed container asked of one encoder, a nested
///   container asked for a key whose value is not of its kind, a container used after its
///   value's `encode(to:)` returned) throw `EncodingError.invalidValue` when the encode ends.
/// - An option value this encoder does not know (one a later Foundation adds) throws
///   `EncodingError.invalidValue` naming it instead of being ignored.
///
/// The options are read under a lock, so one encoder may be shared by threads, as
/// Foundation's may.
// Sendable: the options are read and written only under `lock` (an `NSLock`, which is not
// `Sendable`-checked as a stored property of a class).
public final class JSONCodableEncoder: @unchecked Sendable {
    /// The options of one encode, copied when it starts.
    struct Options {
        var outputFormatting: JSONEncoder.OutputFormatting = []
        var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
        var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    private var options = Options()
    private let lock = NSLock()

    /// Creates an encoder with Foundation's defaults: compact output, keys as declared, dates
    /// `.deferredToDate`, data `.base64`, non-conforming floats `.throw`.
    public init() {}

    /// The layout, key order and slash escaping: `.prettyPrinted` (two spaces per level,
    /// `"key" : value`), `.sortedKeys` (by the keys' UTF-8 bytes), `.withoutEscapingSlashes`.
    /// Defaults to `[]`.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get { lock.withLock { options.outputFormatting } }
        set { lock.withLock { options.outputFormatting = newValue } }
    }

    /// How dates are written. Defaults to `.deferredToDate` (`Date`'s own encoding: seconds
    /// since 2001-01-01). `.secondsSince1970` and `.millisecondsSince1970` throw for a date
    /// whose seconds are not finite whatever ``nonConformingFloatEncodingStrategy`` says, as in
    /// Foundation.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { lock.withLock { options.dateEncodingStrategy } }
        set { lock.withLock { options.dateEncodingStrategy = newValue } }
    }

    /// How `Data` is written. Defaults to `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { lock.withLock { options.dataEncodingStrategy } }
        set { lock.withLock { options.dataEncodingStrategy = newValue } }
    }

    /// What happens to an infinite or NaN `Double` or `Float`. Defaults to `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { lock.withLock { options.nonConformingFloatEncodingStrategy } }
        set { lock.withLock { options.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// How coding keys become JSON keys. Defaults to `.useDefaultKeys`. As in Foundation, the
    /// keys of a `[String: T]` are written as they are whatever the strategy (an `[Int: T]`'s
    /// are converted, as Foundation does).
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { lock.withLock { options.keyEncodingStrategy } }
        set { lock.withLock { options.keyEncodingStrategy = newValue } }
    }

    /// Values the types being encoded can read from their encoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { lock.withLock { options.userInfo } }
        set { lock.withLock { options.userInfo = newValue } }
    }

    /// Returns the JSON text of `value`, UTF-8.
    ///
    /// - Throws: `EncodingError.invalidValue` for an infinite or NaN number under the `.throw`
    ///   strategy (with the number's coding path), for a top-level value that encodes nothing,
    ///   for containers nested 512 deep (as Foundation's writer), for `Decimal.nan`, for a
    ///   misuse of the containers (see above) and for an option this encoder cannot honour;
    ///   and whatever error a value's `encode(to:)` or a `.custom` strategy's closure throws,
    ///   unchanged (hence untyped `throws`, as Foundation's).
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try bytes(of: value))
    }

    /// The UTF-8 JSON text of `value`.
    func bytes<T: Encodable>(of value: T) throws -> [UInt8] {
        let options = lock.withLock { self.options }
        try options.validate(for: value)
        let state = EncodingState(options: options)
        defer { state.end() }
        let root = EncodingValueEncoder(state: state)
        state.beginElement()
        root.attach(parent: nil, key: nil, slotDepth: 0, slotSerial: 0, slotIndex: 0, place: nil)
        let wroteValue: Bool
        do {
            wroteValue = try root.encodeTopLevel(value)
        } catch is EncodingNestingLimit {
            throw state.nestingError(for: value)
        }
        if state.tooDeep { throw state.nestingError(for: value) }
        if let misuse = state.misuse {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: misuse))
        }
        guard wroteValue else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return state.writer.bytes
    }

    /// The error for an option value this encoder does not know.
    static func unsupported(_ what: String, value: Any, path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: path, debugDescription: "JSONCodableEncoder cannot honour \(what); set one JSONEncoder documents."))
    }
}

extension JSONCodableEncoder.Options {
    /// The output formatting this encoder knows.
    private static let knownFormatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    /// Refuses option values this encoder does not know, before anything is encoded.
    func validate(for value: Any) throws {
        guard outputFormatting.isSubset(of: Self.knownFormatting) else {
            throw JSONCodableEncoder.unsupported("outputFormatting \(outputFormatting.rawValue)", value: value, path: [])
        }
        #if canImport(Darwin)
        switch keyEncodingStrategy {
        case .useDefaultKeys, .convertToSnakeCase, .custom: break
        @unknown default: throw JSONCodableEncoder.unsupported("this keyEncodingStrategy", value: value, path: [])
        }
        switch nonConformingFloatEncodingStrategy {
        case .throw, .convertToString: break
        @unknown default: throw JSONCodableEncoder.unsupported("this nonConformingFloatEncodingStrategy", value: value, path: [])
        }
        #endif
    }
}
