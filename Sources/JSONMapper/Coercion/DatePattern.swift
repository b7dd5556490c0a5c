import Foundation

/// A date format in the pattern notation of `DateFormatter` (Unicode TR35), compiled once
/// into fields and literal text, that reads and writes dates by hand with English names.
/// Immutable, so one pattern serves every thread, and a parse costs well under a microsecond
/// where `DateFormatter` on Linux costs tens (see ``DateFormatTransformer``).
///
/// Fields: `y yy yyyy` (`u` alike) year, `M MM` month, `MMM MMMM` (`L…` alike) month name,
/// `d dd` day, `E EE EEE EEEE` weekday name, `H HH` 0–23, `h hh` 1–12, `k kk` 1–24, `K KK`
/// 0–11, `a` AM/PM, `m mm` minute, `s ss` second, `S…` fraction of a second, and zones
/// `Z ZZ ZZZ` (+0000), `ZZZZ` (GMT+01:00), `ZZZZZ XXX` (+01:00 or Z), `X` (+01 or Z), `XX`
/// (+0100 or Z), `x xx xxx` (as `X XX XXX` without Z), `z zz zzz O` (GMT, GMT+1, GMT-5:30).
/// Text in single quotes is literal (`''` is a quote), as is every character that is not an
/// ASCII letter.
///
/// A one-letter numeric field reads one or two digits (a year up to four), a longer one
/// exactly as many digits as letters; `yy` reads 69–99 as 1969–1999 and 00–68 as 2000–2068
/// (POSIX). A fraction reads any number of digits. A zone field reads `Z`, `UTC`, `GMT`,
/// `UT`, the North American names of RFC 822 (`EST`, `EDT`, `CST`, `CDT`, `MST`, `MDT`,
/// `PST`, `PDT`), `±HH`, `±HHMM` or `±HH:MM`, and `GMT` or `UTC` followed by `±H`, `±HH`,
/// `±H:MM`, `±HHMM` or `±HH:MM`, whichever form it writes. Fields absent from the pattern
/// default to 1970-01-01 00:00:00 in the pattern's time zone.
struct DatePattern: Sendable {
    enum Element: Sendable, Equatable {
        case literal([UInt8])
        case year(letters: Int)
        case month(letters: Int)
        case monthName(full: Bool)
        case day(letters: Int)
        case weekday(full: Bool)
        case hour(HourCycle, letters: Int)
        case amPM
        case minute(letters: Int)
        case second(letters: Int)
        case fraction(digits: Int)
        /// A UTC offset; `utcAsZ` writes UTC as `Z` (`X…`, `ZZZZZ`).
        case zone(ZoneStyle, utcAsZ: Bool)
    }

    enum HourCycle: Sendable, Equatable {
        /// `H` 0–23, `k` 1–24, `h` 1–12, `K` 0–11.
        case zeroTo23, oneTo24, oneTo12, zeroTo11
    }

    enum ZoneStyle: Sendable, Equatable {
        /// `+01`, `+0100`, `+01:00`, `GMT+01:00`, `GMT+1` (`GMT+5:30`): the offset's form when
        /// it is written.
        case hours, hoursMinutes, hoursColonMinutes, gmt, shortGMT
    }

    let elements: [Element]

    /// The pattern letters ``compile(_:)`` knows, for messages.
    static let supportedLetters = "y u M L d E a H k h K m s S Z X x z O"

