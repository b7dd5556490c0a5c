import Foundation
import Testing
@testable import JSONMapper

/// `.date(format:)`: custom date formats read and written per property. Expected dates are
/// built with a UTC Gregorian `Calendar`, expected texts written by hand or, in the property
/// test, produced by Foundation's `DateFormatter` (en_US_POSIX) for the same pattern.
@Suite("Date format transformer")
struct DateFormatTransformerTests: CapturesMappingErrors {
    struct Release: JSONMappable, Equatable {
        var built = Date(timeIntervalSince1970: 0)
        var shipped: Date?
        static let jsonMapping = JSONMapping<Release> {
            JSONMap(\.built, "buildDate", transform: .date(format: "MMM dd, yyyy"))
            JSONMap(\.shipped, "shipped", transform: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSZ"))
        }
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }


    @Test func readsAndWritesTheFormat() throws {
        let json = #"{"buildDate":"Jan 07, 2013","shipped":"2013-01-07T12:00:24.500+0100"}"#
        let release = try JSONMapDecoder().decode(Release.self, from: json)
        #expect(release.built == Self.utc(2013, 1, 7))
        #expect(release.shipped == Self.utc(2013, 1, 7, 11, 0, 24).addingTimeInterval(0.5))
        #expect(try JSONMapEncoder().encode(release, as: String.self)
                == #"{"buildDate":"Jan 07, 2013","shipped":"2013-01-07T11:00:24.500+0000"}"#)
    }

    @Test func optionalPropertiesTakeNullAndAbsentKeys() throws {
        let null = try JSONMapDecoder().decode(Release.self, from: #"{"buildDate":"Dec 31, 1999","shipped":null}"#)
        #expect(null == Release(built: Self.utc(1999, 12, 31), shipped: nil))
        let absent = try JSONMapDecoder().decode(Release.self, from: #"{"buildDate":"Dec 31, 1999"}"#)
        #expect(absent.shipped == nil)
        #expect(try JSONMapEncoder().encode(absent, as: String.self) == #"{"buildDate":"Dec 31, 1999"}"#)
        #expect(try JSONMapEncoder(options: EncodingOptions(omitsNilProperties: false)).encode(absent, as: String.self)
                == #"{"buildDate":"Dec 31, 1999","shipped":null}"#)
    }

    @Test(arguments: ["Jan 32, 2013", "Feb 29, 2013", "Foo 07, 2013", "Jan 7, 2013", "Jan 07 2013", "Jan 07, 2013 extra", ""])
    func textsThatDoNotMatchAreInvalidValues(_ text: String) {
        let result = Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Release.self, from: #"{"buildDate":"\#(text)"}"#)
        }
        guard case .failure(let error) = result else { Issue.record("\(text) decoded"); return }
        #expect(error == .invalidValue(path: "buildDate", reason: "\"\(text)\" is not a date in the format \"MMM dd, yyyy\""))
    }

    @Test func aBadDateFollowsThePolicy() throws {
        let (release, issues) = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect))
            .decodeReportingIssues(Release.self, from: #"{"buildDate":"soon","shipped":"2013-01-07T12:00:24.500+0100"}"#)
        #expect(release.built == Date(timeIntervalSince1970: 0))
        #expect(release.shipped != nil)
        #expect(issues.map(\.path) == ["buildDate"])
    }

