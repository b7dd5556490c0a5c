import Foundation

/// JSON → `Date`. Numbers are seconds (or milliseconds) since 1970; strings may be ISO 8601
/// with or without fraction and zone, `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, RFC 2822, or the
/// `Wed Aug 27 13:08:45 +0000 2008` form some APIs (Twitter) use. A string without a zone is UTC.
///
/// Parsed by hand: `DateFormatter` is slow, locale-sensitive and costly to share across threads.
enum DateCoercion {
    /// A `Date` from any scalar: a number or binary double as Unix time in `unit`, a string in
    /// one of the formats above. JSON has no date type, so both kinds are taken when strict too.
    @inline(__always)
    static func date(from scalar: ScalarEvent, policy: CoercionPolicy, unit: DecodingOptions.DateUnit) throws(CoercionFailure) -> Date? {
        switch scalar {
        case .number(let text): try fromNumber(text.buffer, unit: unit)
        case .string(let text): try fromString(text.buffer)
        case .double(let value): Date(timeIntervalSince1970: unit == .secondsSince1970 ? value : value / 1000)
        default: try scalar.unconvertible(policy: policy)
        }
    }

    static func fromNumber(_ text: UnsafeBufferPointer<UInt8>, unit: DecodingOptions.DateUnit) throws(CoercionFailure) -> Date {
        let value = try FloatingPointCoercion.double(fromNumber: text)
        switch unit {
        case .secondsSince1970: return Date(timeIntervalSince1970: value)
        case .millisecondsSince1970: return Date(timeIntervalSince1970: value / 1000)
        }
    }

    static func fromString(_ text: UnsafeBufferPointer<UInt8>) throws(CoercionFailure) -> Date {
        let trimmed = trimmingASCIIWhitespace(text)
        var iso = DateScanner(trimmed), rfc = DateScanner(trimmed), ctime = DateScanner(trimmed)
        if let instant = iso.iso8601() ?? rfc.rfc2822() ?? ctime.ctimeWithZone() {
            return instant.date
        }
        throw .invalid("\(describe(text)) is not a date in a supported format")
    }
}

/// A date as written in text: whole seconds since 1970 and a decimal fraction of a second.
struct DateInstant: Equatable {
    var seconds: Int
    /// The fraction's digits as an integer (`.250` is 250 with 3 digits).
    var fraction = 0
    var fractionDigits = 0

    /// Fraction digits kept: up to 15, so `fraction` converts to `Double` exactly (digits
    /// further down are below a femtosecond).
    static let maxFractionDigits = 15
    private static let powersOfTen: [Double] = (0...maxFractionDigits).map { digits in
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }

    /// The `Date`, computed with the fewest roundings: the whole seconds exactly, the fraction
    /// once, the sum once. ``DateWriting`` checks candidate texts with this same computation,
    /// so a date it writes reads back as the same `Date`.
    var date: Date {
        let fractionSeconds = fractionDigits == 0 ? 0 : Double(fraction) / Self.powersOfTen[fractionDigits]
        return Date(timeIntervalSinceReferenceDate: Double(seconds - Self.referenceDateSince1970) + fractionSeconds)
    }

    /// 2001-01-01T00:00:00Z, `Date`'s reference date, in seconds since 1970.
    static let referenceDateSince1970 = 978_307_200

    /// Reads the digits of a fraction of a second at `index` in `text` into `fraction` and
    /// `digits`, moving `index` past all of them but keeping the first ``maxFractionDigits``;
    /// `false` when there is no digit. Both readers of date text, the built-in formats and
    /// ``DatePattern``, read fractions here.
    static func readFraction(_ text: UnsafeBufferPointer<UInt8>, at index: inout Int,
                             into fraction: inout Int, digits: inout Int) -> Bool {
        let start = index
        while index < text.count, text[index] &- 48 < 10 {
            if digits < maxFractionDigits {
                fraction = fraction * 10 + Int(text[index] &- 48)
                digits += 1
            }
            index += 1
        }
        return index > start
    }
}

/// A cursor over date text; each format method consumes the whole text or returns `nil`.
private struct DateScanner {
    let text: UnsafeBufferPointer<UInt8>
    var i = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    var atEnd: Bool { i == text.count }

    mutating func digits(_ count: Int) -> Int? {
        guard i + count <= text.count else { return nil }
        var value = 0
        for k in 0..<count {
            let d = text[i + k] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
        }
        i += count
        return value
    }

