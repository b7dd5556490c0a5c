import Foundation

/// How models are written as JSON.
public struct EncodingOptions: Sendable {
    /// How a `Date` is written.
    public enum DateStrategy: Sendable {
        /// ISO 8601 in UTC, `2014-08-31T00:29:15Z`, with the fraction of a second as `fraction`
        /// says. By default the fraction is written when the date has one, so a decoded
        /// `2013-01-07T12:00:24.50Z` is written back as `2013-01-07T12:00:24.5Z`, the same
        /// instant. Dates outside the years 0000–9999 fail with
        /// ``JSONMapperError/invalidValue(path:reason:location:)``: four-digit years are all the text holds.
        case iso8601(fraction: Fraction = .whenPresent)
        /// Unix time in seconds (a number).
        case secondsSince1970
        /// Unix time in milliseconds (a number).
        case millisecondsSince1970
        /// Your own string form.
        case custom(@Sendable (Date) -> String)

        /// How ISO 8601 text writes the fraction of a second.
        public enum Fraction: Sendable, Equatable {
            /// Only when the date has one, in the fewest digits that read back as the same
            /// `Date`: `…:15Z`, `…:15.5Z`, `…:15.123Z`, or for a date taken from the clock
            /// about seven (its `Double` of seconds holds a tenth of a microsecond in this
            /// century). Decoding what was written gives back the date encoded.
            case whenPresent
            /// Always three digits, rounded to the millisecond: `…:15.000Z`, `…:15.500Z`.
            case milliseconds
            /// Never: whole seconds, the fraction cut off (after rounding to the millisecond).
            case omitted
        }
    }

    /// What happens to an infinite or NaN `Double` or `Float`, which JSON cannot hold.
    public enum NonFiniteStrategy: Sendable, Equatable {
        /// Fail with ``JSONMapperError/invalidValue(path:reason:location:)``.
        case `throw`
        /// Write `null`.
        case null
        /// Write the strings `"inf"`, `"-inf"` and `"nan"` (which lenient decoding with
        /// ``DecodingOptions/allowsNonFiniteStrings`` reads back).
        case string
    }

    /// Indentation per level for pretty output; `nil` (the default) for compact output.
    public var indentWidth: Int?
    /// Whether object members are written in key order (also for `[String: V]`).
    public var sortsKeys: Bool
    /// Whether a `nil` property is left out (the default) or written as `null`.
    public var omitsNilProperties: Bool
    /// Whether `/` is written as `\/` (safe inside HTML `<script>`).
    public var escapesSlashes: Bool
    /// Whether everything outside ASCII is written as `\u` escapes.
    public var escapesNonASCII: Bool
    /// How dates are written. Defaults to ISO 8601 with the fraction of a second when there is
    /// one, so dates round-trip.
    public var dateStrategy: DateStrategy
    /// What happens to infinite and NaN numbers. Defaults to throwing.
    public var nonFiniteStrategy: NonFiniteStrategy
    /// How the mapping's keys are written: as the mapping decodes them
    /// (``JSONKeyStrategy/useDeclaredKeys``, the default), or converted the way a mapping's
    /// key strategy converts declared keys (`.snakeCase`: `screenName` → `screen_name`). Sorted
    /// keys (``sortsKeys``) keep the order of the mapping's keys.
    public var keyStrategy: JSONKeyStrategy
    /// Whether the elements of unordered collections (`Set`) are written in the order of their
    /// JSON text, so equal sets write the same JSON (for the mapping-equality helpers).
    var ordersUnorderedElements = false
    /// Whether a model with properties its mapping does not write (``ModelMeta/unwrittenProperties``)
    /// is written as an array of its object and those properties' values, so models that
    /// differ only in them write different JSON (for the mapping-equality helpers).
    var writesUnwrittenProperties = false

    /// Options with the given values; the defaults write compact JSON in the mapping's key
    /// order, leave out `nil` properties, and write dates as ISO 8601 with the fraction of a
    /// second when there is one.
    public init(
        indentWidth: Int? = nil,
        sortsKeys: Bool = false,
        omitsNilProperties: Bool = true,
        escapesSlashes: Bool = false,
        escapesNonASCII: Bool = false,
        dateStrategy: DateStrategy = .iso8601(),
        nonFiniteStrategy: NonFiniteStrategy = .throw,
        keyStrategy: JSONKeyStrategy = .useDeclaredKeys
    ) {
        self.indentWidth = indentWidth
        self.sortsKeys = sortsKeys
        self.omitsNilProperties = omitsNilProperties
        self.escapesSlashes = escapesSlashes
        self.escapesNonASCII = escapesNonASCII
        self.dateStrategy = dateStrategy
        self.nonFiniteStrategy = nonFiniteStrategy
        self.keyStrategy = keyStrategy
    }

    /// Pretty output indented by `indentWidth` spaces, keys sorted.
    public static func pretty(indentWidth: Int = 2) -> EncodingOptions {
        EncodingOptions(indentWidth: indentWidth, sortsKeys: true)
    }
}
