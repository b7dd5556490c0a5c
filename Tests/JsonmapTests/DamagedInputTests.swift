import Foundation
import Testing

/// A damaged array or concatenated input (malformed JSON part-way) loses nothing before the
/// damage, whatever the workers, the destination and how the bytes arrive: every record before
/// it is written or rejected, the summary accounts for them, the output file is committed with
/// those rows (as standard output got them), and stderr names the byte where reading stopped
/// and the bytes left unread. Expected rows and positions are computed here from the input.
@Suite("jsonmap damaged input")
struct DamagedInputTests {
    /// 2,500 records, the eighth without its required name, then a malformed one, then one more.
    static let count = 2500
    static let records = (0..<count).map { $0 == 7 ? #"{"nick":"n7"}"# : #"{"name":"n\#($0)"}"# }
    static let damage = #"{"name": x}"#
    static let fields = ["--field", "name=name!"]

    static func text(framing: String) -> String {
        let values = records + [damage, #"{"name":"after"}"#]
        return framing == "array" ? "[" + values.joined(separator: ",") + "]" : values.joined(separator: "\n")
    }

    /// The NDJSON rows of every record before the damage but the rejected one.
    static let expectedRows = records.enumerated().filter { $0.offset != 7 }.map { $0.element + "\n" }.joined()

    /// The stderr lines a damaged run must print: the summary, then where reading stopped.
    static func expectStopReported(_ stderr: String, text: String, input: String) {
        let stop = text.utf8.count - text.components(separatedBy: damage).last!.utf8.count - damage.utf8.count + #"{"name": "#.utf8.count
        #expect(stderr.contains("jsonmap: \(count) records read, \(count - 1) written, 1 rejected; "), "\(stderr)")
        #expect(stderr.contains("jsonmap: \(input): reading stopped at byte \(stop), \(text.utf8.count - stop) bytes left unread: "
                                + "syntax error at line "), "\(stderr)")
        #expect(stderr.contains("(byte \(stop))"))
    }

    @Test(arguments: [1, 2], ["array", "concatenated"])
    func everyRecordBeforeTheDamageReachesStandardOutput(workers: Int, framing: String) throws {
        let runner = try JsonmapRunner()
        let text = Self.text(framing: framing)
        let result = try runner.run(["convert", "-", "--to", "ndjson", "--framing", framing, "--workers", "\(workers)"] + Self.fields,
                                    stdin: text)
        #expect(result.status == 3)
        #expect(result.stdout == Self.expectedRows)
        Self.expectStopReported(result.stderr, text: text, input: "standard input")
    }

    @Test(arguments: [1, 2], ["array", "concatenated"])
    func theOutputFileIsCommittedWithTheSameRows(workers: Int, framing: String) throws {
        let runner = try JsonmapRunner()
        let text = Self.text(framing: framing)
        try runner.write("in.json", text)
        let result = try runner.run(["convert", "in.json", "--to", "ndjson", "-o", "out.ndjson", "--framing", framing,
                                     "--workers", "\(workers)"] + Self.fields)
        #expect(result.status == 3)
        #expect(runner.read("out.ndjson") == Self.expectedRows)
        #expect(try runner.userFiles() == ["in.json", "out.ndjson"])
        Self.expectStopReported(result.stderr, text: text, input: "in.json")
    }

    /// Bytes that arrive in pieces, with pauses, through a pipe: the rows handed on while the
    /// input waited and the rows still buffered at the damage add up to the same output.
    @Test(arguments: [1, 2])
    func bytesArrivingInPiecesGiveTheSameRows(workers: Int) throws {
        let runner = try JsonmapRunner()
        let text = Array(Self.text(framing: "array").utf8)
        let pipe = Pipe()
        let process = try runner.start(["convert", "--to", "ndjson", "--workers", "\(workers)"] + Self.fields,
                                       stdinHandle: pipe.fileHandleForReading)
        for start in stride(from: 0, to: text.count, by: 7000) {
            pipe.fileHandleForWriting.write(Data(text[start..<min(start + 7000, text.count)]))
            usleep(20_000)
        }
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        let result = try runner.result(of: process)
        #expect(result.status == 3)
        #expect(result.stdout == Self.expectedRows)
        Self.expectStopReported(result.stderr, text: String(decoding: text, as: UTF8.self), input: "standard input")
    }

    /// A JSON array output is closed, so the committed file is valid JSON.
    @Test func aJSONArrayOutputIsClosed() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--to", "json", "-o", "out.json", "--quiet"] + Self.fields,
                                    stdin: #"[{"name":"a"},{"name":"b"},{"name": x}]"#)
        #expect(result.status == 3)
        #expect(runner.read("out.json") == "[\n{\"name\":\"a\"},\n{\"name\":\"b\"}\n]\n")
        #expect(result.stderr == "jsonmap: standard input: reading stopped at byte 36, 3 bytes left unread: "
                + "syntax error at line 1, column 37 (byte 36): lexical error: invalid char in json text.\n")
    }

    /// Later inputs are still read after a damaged one.
    @Test func theNextInputIsStillRead() throws {
        let runner = try JsonmapRunner()
        try runner.write("a.json", #"[{"name":"a1"}, {"name" "a2"}]"#)
        try runner.write("b.jsonl", #"{"name":"b1"}"#)
        let result = try runner.run(["convert", "a.json", "b.jsonl", "--to", "csv"] + Self.fields)
        #expect(result.status == 3)
        #expect(result.stdout == "name\na1\nb1\n")
        #expect(result.stderr.contains("jsonmap: 2 records read, 2 written, 0 rejected; "))
        #expect(result.stderr.contains("jsonmap: a.json: reading stopped at byte 24, 6 bytes left unread: syntax error"))
    }
}
