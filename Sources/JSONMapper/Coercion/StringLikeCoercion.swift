import Foundation

/// JSON strings → `URL`, `UUID` and `Data`, and scalars → `String`.
enum StringLikeCoercion {
    /// A trimmed URL; `nil` for an empty string (the property keeps its default).
    static func url(from text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> URL? {
        let trimmed = trimmingASCIIWhitespace(text)
        if trimmed.isEmpty { return nil }
        let string = String(decoding: trimmed, as: UTF8.self)
        guard let url = URL(string: string) else { throw .invalid("\"\(string)\" is not a URL") }
        return url
    }

    static func uuid(from text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> UUID {
        let string = String(decoding: trimmingASCIIWhitespace(text), as: UTF8.self)
        guard let uuid = UUID(uuidString: string) else { throw .invalid("\"\(string)\" is not a UUID") }
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
