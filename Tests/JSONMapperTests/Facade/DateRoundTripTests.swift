import Foundation
import Testing
@testable import JSONMapper

/// Dates written by default read back as the same `Date`: the fraction of a second is written
/// when there is one, in as few digits as needed. Expected texts are written by hand; the
/// property tests compare against inputs they generate, never against the encoder's output.
@Suite("Date round trips")
struct DateRoundTripTests {
    struct Build: JSONMappable, Equatable {
        var at = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<Build> { JSONMap(\.at, "at") }
    }

    static func encoded(_ date: Date, _ options: EncodingOptions = EncodingOptions()) throws -> String {
        try JSONMapEncoder(options: options).encode(Build(at: date), as: String.self)
    }

    @Test func aDecodedFractionIsWrittenBack() throws {
        let decoded = try JSONMapDecoder().decode(Build.self, from: #"{"at":"2013-01-07T12:00:24.50Z"}"#)
        #expect(decoded.at.timeIntervalSince1970 == 1_357_560_024.5)
        let text = try JSONMapEncoder().encode(decoded, as: String.self)
        #expect(text == #"{"at":"2013-01-07T12:00:24.5Z"}"#)
        let again = try JSONMapDecoder().decode(Build.self, from: text)
        #expect(again == decoded)
        #expect(again.at.timeIntervalSince1970 == 1_357_560_024.5)
    }

    /// This `Double` is 785000000.12345683574676513671875; in 2025 one step of a `Double` is
    /// about 1.2e-7 s, so seven digits are the fewest that come back to it.
    @Test func clockDatesWriteAsManyDigitsAsTheirDoubleHolds() throws {
        let date = Date(timeIntervalSinceReferenceDate: 785_000_000.123456789)
        #expect(try Self.encoded(date) == #"{"at":"2025-11-16T15:33:20.1234568Z"}"#)
    }

    @Test func wholeSecondsWriteNoFraction() throws {
        #expect(try Self.encoded(Date(timeIntervalSince1970: 1_409_444_955)) == #"{"at":"2014-08-31T00:29:15Z"}"#)
        #expect(try Self.encoded(Date(timeIntervalSince1970: -1)) == #"{"at":"1969-12-31T23:59:59Z"}"#)
        #expect(try Self.encoded(Date(timeIntervalSinceReferenceDate: 0)) == #"{"at":"2001-01-01T00:00:00Z"}"#)
    }

    @Test(arguments: [
        ("2014-08-31T00:29:15.250Z", "2014-08-31T00:29:15.25Z"),
        ("2014-08-31T00:29:15.123Z", "2014-08-31T00:29:15.123Z"),
        ("2014-08-31T00:29:15.000001Z", "2014-08-31T00:29:15.000001Z"),
        ("2014-08-31T00:29:15.999Z", "2014-08-31T00:29:15.999Z"),
        ("2014-08-31T00:29:15.000Z", "2014-08-31T00:29:15Z"),
        ("1969-12-31T23:59:59.9Z", "1969-12-31T23:59:59.9Z"),
        ("1900-02-28T23:59:59.001Z", "1900-02-28T23:59:59.001Z"),
        ("2014-08-31T02:29:15.75+02:00", "2014-08-31T00:29:15.75Z"),
        ("Sun Aug 31 00:29:15 +0000 2014", "2014-08-31T00:29:15Z"),
    ])
    func fractionsAreWrittenInTheFewestDigits(_ input: String, _ expected: String) throws {
        let decoded = try JSONMapDecoder().decode(Build.self, from: #"{"at":"\#(input)"}"#)
        #expect(try JSONMapEncoder().encode(decoded, as: String.self) == #"{"at":"\#(expected)"}"#)
    }

    @Test func otherFractionChoices() throws {
        let date = Date(timeIntervalSince1970: 1_409_444_955.5)
        #expect(try Self.encoded(date, EncodingOptions(dateStrategy: .iso8601(fraction: .milliseconds))) == #"{"at":"2014-08-31T00:29:15.500Z"}"#)
        #expect(try Self.encoded(date, EncodingOptions(dateStrategy: .iso8601(fraction: .omitted))) == #"{"at":"2014-08-31T00:29:15Z"}"#)
        let almostNext = Date(timeIntervalSince1970: 1_409_444_955.9996)
        #expect(try Self.encoded(almostNext, EncodingOptions(dateStrategy: .iso8601(fraction: .milliseconds))) == #"{"at":"2014-08-31T00:29:16.000Z"}"#)
    }

    @Test func datesOutsideFourDigitYearsAreErrors() throws {
        for date in [Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -62_167_219_201),
                     Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: .nan)] {
            #expect(throws: JSONMapperError.self) { try Self.encoded(date) }
        }
        #expect(try Self.encoded(Date(timeIntervalSince1970: 253_402_300_799)) == #"{"at":"9999-12-31T23:59:59Z"}"#)
        #expect(try Self.encoded(Date(timeIntervalSince1970: -62_167_219_200)) == #"{"at":"0000-01-01T00:00:00Z"}"#)
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
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// Random millisecond-precision texts from 1900 to 2199: decode → encode gives the same
    /// text less trailing zeros of the fraction, and decoding that gives the same `Date`.
    @Test(arguments: [1, 7, 2026] as [UInt64])
    func millisecondTextsRoundTrip(seed: UInt64) throws {
        var g = Generator(state: seed)
        for _ in 0..<2_000 {
            let year = 1900 + g.below(300), month = 1 + g.below(12), day = 1 + g.below(28)
            let (hour, minute, second, millisecond) = (g.below(24), g.below(60), g.below(60), g.below(1000))
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let stem = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
            var fraction = String(millisecond + 1000).dropFirst()
            while fraction.last == "0" { fraction.removeLast() }
            let input = "\(stem).\(String(millisecond + 1000).dropFirst())Z"
            let expected = fraction.isEmpty ? "\(stem)Z" : "\(stem).\(fraction)Z"
            let decoded = try JSONMapDecoder().decode(Build.self, from: #"{"at":"\#(input)"}"#)
            let text = try JSONMapEncoder().encode(decoded, as: String.self)
            #expect(text == #"{"at":"\#(expected)"}"#)
            #expect(try JSONMapDecoder().decode(Build.self, from: text) == decoded, "\(input)")
        }
    }

    /// Random `Date`s of any sub-second value, from 10 seconds to about 140 years either side
    /// of 2001, also close to 2001 where a `Date` holds fractions finer than nanoseconds:
    /// encode → decode gives back exactly the same `Date`.
    @Test(arguments: [3, 11, 99] as [UInt64])
    func anyDateRoundTrips(seed: UInt64) throws {
        var g = Generator(state: seed)
        for _ in 0..<2_000 {
            // A uniform exponent, so small magnitudes are tried as often as large ones.
            let magnitude = 10 * pow(4.5e8, Double(g.next() % (1 << 52)) / Double(1 << 52))
            let date = Date(timeIntervalSinceReferenceDate: g.next() % 2 == 0 ? magnitude : -magnitude)
            let text = try Self.encoded(date)
            #expect(try JSONMapDecoder().decode(Build.self, from: text).at == date, "\(date.timeIntervalSinceReferenceDate) → \(text)")
        }
    }
}
