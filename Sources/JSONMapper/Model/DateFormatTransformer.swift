import Foundation

/// Dates in a format of your own, both ways: strings in the JSON read with the format, and
/// dates written back with it.
///
/// ```swift
/// struct Release: JSONMappable {
///     var built = Date.distantPast
///     var shipped: Date?
///     static let jsonMapping = JSONMapping<Release> {
///         JSONMap(\.built, "buildDate", transform: .date(format: "MMM dd, yyyy"))         // "Jan 07, 2013"
///         JSONMap(\.shipped, "shipped", transform: .date(format: "dd/MM/yyyy HH:mm", timeZone: paris))
///     }
/// }
/// ```
///
/// ## Pattern letters
///
/// The format uses `DateFormatter`'s pattern letters (Unicode TR35) with English month and
/// weekday names, as machine-written dates do:
///
/// | letters | field | example |
/// | --- | --- | --- |
/// | `y` `yy` `yyyy` (`u` alike) | year | `2013`, `13` |
/// | `M` `MM` | month | `1`, `01` |
/// | `MMM` `MMMM` (`L` alike) | month name | `Jan`, `January` |
/// | `d` `dd` | day of the month | `7`, `07` |
/// | `E` `EE` `EEE`, `EEEE` | weekday | `Mon`, `Monday` |
/// | `H` `HH` | hour 0–23 | `13` |
/// | `h` `hh` with `a` | hour 1–12, AM/PM | `1 PM` |
/// | `k` `kk`, `K` `KK` | hour 1–24, 0–11 | `24`, `0` |
/// | `m` `mm` | minute | `05` |
/// | `s` `ss` | second | `09` |
/// | `S` … `SSSSSSSSS` | fraction of a second, to as many digits | `.500` for `.SSS` |
/// | `Z` `ZZ` `ZZZ` | zone | `+0100` |
/// | `ZZZZ` | zone | `GMT+01:00`, `GMT` |
/// | `ZZZZZ` `XXX` | zone | `+01:00`, `Z` for UTC |
/// | `X`, `XX` | zone | `+01`, `+0100`, `Z` for UTC |
/// | `x` `xx` `xxx` | zone | `+01`, `+0100`, `+01:00` |
/// | `z` `zz` `zzz` `O` | zone | `GMT`, `GMT+1`, `GMT-5:30` |
///
/// Text in single quotes is literal (`'T'`, `''` for a quote), as is every character that is
/// not a letter. A one-letter number reads one or two digits, a longer one exactly as many
/// digits as letters; `yy` reads 69–99 as 19xx and 00–68 as 20xx. A fraction reads any number
/// of digits. Fields the format lacks default to 1970-01-01 00:00:00; without a zone field,
/// dates are read and written in `timeZone` (UTC by default).
///
/// Every zone field reads every zone form: `Z`, `UTC`, `GMT`, `UT`, the North American names
/// of RFC 822 (`EST`, `EDT`, `CST`, `CDT`, `MST`, `MDT`, `PST`, `PDT`), numeric offsets
/// (`+01`, `+0100`, `+01:00`) and `GMT` or `UTC` with an offset (`GMT+1`, `GMT+01:00`).
/// Zones are written as offsets: `z` writes `GMT-4` where `DateFormatter` would write a
/// name such as `EDT`. So the date of HTTP headers (RFC 1123) is
/// `.date(format: "EEE, dd MMM yyyy HH:mm:ss zzz")`, which writes `Mon, 07 Jan 2013 12:00:24 GMT`.
///
/// ## Errors
///
/// A string that does not match is ``JSONMapperError/invalidValue(path:reason:location:)``
/// at its path, handled by the invalid-value policy; so is a date outside the years 0000–9999
/// when encoding. A format the transformer cannot use (a letter it does not support, such as
/// `G`, `Y`, `D`, `w` or `zzzz`, or an unclosed quote) is a mistake in the program, not in the
/// input: the first decode or encode of a model that maps a property with it throws
/// ``JSONMapperError/invalidMapping(type:key:reason:)``, naming the letters and their position
/// in the format, whatever the invalid-value policy, as a malformed key does. Calling
/// ``value(from:)`` or ``json(from:)`` directly throws the same error.
///
/// ## Performance
///
/// The transformer is an immutable value, safe to share across threads, and reads and writes
/// dates by hand rather than through `DateFormatter`, which a `Sendable` value cannot hold and
/// which is slow on Linux: a parse here costs well under a microsecond where `DateFormatter`
/// costs tens (the Performance article has the figures). The price is the pattern letters
/// listed above, with English names only.
public struct DateFormatTransformer: JSONValueTransformer {
    /// The format, as given.
    public let format: String
    /// The time zone of dates whose format has no zone field.
    public let timeZone: TimeZone
    /// The compiled format, or why it cannot be used (thrown when the transformer is used).
    private let pattern: Result<DatePattern, DatePattern.PatternError>

    /// A transformer for `format` in `timeZone`. A format with a letter it does not support
    /// makes a transformer whose first use throws (see Errors above).
    public init(format: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) {
        pattern = DatePattern.compile(format)
        self.format = format
        self.timeZone = timeZone
    }

    /// The date the string holds in the format.
    public func value(from json: String) throws(JSONMapperError) -> Date {
        let pattern = try compiled()
        var text = json
        let date = text.withUTF8 { pattern.date(from: $0, timeZone: timeZone) }
        guard let date else {
            throw JSONMapperError.invalidValue(path: "", reason: "\"\(json)\" is not a date in the format \"\(format)\"")
        }
        return date
    }

    /// The date written in the format.
    public func json(from value: Date) throws(JSONMapperError) -> String {
        guard let text = try compiled().string(from: value, timeZone: timeZone) else {
            throw JSONMapperError.invalidValue(path: "", reason: "the date \(value.timeIntervalSince1970) s from 1970 is outside the years 0000–9999")
        }
        return text
    }

    private func compiled() throws(JSONMapperError) -> DatePattern {
        switch pattern {
        case .success(let pattern): return pattern
        case .failure(let error): throw .invalidMapping(type: "\(Self.self)", key: format, reason: error.message)
        }
    }
}

extension DateFormatTransformer: MappingCheckedTransformer {
    var mappingProblem: String? {
        guard case .failure(let error) = pattern else { return nil }
        return "the date format: \(error.message)"
    }
}

extension JSONValueTransformer where Self == DateFormatTransformer {
    /// Dates in a format of your own, read and written: `.date(format: "MMM dd, yyyy")`.
    /// See ``DateFormatTransformer`` for the pattern letters.
    public static func date(format: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> DateFormatTransformer {
        DateFormatTransformer(format: format, timeZone: timeZone)
    }
}
