/// How the decoders treat values that are not exactly the declared type.
public struct DecodingOptions: Sendable, Equatable {
    /// Whether JSON values of another kind are converted.
    public enum Coercion: Sendable, Equatable {
        /// Convert where it is unambiguous: `"42"` → `42`, `1` → `true`, `20.0` → `20`.
        case lenient
        /// Take each value only from its own JSON kind; anything else is a type mismatch.
        case strict
    }

    /// What happens to a value that cannot become its property's type.
    public enum InvalidValuePolicy: Sendable, Equatable {
        /// Stop decoding and throw the error.
        case `throw`
        /// Leave the property at its value before decoding (its default) and go on.
        case skip
        /// Like `skip`, and keep the error: see ``JSONMapDecoder/decodeReportingIssues(_:from:)-(_,Data)``.
        case collect
    }

    /// What a number means when it is decoded as a `Date`.
    public enum DateUnit: Sendable, Equatable {
        /// Unix time in seconds.
        case secondsSince1970
        /// Unix time in milliseconds.
        case millisecondsSince1970
    }

    /// Lenient (the default) or strict conversion.
    public var coercion: Coercion
    /// What happens to values that cannot be converted. Defaults to ``InvalidValuePolicy/throw``.
    public var invalidValuePolicy: InvalidValuePolicy
    /// The unit of numeric dates. Defaults to seconds.
    public var dateUnit: DateUnit
    /// Whether the strings `"nan"`, `"inf"` and `"-inf"` decode as non-finite `Double`/`Float`.
    public var allowsNonFiniteStrings: Bool
    /// The deepest nesting of objects and arrays accepted; deeper input fails with
    /// ``JSONMapperError/depthLimitExceeded(path:location:)``. Defaults to 512. Decoding from bytes
    /// and from trees keeps its state on the heap, so any limit is safe on any thread; a ``JSONValue`` (and the
    /// object a hook captures) holds at most ``JSONValue/maximumDepth`` levels whatever this says.
    public var maxDepth: Int
    /// The largest document accepted, in bytes; `nil` (the default) for no limit. A larger
    /// one fails with ``JSONMapperError/limitExceeded(offset:message:)`` before it is parsed.
    public var maxDocumentBytes: Int?
    /// The longest string or key accepted, in bytes after unescaping; `nil` (the default) for
    /// no limit. A longer one fails with ``JSONMapperError/limitExceeded(offset:message:)``
    /// whose offset is the byte that takes it past the limit (for an escape, its backslash).
    /// Input fed in chunks is checked as it arrives: no more of a string than the limit is kept.
    public var maxStringBytes: Int?
    /// The longest number accepted, in bytes of its JSON text; `nil` (the default) for no
    /// limit. A longer one fails with ``JSONMapperError/limitExceeded(offset:message:)`` whose
    /// offset is its first byte past the limit, checked as for ``maxStringBytes``.
    public var maxNumberBytes: Int?
    /// Whether every mapped property whose type is not optional must have its key, as with
    /// `JSONDecoder`: as if each were mapped with `required: true`. An object without one of
    /// its keys (or with `null` there) is ``JSONMapperError/keyNotFound(path:location:)`` at
    /// the key's path, located at the object's closing brace and handled by the invalid-value
    /// policy: ``InvalidValuePolicy/collect`` reports every missing key as an issue and keeps
    /// the property's default. Optional properties may be absent (`nil`); a property with
    /// fallback keys is present when any of them is; an update
    /// (``JSONMappable/update(fromJSON:options:)-(Data,_)``) sets what the JSON holds and
    /// requires nothing. Defaults to `false`: a missing key leaves its property's default.
    public var requiresNonOptionalKeys: Bool

    /// Options with the given values; the defaults are lenient, throwing, seconds, finite only,
    /// depth 512, no size limits, missing keys leaving defaults.
    public init(
        coercion: Coercion = .lenient,
        invalidValuePolicy: InvalidValuePolicy = .throw,
        dateUnit: DateUnit = .secondsSince1970,
        allowsNonFiniteStrings: Bool = false,
        maxDepth: Int = 512,
        maxDocumentBytes: Int? = nil,
        maxStringBytes: Int? = nil,
        maxNumberBytes: Int? = nil,
        requiresNonOptionalKeys: Bool = false
    ) {
        self.requiresNonOptionalKeys = requiresNonOptionalKeys
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStringBytes = maxStringBytes
        self.maxNumberBytes = maxNumberBytes
        self.coercion = coercion
        self.invalidValuePolicy = invalidValuePolicy
        self.dateUnit = dateUnit
        self.allowsNonFiniteStrings = allowsNonFiniteStrings
        self.maxDepth = maxDepth
    }

    /// Strict conversion, throwing on the first problem.
    public static let strict = DecodingOptions(coercion: .strict)
}
