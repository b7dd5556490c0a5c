import Foundation

/// ISO 8601 text for dates, in UTC, computed by hand (the inverse of ``DateCoercion``'s
/// parser): `2014-08-31T00:29:15Z`, `2014-08-31T00:29:15.25Z`, `2014-08-31T00:29:15.250Z`.
enum DateWriting {
    /// The text, or `nil` for a date outside the years 0000–9999 (see ``instant(of:fraction:)``).
    /// A writer appends the same bytes to its output with ``JSONWriter/writeISO8601(_:fraction:)``.
    static func iso8601(_ date: Date, fraction: EncodingOptions.DateStrategy.Fraction) -> String? {
        guard let instant = instant(of: date, fraction: fraction) else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(21 + instant.fractionDigits)
        append(instant, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// What the text of `date` says, its fraction as `fraction` asks, or `nil` for a date
    /// outside the years 0000–9999 (four-digit years are all ISO 8601 text holds without an
    /// agreed extension, and all the parser reads back).
    static func instant(of date: Date, fraction: EncodingOptions.DateStrategy.Fraction) -> DateInstant? {
        // From the reference date, which is what `Date` stores: no rounding on the way.
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        guard interval.isFinite, whole >= earliest, whole <= latest else { return nil }
        var instant = DateInstant(seconds: Int(whole) + DateInstant.referenceDateSince1970)
        let remainder = interval - whole
        switch fraction {
        case .whenPresent:
            if remainder > 0 { shortestFraction(of: interval, remainder: remainder, into: &instant) }
        case .milliseconds:
            roundFraction(remainder, toDigits: 3, into: &instant)
        case .omitted:
            // Rounded to the millisecond first, as `.milliseconds` would write it, then cut.
            roundFraction(remainder, toDigits: 3, into: &instant)
            instant.fraction = 0
            instant.fractionDigits = 0
        }
        // A fraction rounded up may carry past the last second of 9999.
        guard instant.seconds <= latestSince1970 else { return nil }
        return instant
    }

    /// The fewest fraction digits that read back as exactly `interval` (see
    /// ``DateInstant/date``). Nine (nanoseconds) always do from about three months away from
    /// 2001-01-01, where one step of a `Double` of seconds is coarser than that; closer, it
    /// holds finer fractions, and up to the fifteen digits the parser keeps are tried. Within
    /// seconds of 2001-01-01 even those may fall short: the nearest fifteen-digit fraction is
    /// written.
    private static func shortestFraction(of interval: Double, remainder: Double, into instant: inout DateInstant) {
        for digits in 1...DateInstant.maxFractionDigits {
            var candidate = instant
            roundFraction(remainder, toDigits: digits, into: &candidate)
            if candidate.date.timeIntervalSinceReferenceDate == interval {
                instant = candidate
                return
            }
        }
        roundFraction(remainder, toDigits: DateInstant.maxFractionDigits, into: &instant)
    }

    /// Sets the fraction to `remainder` rounded to `digits` decimals, carrying into the
    /// seconds when it rounds up to a whole second.
    private static func roundFraction(_ remainder: Double, toDigits digits: Int, into instant: inout DateInstant) {
        let scale = Int(pow(10, Double(digits)))
        var value = Int((remainder * Double(scale)).rounded())
        if value == scale {
            instant.seconds += 1
            value = 0
        }
        instant.fraction = value
        instant.fractionDigits = digits
    }

    /// Appends the text of `instant`, one that ``instant(of:fraction:)`` gave: ASCII, with
    /// nothing a JSON string escapes.
    static func append(_ instant: DateInstant, to text: inout [UInt8]) {
        let total = instant.seconds
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        append(year, width: 4, to: &text, then: UInt8(ascii: "-"))
        append(month, width: 2, to: &text, then: UInt8(ascii: "-"))
        append(day, width: 2, to: &text, then: UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2, to: &text, then: UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2, to: &text, then: UInt8(ascii: ":"))
        if instant.fractionDigits > 0 {
            append(secondOfDay % 60, width: 2, to: &text, then: UInt8(ascii: "."))
            append(instant.fraction, width: instant.fractionDigits, to: &text, then: UInt8(ascii: "Z"))
        } else {
            append(secondOfDay % 60, width: 2, to: &text, then: UInt8(ascii: "Z"))
        }
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds from the reference date.
    private static let earliest = Double(-62_167_219_200 - DateInstant.referenceDateSince1970)
    private static let latest = Double(latestSince1970 - DateInstant.referenceDateSince1970)
    private static let latestSince1970 = 253_402_300_799

    /// The decimal digits of `value` (not negative), zero-padded to `width`, then `separator`.
    private static func append(_ value: Int, width: Int, to text: inout [UInt8], then separator: UInt8) {
        var scale = 1
        var digits = 1
        while digits < width || value / scale >= 10 {
            scale *= 10
            digits += 1
        }
        while scale > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / scale % 10))
            scale /= 10
        }
        text.append(separator)
    }
}
