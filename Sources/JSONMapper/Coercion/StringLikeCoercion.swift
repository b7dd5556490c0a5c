import Foundation

/// JSON strings → `URL`, `UUID` and `Data`, and scalars → `String`.
enum StringLikeCoercion {
    /// A `String` from any scalar: a string; when lenient also a number's own text, a boolean
    /// as `"true"`/`"false"` and a binary double's shortest text.
    @inline(__always)
    static func string(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> String? {
        switch scalar {
        case .string(let text): text.string
        case .number(let text) where policy == .lenient: text.string
        case .bool(let flag) where policy == .lenient: string(from: flag)
        case .double(let value) where policy == .lenient: value.description
        default: try scalar.unconvertible(policy: policy)
        }
    }

    /// A `URL` from a string (see ``url(from:)``).
    @inline(__always)
    static func url(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> URL? {
        guard case .string(let text) = scalar else { return try scalar.unconvertible(policy: policy) }
        return try url(from: text.buffer)
    }

    /// A `UUID` from a string.
    @inline(__always)
    static func uuid(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> UUID? {
        guard case .string(let text) = scalar else { return try scalar.unconvertible(policy: policy) }
        return try uuid(from: text.buffer)
    }

    /// `Data` from a base64 string.
    @inline(__always)
    static func data(from scalar: ScalarEvent, policy: CoercionPolicy) throws(CoercionFailure) -> Data? {
        guard case .string(let text) = scalar else { return try scalar.unconvertible(policy: policy) }
        return try data(fromBase64: text.buffer)
    }

    /// Whether a string is blank: what a type that reads a blank string as no value (`URL`)
    /// gives an optional as `nil`.
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        trimmingASCIIWhitespace(text).isEmpty
    }

    /// A trimmed URL; `nil` for an empty string (the property keeps its default).
    static func url(from text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> URL? {
        let trimmed = trimmingASCIIWhitespace(text)
        if trimmed.isEmpty { return nil }
        let string = String(decoding: trimmed, as: UTF8.self)
        guard let url = URL(string: string) else { throw .invalid("\(describe(string, quoted: true)) is not a URL") }
        return url
    }

    static func uuid(from text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> UUID {
        let string = String(decoding: trimmingASCIIWhitespace(text), as: UTF8.self)
        guard let uuid = UUID(uuidString: string) else { throw .invalid("\(describe(string, quoted: true)) is not a UUID") }
        return uuid
    }

    /// Standard base64 (RFC 4648 §4), padding required, whitespace not allowed.
    static func data(fromBase64 text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Data {
        guard let data = Data(base64Encoded: Data(buffer: text)) else {
            throw .invalid("\(describe(text)) is not base64")
        }
        return data
    }

    /// A bool as `"true"` / `"false"`.
    static func string(from value: Bool) -> String { value ? "true" : "false" }
}
