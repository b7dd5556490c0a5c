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
    static func date(from scalar: ScalarEvent, strict: Bool, unit: DecodingOptions.DateUnit) throws(CoercionFailure) -> Date? {
        switch scalar {
        case .number(let text): try fromNumber(text.buffer, unit: unit)
        case .string(let text): try fromString(text.buffer)
        case .double(let value): Date(timeIntervalSince1970: unit == .secondsSince1970 ? value : value / 1000)
        default: try scalar.unconvertible(strict: strict)
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
        if let seconds = iso.iso8601() ?? rfc.rfc2822() ?? ctime.ctimeWithZone() {
            return Date(timeIntervalSince1970: seconds)
        }
        throw .invalid("\(describe(text)) is not a date in a supported format")
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
    mutating func iso8601() -> TimeInterval? {
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2) else { return nil }
        var seconds = 0.0
        if !atEnd {
            guard skip("T") || skip("t") || skip(" "), let time = timeOfDay(requireSeconds: false) else { return nil }
            seconds = time
            if !atEnd {
                guard let offset = numericZone(allowColon: true) else { return nil }
                seconds -= Double(offset)
            }
        }
        guard atEnd, let days = DateScanner.days(year: year, month: month, day: day) else { return nil }
        return Double(days) * 86_400 + seconds
    }

    /// `HH:MM[:SS[.fraction]]` as seconds since midnight.
    mutating func timeOfDay(requireSeconds: Bool) -> TimeInterval? {
        guard let hour = digits(2), skip(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var second = 0.0
        if skip(":") {
            guard let whole = digits(2), whole <= 60 else { return nil }
            second = Double(whole)
            if skip(".") || skip(",") {
                var scale = 0.1
                let start = i
                while i < text.count, text[i] &- 48 < 10 {
                    second += Double(text[i] &- 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        } else if requireSeconds {
            return nil
        }
        return Double(hour * 3600 + minute * 60) + second
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
    mutating func rfc2822() -> TimeInterval? {
        let start = i
        if !word().isEmpty {
            guard skip(",") else { return nil }
            skipSpaces()
        } else {
            i = start
        }
        guard let day = shortNumber() else { return nil }
        skipSpaces()
        guard let month = DateScanner.month(word()) else { return nil }
        skipSpaces()
        guard let year = digits(4) else { return nil }
        skipSpaces()
        guard let time = timeOfDay(requireSeconds: false) else { return nil }
        skipSpaces()
        guard let offset = numericZone(allowColon: false), atEnd,
              let days = DateScanner.days(year: year, month: month, day: day) else { return nil }
        return Double(days) * 86_400 + time - Double(offset)
    }

    /// `Wed Aug 27 13:08:45 +0000 2008`.
    mutating func ctimeWithZone() -> TimeInterval? {
        guard !word().isEmpty else { return nil }
        skipSpaces()
        guard let month = DateScanner.month(word()) else { return nil }
        skipSpaces()
        guard let day = shortNumber() else { return nil }
        skipSpaces()
        guard let time = timeOfDay(requireSeconds: true) else { return nil }
        skipSpaces()
        guard let offset = numericZone(allowColon: false) else { return nil }
        skipSpaces()
        guard let year = digits(4), atEnd, let days = DateScanner.days(year: year, month: month, day: day) else { return nil }
        return Double(days) * 86_400 + time - Double(offset)
    }

    static func month(_ name: String) -> Int? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard name.count >= 3 else { return nil }
        return names.firstIndex(of: String(name.lowercased().prefix(3))).map { $0 + 1 }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil), or `nil` for a day the month does not have.
    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1 else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthLengths[month - 1] else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
