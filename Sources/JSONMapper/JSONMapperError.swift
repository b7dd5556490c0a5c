/// Every way decoding can fail, each naming where it happened.
///
/// Syntax errors carry the byte offset and the 1-based line and column of the offending byte;
/// mapping errors carry a JSON path such as `statuses[3].user.id` (the empty string is the
/// top-level value).
public enum JSONMapperError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input holds no JSON value: it is empty or only whitespace.
    case emptyInput
    /// The input is not well-formed JSON (RFC 8259).
    case syntax(offset: Int, line: Int, column: Int, message: String)
    /// A value has a JSON type that the property's Swift type cannot take.
    case typeMismatch(path: String, expected: String, found: String)
    /// A required key is absent (or `null`) in an object.
    case keyNotFound(path: String)
    /// A value has the right JSON type but cannot be used: out of range, not a case of an enum,
    /// rejected by a transformer or a validation hook.
    case invalidValue(path: String, reason: String)
    /// Objects and arrays nest deeper than ``DecodingOptions/maxDepth``.
    case depthLimitExceeded(path: String)
    /// The input is larger than ``DecodingOptions/maxDocumentBytes``, or holds a string or key
    /// longer than ``DecodingOptions/maxStringBytes``; `offset` is where the limit was reached.
    case limitExceeded(offset: Int, message: String)
    /// Reading the input or writing the output failed: a file that cannot be opened, an I/O
    /// error, an error thrown by an asynchronous byte sequence. `reason` says which file and why.
    case ioFailed(reason: String)

    /// The JSON path the error refers to, or `nil` for errors about the raw input.
    public var path: String? {
        switch self {
        case .emptyInput, .syntax, .limitExceeded, .ioFailed: nil
        case .typeMismatch(let path, _, _), .keyNotFound(let path),
             .invalidValue(let path, _), .depthLimitExceeded(let path): path
        }
    }

    /// A one-line message for a person reading a log.
    public var description: String {
        switch self {
        case .emptyInput:
            "empty input: no JSON value found"
        case let .syntax(offset, line, column, message):
            "syntax error at line \(line), column \(column) (byte \(offset)): \(message)"
        case let .typeMismatch(path, expected, found):
            "type mismatch at \(Self.describe(path)): expected \(expected), found \(found)"
        case let .keyNotFound(path):
            "required key missing at \(Self.describe(path))"
        case let .invalidValue(path, reason):
            "invalid value at \(Self.describe(path)): \(reason)"
        case let .depthLimitExceeded(path):
            "nesting depth limit exceeded at \(Self.describe(path))"
        case let .limitExceeded(offset, message):
            "size limit exceeded at byte \(offset): \(message)"
        case let .ioFailed(reason):
            "I/O failed: \(reason)"
        }
    }

    private static func describe(_ path: String) -> String {
        path.isEmpty ? "the top-level value" : "'\(path)'"
    }
}

extension JSONMapperError {
    /// The same error with `prefix` put in front of its path: the writer builds paths inside
    /// out, each container adding its key or index as the error passes through it.
    func prefixingPath(_ prefix: String) -> JSONMapperError {
        func join(_ path: String) -> String {
            if prefix.isEmpty { return path }
            if path.isEmpty { return prefix }
            return path.hasPrefix("[") ? prefix + path : prefix + "." + path
        }
        switch self {
        case let .typeMismatch(path, expected, found): return .typeMismatch(path: join(path), expected: expected, found: found)
        case let .keyNotFound(path): return .keyNotFound(path: join(path))
        case let .invalidValue(path, reason): return .invalidValue(path: join(path), reason: reason)
        case let .depthLimitExceeded(path): return .depthLimitExceeded(path: join(path))
        case .emptyInput, .syntax, .limitExceeded, .ioFailed: return self
        }
    }
}
