/// Every way decoding can fail, each naming where it happened.
///
/// Syntax errors carry the ``JSONLocation`` of the offending byte: its offset and its 1-based
/// line and column.
/// Mapping errors carry a JSON path such as `statuses[3].user.id` (the empty string is the
/// top-level value) and, when the input was bytes (a document, chunks), the ``JSONLocation``
/// of the offending value; input that was already a tree (``JSONValue``, `[String: Any]`) has
/// no positions, and its errors have `nil`:
///
/// ```
/// type mismatch at 'jobs[123].color' (line 4411, column 17, byte 120388): expected BallColor, found string "purple"
/// ```
///
/// A value's location is where it starts: the opening quote of a string, the first character
/// of a number or literal, the brace or bracket of a container. A required key missing, or a
/// did-map hook rejecting its model, is located at the closing brace of the object, where the
/// object turned out to lack it (as serde_json does). Values inside an object captured whole
/// (for a will-map or did-map hook, a type choice, several properties on one key) are mapped
/// when the object ends, so their errors are located at that object's closing brace.
///
/// The location is the last associated value of every case that has one: a syntax error's
/// always, a mapping error's when the input was bytes (defaulting to `nil`, so a test writes
/// `.keyNotFound(path: "id")`). ``location`` reads it from any case, ``path`` the JSON path. Two
/// errors are equal (`==`) when they are the same case with the same path and details,
/// whatever their locations: the location follows from where the same problem sits in the
/// input, so the error from a document equals the one from its tree, from its chunks, or the
/// one a test writes by hand; compare ``location`` to check positions.
public enum JSONMapperError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input holds no JSON value: it is empty or only whitespace.
    case emptyInput
    /// The input is not well-formed JSON (RFC 8259): `message` says what is wrong, `location`
    /// is the offending byte.
    case syntax(message: String, location: JSONLocation)
    /// A value has a JSON type that the property's Swift type cannot take.
    case typeMismatch(path: String, expected: String, found: String, location: JSONLocation? = nil)
    /// A required key is absent (or `null`) in an object.
    case keyNotFound(path: String, location: JSONLocation? = nil)
    /// A value has the right JSON type but cannot be used: out of range, not a case of an enum,
    /// rejected by a transformer or a validation hook.
    case invalidValue(path: String, reason: String, location: JSONLocation? = nil)
    /// Objects and arrays nest deeper than ``DecodingOptions/maxDepth``. The path names the
    /// container that went too deep; inside a value no property reads, in a document fed in
    /// chunks after the first, it names the innermost value the mapping reads instead (the
    /// bytes to read the rest back from are gone), and the location is exact either way.
    case depthLimitExceeded(path: String, location: JSONLocation? = nil)
    /// The input is larger than ``DecodingOptions/maxDocumentBytes``, or holds a string or key
    /// longer than ``DecodingOptions/maxStringBytes`` or a number longer than
    /// ``DecodingOptions/maxNumberBytes``; `offset` is the first byte past the limit.
    case limitExceeded(offset: Int, message: String)
    /// Reading the input or writing the output failed: a file that cannot be opened, an I/O
    /// error, an error thrown by an asynchronous byte sequence. `reason` says which file and why.
    case ioFailed(reason: String)
    /// A compressed input (gzip, zstd) is corrupt or truncated: `source` names the input,
    /// `compressedOffset` is the byte of the compressed stream where decompression stopped,
    /// and `reason` is what the decompressor said. Every record decompressed before it has
    /// been delivered; the positions of other errors in such an input are positions in its
    /// decompressed bytes.
    case corruptCompressedInput(source: String, compressedOffset: Int, reason: String)
    /// A model's mapping cannot be used: `key` (as declared) is malformed, such as `"a[x]"`,
    /// `"a..b"`, `""` or an unclosed `"a["`, or the mapping breaks another rule of
    /// ``JSONMapping``, or the property's transformer cannot be used (a ``DateFormatTransformer``
    /// format with a letter it does not support); `reason` says which and where. `type` is the
    /// model's type name.
    ///
    /// A mistake in the program rather than in the input: it is thrown by the first decode or
    /// encode that reaches a value of the model, whatever the invalid-value policy, and by every
    /// one after it.
    case invalidMapping(type: String, key: String, reason: String)

    /// The JSON path the error refers to, or `nil` for errors about the raw input.
    public var path: String? {
        switch self {
        case .emptyInput, .syntax, .limitExceeded, .ioFailed, .corruptCompressedInput, .invalidMapping: nil
        case .typeMismatch(let path, _, _, _), .keyNotFound(let path, _),
             .invalidValue(let path, _, _), .depthLimitExceeded(let path, _): path
        }
    }

    /// Where in the document the error is: the offending value of a mapping error (`nil` when
    /// the input was a tree), or the offending byte of a syntax error.
    public var location: JSONLocation? {
        switch self {
        case .emptyInput, .limitExceeded, .ioFailed, .corruptCompressedInput, .invalidMapping: nil
        case let .syntax(_, location): location
        case .typeMismatch(_, _, _, let location), .keyNotFound(_, let location),
             .invalidValue(_, _, let location), .depthLimitExceeded(_, let location): location
        }
    }

    /// A one-line message for a person reading a log.
    public var description: String {
        switch self {
        case .emptyInput:
            "empty input: no JSON value found"
        case let .syntax(message, location):
            "syntax error at line \(location.line), column \(location.column) (byte \(location.offset)): \(message)"
        case let .typeMismatch(path, expected, found, location):
            "type mismatch at \(Self.describe(path, location)): expected \(expected), found \(found)"
        case let .keyNotFound(path, location):
            "required key missing at \(Self.describe(path, location))"
        case let .invalidValue(path, reason, location):
            "invalid value at \(Self.describe(path, location)): \(reason)"
        case let .depthLimitExceeded(path, location):
            "nesting depth limit exceeded at \(Self.describe(path, location))"
        case let .limitExceeded(offset, message):
            "size limit exceeded at byte \(offset): \(message)"
        case let .ioFailed(reason):
            "I/O failed: \(reason)"
        case let .corruptCompressedInput(source, compressedOffset, reason):
            "corrupt compressed input in \(source) at compressed byte \(compressedOffset): \(reason)"
        case let .invalidMapping(type, key, reason):
            "invalid mapping in \(type) for key \"\(key)\": \(reason)"
        }
    }

    private static func describe(_ path: String, _ location: JSONLocation?) -> String {
        let place = path.isEmpty ? "the top-level value" : "'\(path)'"
        guard let location else { return place }
        return "\(place) (\(location))"
    }

    /// Equal when the same case has the same path and details; locations are not compared
    /// (see ``JSONMapperError``).
    public static func == (lhs: JSONMapperError, rhs: JSONMapperError) -> Bool {
        switch (lhs, rhs) {
        case (.emptyInput, .emptyInput):
            true
        case let (.syntax(m1, l1), .syntax(m2, l2)):
            m1 == m2 && l1 == l2
        case let (.typeMismatch(p1, e1, f1, _), .typeMismatch(p2, e2, f2, _)):
            p1 == p2 && e1 == e2 && f1 == f2
        case let (.keyNotFound(p1, _), .keyNotFound(p2, _)):
            p1 == p2
        case let (.invalidValue(p1, r1, _), .invalidValue(p2, r2, _)):
            p1 == p2 && r1 == r2
        case let (.depthLimitExceeded(p1, _), .depthLimitExceeded(p2, _)):
            p1 == p2
        case let (.limitExceeded(o1, m1), .limitExceeded(o2, m2)):
            o1 == o2 && m1 == m2
        case let (.ioFailed(r1), .ioFailed(r2)):
            r1 == r2
        case let (.corruptCompressedInput(s1, o1, r1), .corruptCompressedInput(s2, o2, r2)):
            s1 == s2 && o1 == o2 && r1 == r2
        case let (.invalidMapping(t1, k1, r1), .invalidMapping(t2, k2, r2)):
            t1 == t2 && k1 == k2 && r1 == r2
        default:
            false
        }
    }

    /// The same error located at `location`, unless it is not a mapping error or already has
    /// a location (an error keeps the position where it was first seen).
    func located(at location: @autoclosure () -> JSONLocation?) -> JSONMapperError {
        switch self {
        case let .typeMismatch(path, expected, found, nil): .typeMismatch(path: path, expected: expected, found: found, location: location())
        case let .keyNotFound(path, nil): .keyNotFound(path: path, location: location())
        case let .invalidValue(path, reason, nil): .invalidValue(path: path, reason: reason, location: location())
        case let .depthLimitExceeded(path, nil): .depthLimitExceeded(path: path, location: location())
        default: self
        }
    }

    /// The same error with its location, if it has one, replaced by `transform(location)`.
    func mappingLocation(_ transform: (JSONLocation) -> JSONLocation) -> JSONMapperError {
        switch self {
        case let .syntax(message, location): .syntax(message: message, location: transform(location))
        case let .typeMismatch(path, expected, found, location?):
            .typeMismatch(path: path, expected: expected, found: found, location: transform(location))
        case let .keyNotFound(path, location?): .keyNotFound(path: path, location: transform(location))
        case let .invalidValue(path, reason, location?): .invalidValue(path: path, reason: reason, location: transform(location))
        case let .depthLimitExceeded(path, location?): .depthLimitExceeded(path: path, location: transform(location))
        default: self
        }
    }
}

extension JSONMapperError {
    /// The same error with an array's `index` put in front of its path: the writer builds
    /// paths inside out, each container adding its key or index as the error passes through it.
    func prefixingPath(index: Int) -> JSONMapperError {
        prefixingPath(JSONPathText.index(index))
    }

    /// The same error with `prefix`, a key or a path, put in front of its path.
    func prefixingPath(_ prefix: String) -> JSONMapperError {
        func join(_ path: String) -> String {
            var joined = JSONPathText(prefix)
            joined.append(path: path)
            return joined.text
        }
        switch self {
        case let .typeMismatch(path, expected, found, location):
            return .typeMismatch(path: join(path), expected: expected, found: found, location: location)
        case let .keyNotFound(path, location): return .keyNotFound(path: join(path), location: location)
        case let .invalidValue(path, reason, location): return .invalidValue(path: join(path), reason: reason, location: location)
        case let .depthLimitExceeded(path, location): return .depthLimitExceeded(path: join(path), location: location)
        case .emptyInput, .syntax, .limitExceeded, .ioFailed, .corruptCompressedInput, .invalidMapping: return self
        }
    }
}
