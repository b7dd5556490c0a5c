import Foundation
@testable import JSONMapper
import Testing

/// The same options, set on Foundation's `JSONEncoder` and on `JSONCodableEncoder`.
struct EncoderSettings {
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var data: JSONEncoder.DataEncodingStrategy = .base64
    var floats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    var foundation: JSONEncoder { configured(JSONEncoder()) }
    var codable: JSONCodableEncoder { configured(JSONCodableEncoder()) }

    private func configured<Encoder: SettableEncoder>(_ encoder: Encoder) -> Encoder {
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = dates
        encoder.dataEncodingStrategy = data
        encoder.nonConformingFloatEncodingStrategy = floats
        encoder.keyEncodingStrategy = keys
        encoder.setUserInfo(userInfo)
        return encoder
    }
}

/// The options both encoders have under the same names.
protocol SettableEncoder: AnyObject {
    var outputFormatting: JSONEncoder.OutputFormatting { get set }
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { get set }
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy { get set }
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy { get set }
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy { get set }
    /// `userInfo`, whose value type differs (`Any` in Foundation, `any Sendable` here).
    func setUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable])
}

extension JSONEncoder: SettableEncoder {
    func setUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable]) { self.userInfo = userInfo }
}

extension JSONCodableEncoder: SettableEncoder {
    func setUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable]) { self.userInfo = userInfo }
}

/// Encodes with both and expects the same bytes (the settings sort keys, unless a test
/// checks unsorted output through ``expectSameJSON(_:_:sourceLocation:)``).
func expectSameBytes<T: Encodable>(
    _ value: T, _ settings: EncoderSettings = EncoderSettings(), sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let expected = try settings.foundation.encode(value)
    let actual = try settings.codable.encode(value)
    #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
}

/// Encodes with both and expects the same JSON value: both outputs read back by
/// `JSONSerialization` and written again with sorted keys.
func expectSameJSON<T: Encodable>(
    _ value: T, _ settings: EncoderSettings, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let expected = try canonical(settings.foundation.encode(value))
    let actual = try canonical(settings.codable.encode(value))
    #expect(actual == expected, sourceLocation: sourceLocation)
}

private func canonical(_ data: Data) throws -> String {
    let tree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    return String(decoding: try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

/// An `EncodingError`'s case and coding path, to compare.
struct EncodingFailure: Equatable, CustomStringConvertible {
    var kind: String
    var path: [String]

    init(_ error: any Error) {
        guard let error = error as? EncodingError, case .invalidValue(_, let context) = error else {
            kind = "other: \(error)"
            path = []
            return
        }
        kind = "invalidValue"
        path = context.codingPath.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
    }

    var description: String { "\(kind) at \(path)" }
}

/// Expects both encoders to throw the same `EncodingError` case with the same coding path;
/// returns ours.
@discardableResult
func expectSameError<T: Encodable>(
    _ value: T, _ settings: EncoderSettings = EncoderSettings(), sourceLocation: SourceLocation = #_sourceLocation
) -> EncodingFailure? {
    var expected: EncodingFailure?
    var actual: EncodingFailure?
    do { _ = try settings.foundation.encode(value) } catch { expected = EncodingFailure(error) }
    do { _ = try settings.codable.encode(value) } catch { actual = EncodingFailure(error) }
    #expect(expected != nil, "Foundation encoded it", sourceLocation: sourceLocation)
    #expect(actual == expected, sourceLocation: sourceLocation)
    return actual
}
