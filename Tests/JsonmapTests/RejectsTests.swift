import Foundation
import Testing

/// Rejected records: the rejects log's lines, offsets, errors and raw text (positions
/// computed here from the input text, not by the tool), `--max-rejects`, and exit statuses.
@Suite("jsonmap rejects and exit statuses")
struct RejectsTests {
    static let fields = ["--field", "id=id!", "--field", "size=size:int"]

    /// Good and bad records; the bad ones are lines 3 (no id), 4 (malformed), 6 (not an int).
    static let lines = [
        #"{"id":"1","size":1}"#,
        #"{"id":"2","size":"2"}"#,
        #"{"size":3}"#,
        #"{"id":"4", oops}"#,
        #"{"id":"5"}"#,
        #"{"id":"6","size":"six"}"#,
    ]

    /// The byte offset of each line's start, for lines ending in `newline`.
    static func offsets(_ lines: [String], newline: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for line in lines {
            offsets.append(offset)
            offset += line.utf8.count + newline.utf8.count
        }
        return offsets
    }

    struct Reject: Decodable, Equatable {
        var input: String
        var line: Int
        var offset: Int
        var error: String
        var record: String
    }

    static func rejects(_ text: String?) throws -> [Reject] {
        try (text ?? "").split(separator: "\n").map { try JSONDecoder().decode(Reject.self, from: Data($0.utf8)) }
    }

