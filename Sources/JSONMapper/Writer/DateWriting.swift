import Foundation

/// ISO 8601 text for dates, in UTC, computed by hand (the inverse of ``DateCoercion``'s
/// parser): `2014-08-31T00:29:15Z`, `2014-08-31T00:29:15.25Z`, `2014-08-31T00:29:15.250Z`.
enum DateWriting {
    /// The text, or `nil` for a date outside the years 0000–9999 (four-digit years are all
    /// ISO 8601 text holds without an agreed extension, and all the parser reads back).
    static func iso8601(_ date: Date, fraction: EncodingOptions.DateStrategy.Fraction) -> String? {
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
        return text(of: instant)
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

    private static func text(of instant: DateInstant) -> String {
        let total = instant.seconds
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if instant.fractionDigits > 0 { text += "." + pad(instant.fraction, instant.fractionDigits) }
        return text + "Z"
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds from the reference date.
    private static let earliest = Double(-62_167_219_200 - DateInstant.referenceDateSince1970)
    private static let latest = Double(latestSince1970 - DateInstant.referenceDateSince1970)
    private static let latestSince1970 = 253_402_300_799

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