    /// Each row: format, text, the UTC instant it means, and the text the format writes back.
    @Test(arguments: [
        ("yyyy-MM-dd HH:mm:ss", "2013-01-07 12:00:24", utc(2013, 1, 7, 12, 0, 24), "2013-01-07 12:00:24"),
        ("EEE, dd MMM yyyy HH:mm:ss Z", "Mon, 07 Jan 2013 12:00:24 -0500", utc(2013, 1, 7, 17, 0, 24), "Mon, 07 Jan 2013 17:00:24 +0000"),
        ("EEEE, MMMM d, yyyy", "monday, JANUARY 7, 2013", utc(2013, 1, 7), "Monday, January 7, 2013"),
        ("dd/MM/yy h:mm a", "07/01/13 3:05 pm", utc(2013, 1, 7, 15, 5), "07/01/13 3:05 PM"),
        ("dd/MM/yy h:mm a", "07/01/69 12:05 AM", utc(1969, 1, 7, 0, 5), "07/01/69 12:05 AM"),
        ("dd/MM/yy hh:mm a", "07/01/68 12:05 PM", utc(2068, 1, 7, 12, 5), "07/01/68 12:05 PM"),
        ("yyyyMMdd'T'HHmmssXXX", "20130107T120024Z", utc(2013, 1, 7, 12, 0, 24), "20130107T120024Z"),
        ("yyyyMMdd'T'HHmmssXXX", "20130107T120024+05:30", utc(2013, 1, 7, 6, 30, 24), "20130107T063024Z"),
        ("yyyy-MM-dd'T'HH:mmZZZZ", "2013-01-07T12:00GMT+01:00", utc(2013, 1, 7, 11), "2013-01-07T11:00GMT"),
        ("'Q''s day' d.M.y, k:mm", "Q's day 7.1.2013, 24:00", utc(2013, 1, 7), "Q's day 7.1.2013, 24:00"),
        ("K:mm a, MMM d yyyy", "0:30 PM, Sep 1 2024", utc(2024, 9, 1, 12, 30), "0:30 PM, Sep 1 2024"),
        ("HH:mm", "23:59", utc(1970, 1, 1, 23, 59), "23:59"),
        ("yyyy-MM-dd", " 2013-01-07\n", utc(2013, 1, 7), "2013-01-07"),
    ])
    func patterns(_ format: String, _ text: String, _ instant: Date, _ written: String) throws {
        let transformer = DateFormatTransformer(format: format)
        #expect(try transformer.value(from: text) == instant, "\(format) reading \(text)")
        #expect(try transformer.json(from: instant) == written, "\(format) writing \(instant)")
    }

    @Test func weekdaysMustMatchTheDate() {
        #expect(throws: JSONMapperError.self) { try DateFormatTransformer(format: "EEE, dd MMM yyyy").value(from: "Tue, 07 Jan 2013") }
    }

    @Test func fractionsRoundWhenWrittenAndReadAnyLength() throws {
        let transformer = DateFormatTransformer(format: "HH:mm:ss.SS")
        #expect(try transformer.value(from: "00:00:01.123456") == Self.utc(1970, 1, 1, 0, 0, 1).addingTimeInterval(0.123456))
        #expect(try transformer.json(from: Self.utc(1970, 1, 1, 0, 0, 1).addingTimeInterval(0.996)) == "00:00:02.00")
        #expect(try DateFormatTransformer(format: "HH:mm:ss").json(from: Self.utc(1970, 1, 1, 0, 0, 1).addingTimeInterval(0.996)) == "00:00:01")
    }

