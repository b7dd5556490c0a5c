import Foundation

/// The text Foundation's `.iso8601` strategy writes for a whole second, `2014-08-31T00:29:15Z`,
/// read by hand: most dates a `.iso8601` decode meets are in it, and Foundation's parser costs
/// more than the rest of such a decode. Any other text goes to that parser, so what the
/// strategy accepts, and how, stays Foundation's. The encoder writes such text by hand for the
/// same dates.
enum ISO8601Text {
    /// The first whole year of the Gregorian calendar. Foundation's ISO 8601 coders count the
    /// years before it in the Julian calendar, so only dates from it on are read and written
    /// by hand.
    static var firstGregorianYear: Int { 1583 }

    /// 1583-01-01T00:00:00Z (``firstGregorianYear``'s first second), in seconds since 1970.
    static var firstGregorianSecond: Double { -12_212_553_600 }

    /// The date, when `text` is exactly `yyyy-MM-ddTHH:mm:ssZ` naming a day and time of the
    /// Gregorian calendar (from ``firstGregorianYear`` on); `nil` for anything else.
    static func wholeSecondUTC(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z"),
              let year = number(text, 0, 4), let month = number(text, 5, 2), let day = number(text, 8, 2),
              let hour = number(text, 11, 2), let minute = number(text, 14, 2), let second = number(text, 17, 2),
              year >= firstGregorianYear, hour < 24, minute < 60, second < 60,
              let days = CivilCalendar.days(year: year, month: month, day: day)
        else { return nil }
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The `count` decimal digits at `start`, or `nil` if any is not a digit.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
