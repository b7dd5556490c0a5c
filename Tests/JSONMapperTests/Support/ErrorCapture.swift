@testable import JSONMapper

/// A test suite that looks at the `JSONMapperError` a decode or encode throws: one place for
/// the helpers every such suite would otherwise write again.
protocol CapturesMappingErrors {}

extension CapturesMappingErrors {
    /// `body`'s value, or the error it threw.
    static func outcome<T>(_ body: () throws(JSONMapperError) -> T) -> Result<T, JSONMapperError> {
        do throws(JSONMapperError) { return .success(try body()) } catch { return .failure(error) }
    }

    /// The error `body` threw, or `nil` when it returned.
    static func failure<T>(_ body: () throws(JSONMapperError) -> T) -> JSONMapperError? {
        error(outcome(body))
    }

    /// The error in `result`, or `nil`.
    static func error<T>(_ result: Result<T, JSONMapperError>) -> JSONMapperError? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