    /// The pattern, or a message naming what is not supported and where.
    static func compile(_ format: String) -> Result<DatePattern, PatternError> {
        var elements: [Element] = []
        let bytes = Array(format.utf8)
        var i = 0
        func appendLiteral(_ text: some Sequence<UInt8>) {
            if case .literal(let previous)? = elements.last {
                elements[elements.count - 1] = .literal(previous + text)
            } else {
                elements.append(.literal(Array(text)))
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "'") {
                // 'quoted text'; '' is a quote, inside quotes or out.
                if i + 1 < bytes.count, bytes[i + 1] == byte {
                    appendLiteral([byte])
                    i += 2
                    continue
                }
                var text: [UInt8] = []
                let quote = i
                i += 1
                while true {
                    guard i < bytes.count else {
                        return .failure(PatternError("the quote at character \(character(at: quote, in: bytes)) of \"\(format)\" is not closed"))
                    }
                    if bytes[i] == byte {
                        if i + 1 < bytes.count, bytes[i + 1] == byte { text.append(byte); i += 2; continue }
                        i += 1
                        break
                    }
                    text.append(bytes[i])
                    i += 1
                }
                appendLiteral(text)
                continue
            }
            guard (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") else {
                appendLiteral([byte])
                i += 1
                continue
            }
            var count = 1
            while i + count < bytes.count, bytes[i + count] == byte { count += 1 }
            guard let element = field(letter: Character(Unicode.Scalar(byte)), count: count) else {
                let run = String(repeating: Character(Unicode.Scalar(byte)), count: count)
                return .failure(PatternError("the field \"\(run)\" at character \(character(at: i, in: bytes)) of \"\(format)\" "
                    + "is not supported (the letters are \(supportedLetters); quote literal letters: 'T')"))
            }
            i += count
            elements.append(element)
        }
        return .success(DatePattern(elements: elements))
    }

