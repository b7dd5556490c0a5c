import Foundation
import Testing
@testable import JSONMapper

/// The writer layer on its own: the one string escaper, numbers, layout, and the date and
/// decimal text. Expected text is written out by hand from RFC 8259 and ISO 8601.
@Suite("Writer: JSON text")
struct JSONWriterTests {
    static func text(_ options: EncodingOptions = EncodingOptions(), _ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(options: options)
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func stringsEscapeWhatJSONRequires() {
        #expect(Self.text { (w: inout JSONWriter) in w.writeString("plain é 日本 😀") } == "\"plain é 日本 😀\"")
        #expect(Self.text { (w: inout JSONWriter) in w.writeString("q\"b\\s/") } == #""q\"b\\s/""#)
        #expect(Self.text { (w: inout JSONWriter) in w.writeString("\n\r\t\u{8}\u{C}\u{0}\u{1F}") } == #""\n\r\t\b\f\u0000\u001f""#)
        #expect(Self.text(EncodingOptions(escapesSlashes: true)) { (w: inout JSONWriter) in w.writeString("a/b") } == #""a\/b""#)
        // Outside ASCII as UTF-16 escapes, a scalar past the BMP as a surrogate pair.
        #expect(Self.text(EncodingOptions(escapesNonASCII: true)) { (w: inout JSONWriter) in w.writeString("é😀\u{7F}") } == #""\u00e9\ud83d\ude00\#u{7F}""#)
    }

    @Test func integersAreExactAtTheirLimits() {
        #expect(Self.text { (w: inout JSONWriter) in w.writeInteger(Int64.min) } == "-9223372036854775808")
        #expect(Self.text { (w: inout JSONWriter) in w.writeInteger(UInt64.max) } == "18446744073709551615")
        #expect(Self.text { (w: inout JSONWriter) in w.writeInteger(0) } == "0")
        #expect(Self.text { (w: inout JSONWriter) in w.writeInteger(-7) } == "-7")
        #expect(Self.text { (w: inout JSONWriter) in w.writeInteger(Int8.min) } == "-128")
    }

    @Test func doublesAreShortestAndReadBackTheSame() {
        let cases: [(Double, String)] = [(0.1, "0.1"), (20, "20"), (-0.0, "-0"), (1e-7, "1e-07"), (1e21, "1e+21"),
                                         (123456789012345, "123456789012345"), (1e15, "1000000000000000"),
                                         (9007199254740992, "9007199254740992"), (1e16, "1e+16"), (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308")]
        for (value, expected) in cases {
            let written = Self.text { (w: inout JSONWriter) in _ = w.writeDouble(value) }
            #expect(written == expected, "\(value)")
            #expect(Double(written) == value && Double(written)?.sign == value.sign, "\(written) reads back")
        }
        #expect(Self.text { (w: inout JSONWriter) in _ = w.writeFloat(0.1) } == "0.1")
        #expect(Self.text { (w: inout JSONWriter) in _ = w.writeFloat(16_777_216) } == "16777216")
    }

    @Test func nonFiniteNumbersFollowTheOptions() {
        var writer = JSONWriter(options: EncodingOptions())
        let written = writer.writeDouble(.nan)
        #expect(!written, "the default options throw on a non-finite number")
        #expect(Self.text(EncodingOptions(nonFiniteStrategy: .null)) { (w: inout JSONWriter) in _ = w.writeDouble(.infinity) } == "null")
        #expect(Self.text(EncodingOptions(nonFiniteStrategy: .string)) { (w: inout JSONWriter) in _ = w.writeDouble(-.infinity) } == #""-inf""#)
        #expect(Self.text(EncodingOptions(nonFiniteStrategy: .string)) { (w: inout JSONWriter) in _ = w.writeDouble(.nan) } == #""nan""#)
    }

    @Test func decimalsKeepEveryDigit() {
        #expect(Self.text { (w: inout JSONWriter) in _ = w.writeDecimal(Decimal(string: "3.14159265358979323846264338327950288")!) }
            == "3.14159265358979323846264338327950288")
        #expect(Self.text { (w: inout JSONWriter) in _ = w.writeDecimal(Decimal(string: "-0.001")!) } == "-0.001")
    }

    @Test func layoutIsCompactOrIndented() {
        func document(_ writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("a")
            writer.beginArray()
            writer.element(); writer.writeInteger(1)
            writer.element(); writer.writeNull()
            writer.endArray()
            writer.key("b")
            writer.beginObject()
            writer.endObject()
            writer.endObject()
        }
        #expect(Self.text { (w: inout JSONWriter) in document(&w) } == #"{"a":[1,null],"b":{}}"#)
        #expect(Self.text(EncodingOptions(indentWidth: 2)) { (w: inout JSONWriter) in document(&w) } == "{\n  \"a\": [\n    1,\n    null\n  ],\n  \"b\": {}\n}")
    }

    @Test func datesAreISO8601InUTC() {
        let date = Date(timeIntervalSince1970: 1_409_444_955.25)
        #expect(DateWriting.iso8601(date, fraction: .whenPresent) == "2014-08-31T00:29:15.25Z")
        #expect(DateWriting.iso8601(date, fraction: .milliseconds) == "2014-08-31T00:29:15.250Z")
        #expect(DateWriting.iso8601(date, fraction: .omitted) == "2014-08-31T00:29:15Z")
        #expect(DateWriting.iso8601(Date(timeIntervalSince1970: 0), fraction: .whenPresent) == "1970-01-01T00:00:00Z")
        #expect(DateWriting.iso8601(Date(timeIntervalSince1970: -62_167_219_200), fraction: .whenPresent) == "0000-01-01T00:00:00Z")
        // Past 9999 there is no four-digit year to write.
        #expect(DateWriting.iso8601(Date(timeIntervalSince1970: 253_402_300_800), fraction: .whenPresent) == nil)
        #expect(DateWriting.iso8601(Date(timeIntervalSince1970: .infinity), fraction: .whenPresent) == nil)
    }
}