    @Test(arguments: ["\n", "\r\n"])
    func rejectsNameTheirInputLineAndOffset(newline: String) throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.lines.joined(separator: newline) + newline)
        let result = try runner.run(["convert", "in.jsonl", "--to", "csv", "--rejects", "bad.jsonl"] + Self.fields)
        #expect(result.status == 1)
        #expect(result.stdout == "id,size\n1,1\n2,2\n5,\n")
        let rejects = try Self.rejects(runner.read("bad.jsonl"))
        let offsets = Self.offsets(Self.lines, newline: newline)
        #expect(rejects.map(\.input) == ["in.jsonl", "in.jsonl", "in.jsonl"])
        #expect(rejects.map(\.line) == [3, 4, 6])
        #expect(rejects.map(\.offset) == [offsets[2], offsets[3], offsets[5]])
        #expect(rejects.map(\.record) == [Self.lines[2], Self.lines[3], Self.lines[5]])
        try #require(rejects.count == 3)
        #expect(rejects[0].error.hasPrefix("required key missing at 'id'"))
        // "oops" starts 11 characters into line 4.
        #expect(rejects[1].error.contains("line 4, column 12 (byte \(offsets[3] + 11))"))
        // The value "six" starts 17 characters into line 6.
        #expect(rejects[2].error.contains("type mismatch at 'size' (line 6, column 18, byte \(offsets[5] + 17))"))
    }

    /// A row whose cell the output format cannot write (a date past the year 9999) is
    /// rejected on the worker that formatted it, with its line and its raw record.
    @Test func aRowTheFormatCannotWriteIsRejectedWithItsRecord() throws {
        let runner = try JsonmapRunner()
        let lines = [#"{"id":"1","d":0}"#, #"{"id":"2","d":1e15}"#, #"{"id":"3","d":86400}"#]
        try runner.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try runner.run(["convert", "in.jsonl", "--to", "csv", "--rejects", "bad.jsonl",
                                     "--field", "id=id!", "--field", "d=d:date"])
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\n")
        try #require(rows.count == 3, "\(result.stdout)")
        #expect(rows[0] == "id,d" && rows[1].hasPrefix("1,1970-01-01") && rows[2].hasPrefix("3,1970-01-02"))
        let rejects = try Self.rejects(runner.read("bad.jsonl"))
        #expect(rejects.map(\.line) == [2])
        #expect(rejects.map(\.offset) == [lines[0].utf8.count + 1])
        #expect(rejects.map(\.record) == [lines[1]])
        #expect(rejects.first?.error.contains("outside the years 0000–9999") == true)
    }

    @Test func aLongRecordIsCappedInTheLog() throws {
        let runner = try JsonmapRunner()
        let long = #"{"size":"\#(String(repeating: "z", count: 5000))"}"#
        let result = try runner.run(["convert", "--to", "csv", "--rejects", "bad.jsonl"] + Self.fields, stdin: long)
        #expect(result.status == 1)
        let reject = try #require(Self.rejects(runner.read("bad.jsonl")).first)
        #expect(reject.record == String(long.prefix(1024)))
        #expect(runner.read("bad.jsonl")?.contains("\"truncated\":true") == true)
    }

    /// A rejected record is kept byte for byte: text when it is UTF-8 (however exotic), and
    /// the base64 of its bytes when it is not.
    @Test func rejectedRecordsAreKeptByteForByte() throws {
        let runner = try JsonmapRunner()
        let invalid: [UInt8] = Array(#"{"size":"a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}"#.utf8)
        let exotic = #"{"size":"naïve 東京 🎉   ","pad":"\#u{2028}\#u{0}"}"#
        let bytes = invalid + [0x0A] + Array(exotic.utf8) + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: runner.path("in.jsonl")))
        let result = try runner.run(["convert", "in.jsonl", "--to", "csv", "--rejects", "bad.jsonl"] + Self.fields)
        #expect(result.status == 1)
        let lines = try #require(runner.read("bad.jsonl")).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["record"] == nil)
        #expect((first?["recordBase64"] as? String).flatMap { Data(base64Encoded: $0) } == Data(invalid))
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect((second?["record"] as? String).map { Array($0.utf8) } == Array(exotic.utf8))
        #expect(second?["recordBase64"] == nil)
    }

    /// The 1 KiB cap may cut a character in two: the record keeps the whole characters before it.
    @Test func aCapThroughACharacterKeepsTheTextBeforeIt() throws {
        let runner = try JsonmapRunner()
        // 9 bytes of {"size":" then two-byte characters: byte 1024 is the second half of one.
        let long = #"{"size":""# + String(repeating: "é", count: 600) + #""}"#
        let result = try runner.run(["convert", "--to", "csv", "--rejects", "bad.jsonl"] + Self.fields, stdin: long)
        #expect(result.status == 1)
        let reject = try #require(Self.rejects(runner.read("bad.jsonl")).first)
        #expect(reject.record.utf8.count == 1023 && reject.record.utf8.elementsEqual(long.utf8.prefix(1023)))
        #expect(runner.read("bad.jsonl")?.contains("\"truncated\":true") == true)
    }

    @Test func maxRejectsStopsTheRunWithoutTheOutputFile() throws {
        let runner = try JsonmapRunner()
        let input = (0..<50).map { $0 % 5 == 4 ? "{bad \($0)}" : #"{"id":"\#($0)"}"# }.joined(separator: "\n")
        let result = try runner.run(["convert", "--to", "csv", "-o", "out.csv", "--rejects", "bad.jsonl", "--max-rejects", "2"] + Self.fields, stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr.contains("stopped after 2 rejected records (--max-rejects 2); out.csv was not written"))
        #expect(try Self.rejects(runner.read("bad.jsonl")).map(\.line) == [5, 10])
        #expect(try runner.userFiles() == ["bad.jsonl"])
    }

    @Test func exitStatuses() throws {
        let runner = try JsonmapRunner()
        #expect(try runner.run(["convert", "--to", "csv"] + Self.fields, stdin: #"{"id":"1"}"#).status == 0)
        #expect(try runner.run(["convert", "--to", "csv"] + Self.fields, stdin: #"{"size":1}"#).status == 1)
        let missing = try runner.run(["convert", "nope.jsonl", "--to", "csv"] + Self.fields)
        #expect(missing.status == 2)
        #expect(missing.stderr == "jsonmap: nope.jsonl: cannot open: No such file or directory\n")
        #expect(try runner.run(["convert"] + Self.fields).status == 2)
        #expect(try runner.run(["convert", "--to", "xml"] + Self.fields).status == 2)
        #expect(try runner.run(["convert", "--to", "csv"]).status == 2)
        #expect(try runner.run(["convert", "--to", "csv", "--spec", "s.json"] + Self.fields).status == 2)
        #expect(try runner.run(["frobnicate"]).status == 2)
        let badField = try runner.run(["convert", "--to", "csv", "--field", "n=a:integer"])
        #expect(badField.status == 2)
        #expect(badField.stderr.contains("unknown type \"integer\""))
    }

    @Test func aMalformedArrayEndsTheRunWithItsPosition() throws {
        let runner = try JsonmapRunner()
        let text = "[{\"id\":\"1\"},\n {\"id\": nope}]"
        try runner.write("in.json", text)
        let result = try runner.run(["convert", "in.json", "--to", "csv", "-o", "out.csv"] + Self.fields)
        #expect(result.status == 3)
        // The parser stops at the first byte no JSON token continues with: "n" may start null, "o" not.
        let byte = text.utf8.count - "ope}]".utf8.count
        #expect(result.stderr.contains("jsonmap: in.json: reading stopped at byte \(byte), 5 bytes left unread: "
                                       + "syntax error at line 2, column 10 (byte \(byte))"))
        #expect(runner.read("out.csv") == "id,size\n1,\n")
        #expect(try runner.userFiles() == ["in.json", "out.csv"])
    }

    @Test func validateWritesNoOutput() throws {
        let runner = try JsonmapRunner()
        try runner.write("spec.yaml", "columns:\n  - {name: id, path: id, required: true}\n")
        try runner.write("in.jsonl", Self.lines.joined(separator: "\n"))
        let result = try runner.run(["validate", "--spec", "spec.yaml", "in.jsonl", "--rejects", "bad.jsonl"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("6 records read, 4 valid, 2 rejected"))
        #expect(try Self.rejects(runner.read("bad.jsonl")).map(\.line) == [3, 4])
        #expect(try runner.run(["validate", "--spec", "spec.yaml"], stdin: #"{"id":1}"#).status == 0)
    }
}