    /// The 1-based position of the character that starts at byte `offset` of `bytes`.
    private static func character(at offset: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[..<offset], as: UTF8.self).count + 1
    }

    /// The element for `count` repetitions of a pattern letter.
    private static func field(letter: Character, count: Int) -> Element? {
        switch (letter, count) {
        case ("y", 1...), ("u", 1...): .year(letters: count)
        case ("M", 1...2), ("L", 1...2): .month(letters: count)
        case ("M", 3...4), ("L", 3...4): .monthName(full: count == 4)
        case ("d", 1...2): .day(letters: count)
        case ("E", 1...4): .weekday(full: count == 4)
        case ("H", 1...2): .hour(.zeroTo23, letters: count)
        case ("k", 1...2): .hour(.oneTo24, letters: count)
        case ("h", 1...2): .hour(.oneTo12, letters: count)
        case ("K", 1...2): .hour(.zeroTo11, letters: count)
        case ("a", 1...3): .amPM
        case ("m", 1...2): .minute(letters: count)
        case ("s", 1...2): .second(letters: count)
        case ("S", 1...DateInstant.maxFractionDigits): .fraction(digits: count)
        case ("Z", 1...3): .zone(.hoursMinutes, utcAsZ: false)
        case ("Z", 4): .zone(.gmt, utcAsZ: false)
        case ("Z", 5): .zone(.hoursColonMinutes, utcAsZ: true)
        case ("X", 1), ("x", 1): .zone(.hours, utcAsZ: letter == "X")
        case ("X", 2), ("x", 2): .zone(.hoursMinutes, utcAsZ: letter == "X")
        case ("X", 3), ("x", 3): .zone(.hoursColonMinutes, utcAsZ: letter == "X")
        case ("z", 1...3), ("O", 1): .zone(.shortGMT, utcAsZ: false)
        default: nil
        }
    }

    struct PatternError: Error, Sendable {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

// MARK: - Reading

extension DatePattern {
    /// The date `text` holds in this format (surrounding ASCII whitespace ignored), or `nil`
    /// when it does not match or names a day that does not exist. `timeZone` applies when the
    /// pattern has no zone field.
    func date(from text: UnsafeBufferPointer<UInt8>, timeZone: TimeZone) -> Date? {
        var reader = Reader(text: trimmingASCIIWhitespace(text))
        var fields = Fields()
        for element in elements {
            guard reader.read(element, into: &fields) else { return nil }
        }
        guard reader.atEnd, let local = fields.secondsSince1970 else { return nil }
        var instant = DateInstant(seconds: local, fraction: fields.fraction, fractionDigits: fields.fractionDigits)
        if let offset = fields.offset {
            instant.seconds -= offset
        } else {
            instant.seconds -= Self.offset(of: timeZone, atLocalSeconds: local)
        }
        return instant.date
    }

    /// The UTC offset in effect at a local time: the offset at the local time read as UTC is
    /// right unless a transition lies between the two instants, which the second look fixes.
    private static func offset(of timeZone: TimeZone, atLocalSeconds local: Int) -> Int {
        let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - guess)))
    }

    /// What the fields read so far say.
    private struct Fields {
        var year = 1970, month = 1, day = 1
        var hour = 0, minute = 0, second = 0
        var fraction = 0, fractionDigits = 0
        var isPM: Bool?
        var hourCycle = HourCycle.zeroTo23
        var weekday: Int?
        var offset: Int?

        /// Local seconds since 1970, or `nil` for a day that does not exist or a weekday
        /// that is not the date's.
        var secondsSince1970: Int? {
            guard let days = CivilCalendar.days(year: year, month: month, day: day) else { return nil }
            if let weekday, weekday != CivilCalendar.weekday(fromDays: days) { return nil }
            var hour24 = hour
            switch hourCycle {
            case .zeroTo23: break
            case .oneTo24: hour24 = hour % 24
            case .oneTo12, .zeroTo11: hour24 = hour % 12 + (isPM == true ? 12 : 0)
            }
            return days * 86_400 + hour24 * 3600 + minute * 60 + second
        }
    }

    private struct Reader {
        let text: UnsafeBufferPointer<UInt8>
        var i = 0

        var atEnd: Bool { i == text.count }

        mutating func read(_ element: Element, into fields: inout Fields) -> Bool {
            switch element {
            case .literal(let bytes):
                guard i + bytes.count <= text.count, bytes.indices.allSatisfy({ text[i + $0] == bytes[$0] }) else { return false }
                i += bytes.count
            case .year(let letters):
                guard let year = letters == 1 ? number(1...4) : number(letters...letters) else { return false }
                fields.year = letters == 2 ? (year < 69 ? 2000 + year : 1900 + year) : year
            case .month(let letters):
                guard let month = number(letters == 1 ? 1...2 : 2...2), (1...12).contains(month) else { return false }
                fields.month = month
            case .monthName(let full):
                guard let index = name(in: full ? DatePattern.monthNames : DatePattern.monthAbbreviations) else { return false }
                fields.month = index + 1
            case .day(let letters):
                guard let day = number(letters == 1 ? 1...2 : 2...2) else { return false }
                fields.day = day
            case .weekday(let full):
                guard let index = name(in: full ? DatePattern.weekdayNames : DatePattern.weekdayAbbreviations) else { return false }
                fields.weekday = index
            case .hour(let cycle, let letters):
                guard let hour = number(letters == 1 ? 1...2 : 2...2), cycle.range.contains(hour) else { return false }
                fields.hour = hour
                fields.hourCycle = cycle
            case .amPM:
                guard i + 2 <= text.count, text[i + 1] | 0x20 == UInt8(ascii: "m") else { return false }
                switch text[i] | 0x20 {
                case UInt8(ascii: "a"): fields.isPM = false
                case UInt8(ascii: "p"): fields.isPM = true
                default: return false
                }
                i += 2
            case .minute(let letters):
                guard let minute = number(letters == 1 ? 1...2 : 2...2), minute < 60 else { return false }
                fields.minute = minute
            case .second(let letters):
                guard let second = number(letters == 1 ? 1...2 : 2...2), second <= 60 else { return false }
                fields.second = second
            case .fraction:
                return DateInstant.readFraction(text, at: &i, into: &fields.fraction, digits: &fields.fractionDigits)
            case .zone:
                guard let offset = zoneOffset() else { return false }
                fields.offset = offset
            }
            return true
        }

        /// A run of `digits.lowerBound` to `digits.upperBound` decimal digits (as many as
        /// there are, up to the most).
        mutating func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while count < digits.upperBound, i < text.count, text[i] &- 48 < 10 {
                value = value * 10 + Int(text[i] &- 48)
                count += 1
                i += 1
            }
            return count >= digits.lowerBound ? value : nil
        }

        /// The position in `names` of the name here, in any case.
        mutating func name(in names: [[UInt8]]) -> Int? {
            for (index, name) in names.enumerated() {
                guard i + name.count <= text.count,
                      name.indices.allSatisfy({ text[i + $0] | 0x20 == name[$0] | 0x20 }) else { continue }
                i += name.count
                return index
            }
            return nil
        }

        /// `Z`, a zone name (`UTC`, `GMT`, `UT`, RFC 822's `EST`…), `±HH`, `±HHMM`, `±HH:MM`,
        /// or `UTC`/`GMT` followed by an offset whose hours may have one digit (`GMT+1`):
        /// seconds east of UTC.
        mutating func zoneOffset() -> Int? {
            guard i < text.count else { return nil }
            if text[i] | 0x20 == UInt8(ascii: "z") {
                i += 1
                return 0
            }
            if startsWith("UTC") || startsWith("GMT") {
                i += 3
                return isAtSign ? offset(hourDigits: 1...2) : 0
            }
            for (name, offset) in DatePattern.zoneNames where startsWith(name) {
                i += name.utf8.count
                return offset
            }
            return isAtSign ? offset(hourDigits: 2...2) : nil
        }

        /// `±` hours (as many digits as `hourDigits` allows), then optionally minutes, with or
        /// without a colon: seconds east of UTC.
        private mutating func offset(hourDigits: ClosedRange<Int>) -> Int? {
            let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hours = number(hourDigits), hours < 24 else { return nil }
            var minutes = 0
            if i < text.count, text[i] == UInt8(ascii: ":") {
                i += 1
                guard let m = number(2...2) else { return nil }
                minutes = m
            } else if i < text.count, text[i] &- 48 < 10 {
                guard let m = number(2...2) else { return nil }
                minutes = m
            }
            guard minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        private var isAtSign: Bool { i < text.count && (text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-")) }

        private func startsWith(_ ascii: String) -> Bool {
            i + ascii.utf8.count <= text.count && ascii.utf8.enumerated().allSatisfy { text[i + $0] == $1 }
        }
    }
}

extension DatePattern.HourCycle {
    var range: ClosedRange<Int> {
        switch self {
        case .zeroTo23: 0...23
        case .oneTo24: 1...24
        case .oneTo12: 1...12
        case .zeroTo11: 0...11
        }
    }
}

// MARK: - Writing

extension DatePattern {
    /// The date in this format, in `timeZone`; `nil` for a date outside the years 0000–9999
    /// (the years every year field reads back).
    func string(from date: Date, timeZone: TimeZone) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 1e15 else { return nil }
        let whole = interval.rounded(.down)
        var seconds = Int(whole) + DateInstant.referenceDateSince1970
        // The fraction, rounded to the digits written (carrying into the seconds), or cut.
        let digits = elements.lazy.compactMap { if case .fraction(let digits) = $0 { digits } else { nil } }.first ?? 0
        var fraction = 0
        if digits > 0 {
            let scale = Int(pow(10, Double(digits)))
            fraction = Int(((interval - whole) * Double(scale)).rounded())
            if fraction == scale {
                fraction = 0
                seconds += 1
            }
        }
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(48)
        for element in elements {
            switch element {
            case .literal(let bytes): out += bytes
            case .year(let letters): Self.pad(letters == 2 ? year % 100 : year, letters, &out)
            case .month(let letters): Self.pad(month, letters, &out)
            case .monthName(let full): out += (full ? Self.monthNames : Self.monthAbbreviations)[month - 1]
            case .day(let letters): Self.pad(day, letters, &out)
            case .weekday(let full): out += (full ? Self.weekdayNames : Self.weekdayAbbreviations)[CivilCalendar.weekday(fromDays: days)]
            case .hour(let cycle, let letters): Self.pad(cycle.display(hour: secondOfDay / 3600), letters, &out)
            case .amPM: out += [secondOfDay < 43_200 ? UInt8(ascii: "A") : UInt8(ascii: "P"), UInt8(ascii: "M")]
            case .minute(let letters): Self.pad(secondOfDay / 60 % 60, letters, &out)
            case .second(let letters): Self.pad(secondOfDay % 60, letters, &out)
            case .fraction(let count): Self.pad(fraction, count, &out)
            case .zone(let style, let utcAsZ): Self.writeZone(offset, style, utcAsZ: utcAsZ, &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A non-negative number in at least `width` digits.
    private static func pad(_ value: Int, _ width: Int, _ out: inout [UInt8]) {
        var digits = 1
        var power = 10
        while power <= value { digits += 1; power *= 10 }
        for _ in digits..<max(width, digits) { out.append(UInt8(ascii: "0")) }
        while digits > 0 {
            power /= 10
            out.append(UInt8(48 + value / power % 10))
            digits -= 1
        }
    }

    /// Zone names a zone field reads besides `UTC` and `GMT`: RFC 822's (`UT` last, after the
    /// longer names it does not prefix).
    fileprivate static let zoneNames: [(String, Int)] = [
        ("EST", -5 * 3600), ("EDT", -4 * 3600), ("CST", -6 * 3600), ("CDT", -5 * 3600),
        ("MST", -7 * 3600), ("MDT", -6 * 3600), ("PST", -8 * 3600), ("PDT", -7 * 3600), ("UT", 0),
    ]

    private static let monthNames = CivilCalendar.monthNames.map { Array($0.utf8) }
    private static let monthAbbreviations = monthNames.map { Array($0.prefix(3)) }
    private static let weekdayNames = CivilCalendar.weekdayNames.map { Array($0.utf8) }
    private static let weekdayAbbreviations = weekdayNames.map { Array($0.prefix(3)) }

    private static func writeZone(_ offset: Int, _ style: ZoneStyle, utcAsZ: Bool, _ out: inout [UInt8]) {
        if offset == 0, utcAsZ { out.append(UInt8(ascii: "Z")); return }
        if style == .gmt || style == .shortGMT {
            out += [UInt8(ascii: "G"), UInt8(ascii: "M"), UInt8(ascii: "T")]
            if offset == 0 { return }
        }
        // Offsets are written to the minute (only local mean times before about 1900 have seconds).
        let minutes = abs(offset) / 60
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        pad(minutes / 60, style == .shortGMT ? 1 : 2, &out)
        switch style {
        case .hours:
            if minutes % 60 != 0 { pad(minutes % 60, 2, &out) }
        case .hoursMinutes:
            pad(minutes % 60, 2, &out)
        case .hoursColonMinutes, .gmt:
            out.append(UInt8(ascii: ":"))
            pad(minutes % 60, 2, &out)
        case .shortGMT:
            // TR35's short localized GMT format: minutes only when there are some.
            if minutes % 60 != 0 {
                out.append(UInt8(ascii: ":"))
                pad(minutes % 60, 2, &out)
            }
        }
    }
}

extension DatePattern.HourCycle {
    /// The hour of the day (0–23) as this cycle writes it.
    func display(hour: Int) -> Int {
        switch self {
        case .zeroTo23: hour
        case .oneTo24: hour == 0 ? 24 : hour
        case .oneTo12: hour % 12 == 0 ? 12 : hour % 12
        case .zeroTo11: hour % 12
        }
    }
}