    @Test func timeZonesApplyWhenTheFormatHasNone() throws {
        let paris = DateFormatTransformer(format: "yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(try paris.value(from: "2013-07-07 12:00") == Self.utc(2013, 7, 7, 10))   // summer time, +02:00
        #expect(try paris.value(from: "2013-01-07 12:00") == Self.utc(2013, 1, 7, 11))   // winter time, +01:00
        #expect(try paris.json(from: Self.utc(2013, 7, 7, 10)) == "2013-07-07 12:00")
        #expect(try paris.json(from: Self.utc(2013, 1, 7, 11)) == "2013-01-07 12:00")
        let zoned = DateFormatTransformer(format: "yyyy-MM-dd HH:mm xxx", timeZone: TimeZone(identifier: "Europe/Paris")!)
        #expect(try zoned.value(from: "2013-07-07 12:00 +00:00") == Self.utc(2013, 7, 7, 12))
        #expect(try zoned.json(from: Self.utc(2013, 7, 7, 10)) == "2013-07-07 12:00 +02:00")
    }

    @Test func datesOutsideFourDigitYearsCannotBeWritten() {
        #expect(throws: JSONMapperError.self) { try DateFormatTransformer(format: "yyyy").json(from: Date(timeIntervalSince1970: 3e11)) }
        #expect(throws: JSONMapperError.self) { try DateFormatTransformer(format: "yyyy").json(from: Date(timeIntervalSinceReferenceDate: .nan)) }
    }

    struct Era: JSONMappable {
        var when = Date(timeIntervalSince1970: 0)
        var name = ""
        static let jsonMapping = JSONMapping<Era> {
            JSONMap(\.name, "name")
            JSONMap(\.when, "when", transform: .date(format: "G yyyy"))
        }
    }

    /// Each row: a format, and the letters and position the error names.
    @Test(arguments: [
        ("G yyyy", "\"G\" at character 1"), ("YYYY-MM-dd", "\"YYYY\" at character 1"),
        ("yyyy-DDD", "\"DDD\" at character 6"), ("yyyy-'W'ww", "\"ww\" at character 9"),
        ("dd MMMMM", "\"MMMMM\" at character 4"), ("EEEEE", "\"EEEEE\" at character 1"),
        ("HH:mm zzzz", "\"zzzz\" at character 7"), ("ddd", "\"ddd\" at character 1"),
        ("yyyy Q", "\"Q\" at character 6"), ("e", "\"e\" at character 1"), ("'é' A", "\"A\" at character 5"),
        ("yyyy 'unterminated", "the quote at character 6"),
    ])
    func unsupportedLettersAreInvalidMappings(_ format: String, _ named: String) {
        let transformer = DateFormatTransformer(format: format)
        guard case .invalidMapping(let type, let key, let reason)? = Self.failure({ () throws(JSONMapperError) in
            try transformer.value(from: "2013")
        }) else { Issue.record("\(format) was used"); return }
        #expect(type == "DateFormatTransformer")
        #expect(key == format)
        #expect(reason.contains(named), "\(reason)")
        #expect(reason.contains("\"\(format)\""), "\(reason)")
        guard case .invalidMapping? = Self.failure({ () throws(JSONMapperError) in try transformer.json(from: Date()) }) else {
            Issue.record("\(format) wrote a date"); return
        }
    }

    @Test func aModelWithAnUnsupportedFormatThrowsFromEveryDecodeAndEncode() {
        let expected = JSONMapperError.invalidMapping(type: "Era", key: "when", reason:
            "the date format: the field \"G\" at character 1 of \"G yyyy\" is not supported "
            + "(the letters are y u M L d E a H k h K m s S Z X x z O; quote literal letters: 'T')")
        for policy in [DecodingOptions.InvalidValuePolicy.throw, .skip, .collect] {
            let decoder = JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: policy))
            // Whether or not the document holds the key.
            for json in [#"{"name":"x","when":"AD 2013"}"#, #"{"name":"x"}"#] {
                #expect(Self.failure { () throws(JSONMapperError) in try decoder.decode(Era.self, from: json) } == expected)
            }
        }
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapEncoder().encode(Era(), as: String.self) } == expected)
    }

    /// The date of HTTP headers (RFC 1123), with `SSS` fractions and the zone forms `z` reads.
    @Test(arguments: [
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 12:00:24 GMT", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 12:00:24 UTC", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 13:00:24 GMT+1", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 06:30:24 GMT-5:30", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 13:00:24 +0100", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", "Mon, 07 Jan 2013 07:00:24 EST", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss z", "Mon, 07 Jan 2013 05:00:24 PDT", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss z", "Mon, 07 Jan 2013 12:00:24 UT", utc(2013, 1, 7, 12, 0, 24), "Mon, 07 Jan 2013 12:00:24 GMT"),
        ("yyyy-MM-dd HH:mm:ss.SSS O", "2013-01-07 12:00:24.250 GMT+01:00", utc(2013, 1, 7, 11, 0, 24).addingTimeInterval(0.25),
         "2013-01-07 11:00:24.250 GMT"),
    ])
    func httpDatesAndZoneNames(_ format: String, _ text: String, _ instant: Date, _ written: String) throws {
        try patterns(format, text, instant, written)
    }

    @Test func zWritesOffsetsFromGMT() throws {
        let instant = Self.utc(2013, 1, 7, 12, 0, 24)
        for (seconds, written) in [(3600, "Mon, 07 Jan 2013 13:00:24 GMT+1"), (-19_800, "Mon, 07 Jan 2013 06:30:24 GMT-5:30"),
                                   (36_000, "Mon, 07 Jan 2013 22:00:24 GMT+10")] {
            let transformer = DateFormatTransformer(format: "EEE, dd MMM yyyy HH:mm:ss zzz", timeZone: TimeZone(secondsFromGMT: seconds)!)
            #expect(try transformer.json(from: instant) == written)
            #expect(try transformer.value(from: written) == instant)
        }
    }

    struct Fetched: JSONMappable, Equatable {
        var lastModified = Date(timeIntervalSince1970: 0)
        var at: Date?
        static let jsonMapping = JSONMapping<Fetched> {
            JSONMap(\.lastModified, "Last-Modified", transform: .date(format: "EEE, dd MMM yyyy HH:mm:ss zzz"))
            JSONMap(\.at, "at", transform: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"))
        }
    }

    @Test func rfc1123DatesDecodeEncodeAndRoundTrip() throws {
        let json = #"{"Last-Modified":"Wed, 21 Oct 2015 07:28:00 GMT","at":"2015-10-21T09:28:00.125+02:00"}"#
        let fetched = try JSONMapDecoder().decode(Fetched.self, from: json)
        #expect(fetched == Fetched(lastModified: Self.utc(2015, 10, 21, 7, 28), at: Self.utc(2015, 10, 21, 7, 28).addingTimeInterval(0.125)))
        let written = try JSONMapEncoder().encode(fetched, as: String.self)
        #expect(written == #"{"Last-Modified":"Wed, 21 Oct 2015 07:28:00 GMT","at":"2015-10-21T07:28:00.125+00:00"}"#)
        #expect(try JSONMapDecoder().decode(Fetched.self, from: written) == fetched)
    }

    @Test func sharedAcrossThreads() async throws {
        let json = Array(#"{"buildDate":"Jan 07, 2013","shipped":"2013-01-07T12:00:24.500+0100"}"#.utf8)
        let expected = try JSONMapDecoder().decode(Release.self, from: json)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).allSatisfy { _ in (try? JSONMapDecoder().decode(Release.self, from: json)) == expected } }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    /// SplitMix64, so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Random instants from 1950 to 2100 written by `DateFormatter` (en_US_POSIX) and by the
    /// transformer agree, and the transformer reads `DateFormatter`'s text back to the instant
    /// (to the precision the format keeps).
    @Test(arguments: ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "EEE, dd MMM yyyy HH:mm:ss Z", "EEEE, MMMM d, yyyy h:mm:ss a",
                      "dd/MM/yyyy kk:mm:ss XXX", "yyyyMMddHHmmss", "MMM d ''yyyy, K:mm:ss a xx"])
    func agreesWithDateFormatter(_ format: String) throws {
        for zone in [TimeZone(identifier: "UTC")!, TimeZone(identifier: "America/New_York")!, TimeZone(identifier: "Asia/Kolkata")!] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = format
            let transformer = DateFormatTransformer(format: format, timeZone: zone)
            var g = Generator(state: UInt64(format.utf8.count))
            for _ in 0..<150 {
                let milliseconds = Int64(g.next() % 4_733_596_800_000) - 631_152_000_000   // 1950-01-01 ..< 2100-01-01
                let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                let foundation = formatter.string(from: date)
                #expect(try transformer.json(from: date) == foundation, "\(format) in \(zone.identifier)")
                // Within a microsecond: the two add the milliseconds to the seconds differently.
                let back = try transformer.value(from: foundation)
                let expected = try #require(formatter.date(from: foundation))
                #expect(abs(back.timeIntervalSince(expected)) < 1e-6, "\(format) reading \(foundation)")
            }
        }
    }

    /// `z` against `DateFormatter` in zones it writes as offsets (it writes names, such as
    /// `EST`, for zones that have them, where the transformer writes `GMT-5`).
    @Test(arguments: ["EEE, dd MMM yyyy HH:mm:ss zzz", "yyyy-MM-dd'T'HH:mm:ss.SSS z"])
    func zAgreesWithDateFormatterInOffsetZones(_ format: String) throws {
        for zone in [TimeZone(identifier: "UTC")!, TimeZone(identifier: "Asia/Kolkata")!, TimeZone(secondsFromGMT: -3 * 3600)!] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = format
            let transformer = DateFormatTransformer(format: format, timeZone: zone)
            var g = Generator(state: 25)
            for _ in 0..<100 {
                let milliseconds = Int64(g.next() % 4_733_596_800_000) - 631_152_000_000
                let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                let foundation = formatter.string(from: date)
                #expect(try transformer.json(from: date) == foundation, "\(format) in \(zone.identifier)")
                let expected = try #require(formatter.date(from: foundation))
                #expect(abs(try transformer.value(from: foundation).timeIntervalSince(expected)) < 1e-6, "\(format) reading \(foundation)")
            }
        }
    }
}
