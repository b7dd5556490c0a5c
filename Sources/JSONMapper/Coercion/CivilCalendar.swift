/// The proleptic Gregorian calendar in UTC, by hand: day counts since 1970-01-01 and back,
/// and the English month and weekday names. Shared by the date parsers and writers, which
/// avoid `Calendar` and `DateFormatter` (slow, locale-sensitive, costly to share across threads).
enum CivilCalendar {
    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil), or `nil` for a day the month
    /// does not have.
    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= length(ofMonth: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    static func weekday(fromDays days: Int) -> Int {
        let shifted = (days + 4) % 7
        return shifted < 0 ? shifted + 7 : shifted
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return month == 2 ? (isLeap ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The month whose English name starts with the first three letters of `name`, in any
    /// case (`Aug`, `August`, as RFC 2822 and ctime dates write them).
    static func month(_ name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        let prefix = name.lowercased().prefix(3)
        return monthNames.firstIndex { $0.lowercased().hasPrefix(prefix) }.map { $0 + 1 }
    }
}
