import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - Date

    static let reference = utc(2014, 8, 31, 0, 29, 15)

    @Test(arguments: [
        "2014-08-31T00:29:15Z",
        "2014-08-31T02:29:15+02:00",
        "2014-08-30T19:29:15-05:00",
        "2014-08-31T05:59:15+0530",
        "2014-08-31T00:29:15+00:00",
        "2014-08-31T00:29:15",
        "2014-08-31 00:29:15",
        "Sun, 31 Aug 2014 00:29:15 +0000",
        "31 Aug 2014 02:29:15 +0200",
        "Sun, 31 Aug 2014 00:29:15 GMT",
        "Sat, 30 Aug 2014 20:29:15 -0400",
        "Sun Aug 31 00:29:15 +0000 2014",
        "Sun Aug 31 02:29:15 +0200 2014",
    ])
    func dateStringsOfTheSameInstant(_ text: String) throws {
        let date = try JSONMapDecoder().decode(Date.self, from: "\"\(text)\"")
        #expect(date == Self.reference, "\(text) → \(date)")
    }

    /// The built-in formats and a custom pattern read a fraction of a second the same way:
    /// every digit is consumed, the first 15 are kept, and a point with no digit fails.
    @Test(arguments: ["5", "25", "123456", "123456789012345", "1234567890123456789", "999999999999999999"])
    func builtInFormatsAndPatternsReadFractionsAlike(_ digits: String) throws {
        let pattern = try DatePattern.compile("yyyy-MM-dd'T'HH:mm:ss.SSS").get()
        let text = "2014-08-31T00:29:15.\(digits)"
        let builtIn = try JSONMapDecoder().decode(Date.self, from: "\"\(text)\"")
        let custom = Array(text.utf8).withUnsafeBufferPointer { pattern.date(from: $0, timeZone: TimeZone(identifier: "UTC")!) }
        #expect(custom == builtIn)
        let kept = Double("0." + digits.prefix(15))!
        #expect(abs(builtIn.timeIntervalSince(Self.reference) - kept) < 1e-6)
        let noDigit = Array("2014-08-31T00:29:15.".utf8).withUnsafeBufferPointer { pattern.date(from: $0, timeZone: TimeZone(identifier: "UTC")!) }
        #expect(noDigit == nil)
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29:15.Z""#) }
    }

    @Test func dateStringVariants() throws {
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2014-08-31""#) == Self.utc(2014, 8, 31))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29Z""#) == Self.utc(2014, 8, 31, 0, 29, 0))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29:15.250Z""#) == Self.reference.addingTimeInterval(0.25))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29:15.5+01:00""#) == Self.utc(2014, 8, 30, 23, 29, 15).addingTimeInterval(0.5))
        let micro = try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29:15.123456Z""#)
        #expect(abs(micro.timeIntervalSince(Self.reference) - 0.123456) < 1e-6)
        let noZoneFraction = try JSONMapDecoder().decode(Date.self, from: #""2014-08-31T00:29:15.75""#)
        #expect(noZoneFraction == Self.reference.addingTimeInterval(0.75))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2016-02-29T12:00:00Z""#) == Self.utc(2016, 2, 29, 12))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""2000-01-01T00:00:00Z""#) == Self.utc(2000, 1, 1))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""1969-12-31T23:59:59Z""#) == Self.utc(1969, 12, 31, 23, 59, 59))
        #expect(try JSONMapDecoder().decode(Date.self, from: #""Mon, 1 Sep 2014 00:00:00 +0000""#) == Self.utc(2014, 9, 1))
        #expect(try JSONMapDecoder().decode(Date.self, from: #"" 2014-08-31T00:29:15Z ""#) == Self.reference)
    }

    @Test(arguments: ["not a date", "", "2015-02-29", "2014-13-01", "2014-00-10", "2014-08-32", "2014-08-31T25:00:00Z",
                      "2014-08-31T00:61:00Z", "31/08/2014", "Sun, 31 Foo 2014 00:29:15 +0000", "2014-08-31T00:29:15+02:00 junk"])
    func invalidDateStrings(_ text: String) {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Date.self, from: "\"\(text)\"") })
        #expect(Self.kind(error) == .invalidValue, "\(text): \(String(describing: error))")
    }

    @Test func datesFromNumbers() throws {
        #expect(try JSONMapDecoder().decode(Date.self, from: "1409444955") == Self.reference)
        #expect(try JSONMapDecoder().decode(Date.self, from: "0") == Self.utc(1970, 1, 1))
        #expect(try JSONMapDecoder().decode(Date.self, from: "-1") == Self.utc(1969, 12, 31, 23, 59, 59))
        #expect(try JSONMapDecoder().decode(Date.self, from: "1409444955.5") == Self.reference.addingTimeInterval(0.5))
        #expect(try JSONMapDecoder().decode(Date.self, from: "1.409444955e9") == Self.reference)
        let ms = DecodingOptions(dateUnit: .millisecondsSince1970)
        #expect(try JSONMapDecoder(options: ms).decode(Date.self, from: "1409444955000") == Self.reference)
        #expect(try JSONMapDecoder(options: ms).decode(Date.self, from: "1409444955250") == Self.reference.addingTimeInterval(0.25))
        // A string is not a number of milliseconds: ISO text is still read as a date.
        #expect(try JSONMapDecoder(options: ms).decode(Date.self, from: #""2014-08-31T00:29:15Z""#) == Self.reference)
        let bool = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Date.self, from: "true") })
        #expect(Self.kind(bool) == .typeMismatch)
    }
}