    /// One or two digits (RFC 2822 days, hours).
    mutating func shortNumber() -> Int? {
        guard let first = digits(1) else { return nil }
        if let second = digits(1) { return first * 10 + second }
        return first
    }

    mutating func skip(_ byte: Character) -> Bool {
        guard i < text.count, text[i] == byte.asciiValue! else { return false }
        i += 1
        return true
    }

    mutating func skipSpaces() {
        while i < text.count, text[i] == 0x20 { i += 1 }
    }

    mutating func word() -> String {
        let start = i
        while i < text.count, (text[i] | 0x20) >= UInt8(ascii: "a"), (text[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
        return String(decoding: text[start..<i], as: UTF8.self)
    }

    /// `YYYY-MM-DD`, optionally `THH:MM[:SS[.fff]]` (or a space instead of `T`) and a zone.
    mutating func iso8601() -> DateInstant? {
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2) else { return nil }
        var time = DateInstant(seconds: 0)
        if !atEnd {
            guard skip("T") || skip("t") || skip(" "), let timeOfDay = timeOfDay(requireSeconds: false) else { return nil }
            time = timeOfDay
            if !atEnd {
                guard let offset = numericZone(allowColon: true) else { return nil }
                time.seconds -= offset
            }
        }
        guard atEnd, let days = CivilCalendar.days(year: year, month: month, day: day) else { return nil }
        time.seconds += days * 86_400
        return time
    }

    /// `HH:MM[:SS[.fraction]]` since midnight.
    mutating func timeOfDay(requireSeconds: Bool) -> DateInstant? {
        guard let hour = digits(2), skip(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var time = DateInstant(seconds: hour * 3600 + minute * 60)
        if skip(":") {
            guard let whole = digits(2), whole <= 60 else { return nil }
            time.seconds += whole
            if skip(".") || skip(",") {
                guard DateInstant.readFraction(text, at: &i, into: &time.fraction, digits: &time.fractionDigits) else { return nil }
            }
        } else if requireSeconds {
            return nil
        }
        return time
    }

    /// `Z`, `+HH:MM`, `+HHMM`, `+HH`, `GMT`, `UT`, `UTC`; the offset in seconds east of UTC.
    mutating func numericZone(allowColon: Bool) -> Int? {
        if skip("Z") || skip("z") { return 0 }
        guard i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") else {
            switch word().uppercased() {
            case "GMT", "UT", "UTC": return 0
            case "EST": return -5 * 3600
            case "EDT": return -4 * 3600
            case "CST": return -6 * 3600
            case "CDT": return -5 * 3600
            case "MST": return -7 * 3600
            case "MDT": return -6 * 3600
            case "PST": return -8 * 3600
            case "PDT": return -7 * 3600
            default: return nil
            }
        }
        let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        guard let hours = digits(2) else { return nil }
        var minutes = 0
        if allowColon, skip(":") {
            guard let m = digits(2) else { return nil }
            minutes = m
        } else if let m = digits(2) {
            minutes = m
        }
        guard hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// RFC 2822: `[Wed, ]27 Aug 2008 13:08[:45] +0000`.
    mutating func rfc2822() -> DateInstant? {
        let start = i
        if !word().isEmpty {
            guard skip(",") else { return nil }
            skipSpaces()
        } else {
            i = start
        }
        guard let day = shortNumber() else { return nil }
        skipSpaces()
        guard let month = CivilCalendar.month(word()) else { return nil }
        skipSpaces()
        guard let year = digits(4) else { return nil }
        skipSpaces()
        guard var time = timeOfDay(requireSeconds: false) else { return nil }
        skipSpaces()
        guard let offset = numericZone(allowColon: false), atEnd,
              let days = CivilCalendar.days(year: year, month: month, day: day) else { return nil }
        time.seconds += days * 86_400 - offset
        return time
    }

    /// `Wed Aug 27 13:08:45 +0000 2008`.
    mutating func ctimeWithZone() -> DateInstant? {
        guard !word().isEmpty else { return nil }
        skipSpaces()
        guard let month = CivilCalendar.month(word()) else { return nil }
        skipSpaces()
        guard let day = shortNumber() else { return nil }
        skipSpaces()
        guard var time = timeOfDay(requireSeconds: true) else { return nil }
        skipSpaces()
        guard let offset = numericZone(allowColon: false) else { return nil }
        skipSpaces()
        guard let year = digits(4), atEnd, let days = CivilCalendar.days(year: year, month: month, day: day) else { return nil }
        time.seconds += days * 86_400 - offset
        return time
    }
}
