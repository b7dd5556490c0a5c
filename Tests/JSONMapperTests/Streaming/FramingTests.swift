import Foundation
import Testing
@testable import JSONMapper

/// Record streams, framing by framing: JSON Lines (CRLF, blank lines, no final newline, a byte
/// order mark), arrays, concatenated values, and the automatic choice between them.
@Suite("Streaming: framings")
struct FramingTests {
    static func decoder(_ framing: JSONRecordFraming, workers: Int = 1, chunkSize: Int = 256 * 1024) -> JSONRecordDecoder {
        JSONRecordDecoder(framing: framing, workers: workers, chunkSize: chunkSize)
    }

    static func events(_ ids: ClosedRange<Int>) -> [StreamEvent] { ids.map { StreamEvent(id: $0) } }

    @Test func jsonLines() {
        let text = "{\"id\":1,\"name\":\"a\"}\n{\"id\":2}\n{\"id\":3,\"name\":\"c\"}\n"
        let run = Self.decoder(.jsonLines).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(run.records.map(\.value) == [StreamEvent(id: 1, name: "a"), StreamEvent(id: 2), StreamEvent(id: 3, name: "c")])
        #expect(run.records.map(\.index) == [0, 1, 2])
        #expect(run.records.map(\.line) == [1, 2, 3])
        #expect(run.records.map(\.byteRange) == [0..<19, 20..<28, 29..<48])
        #expect(run.failure == nil && run.rejections.isEmpty)
        #expect(run.framing == .jsonLines && run.delivered == 3 && run.rejected == 0)
    }

    /// The framing prints as its name (`json-lines`), not as an optional, before and after the
    /// automatic choice.
    @Test func progressNamesTheFraming() {
        let records = Self.decoder(.automatic).records(StreamEvent.self, from: .bytes(Array("{\"id\":1}\n{\"id\":2}\n".utf8)))
        #expect("\(records.progress.framing)" == "automatic")
        #expect(records.map { _ in 1 }.count == 2)
        #expect("\(records.progress.framing)" == "json-lines")
    }

    @Test func jsonLinesWithCRLFBlankLinesNoFinalNewlineAndBOM() {
        let text = "\u{FEFF}{\"id\":1}\r\n\r\n   \n\t\r\n{\"id\":2}\r\n\n  {\"id\":3}  "
        let run = Self.decoder(.jsonLines).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(run.records.map(\.value) == Self.events(1...3))
        #expect(run.records.map(\.line) == [1, 5, 7])
        let bytes = Array(text.utf8)
        // Ranges exclude line endings; the byte order mark is not part of the first record.
        #expect(run.records.map { String(decoding: bytes[$0.byteRange], as: UTF8.self) } == ["{\"id\":1}", "{\"id\":2}", "  {\"id\":3}  "])
        #expect(run.records[0].byteOffset == 3)
    }

    @Test func jsonLinesOfArraysAndScalars() {
        let lines = "[1,2]\n[]\n[3]\n"
        let run = Self.decoder(.automatic).run([Int].self, .bytes(Array(lines.utf8)))
        #expect(run.framing == .jsonLines)
        #expect(run.records.map(\.value) == [[1, 2], [], [3]])
        let scalars = Self.decoder(.jsonLines).run(JSONValue.self, .bytes(Array("1\n\"two\"\nnull\ntrue\n".utf8)))
        #expect(scalars.records.map(\.value) == [1, "two", .null, true])
    }

    @Test func arrayElements() {
        let text = "[\n  {\"id\":1},\n  {\"id\":2, \"name\":\"x]\\\"}\"},\n  {\"id\":3, \"tags\":[[],{}]}\n]\n"
        let run = Self.decoder(.array).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(run.records.map(\.value) == [StreamEvent(id: 1), StreamEvent(id: 2, name: "x]\"}"), StreamEvent(id: 3)])
        #expect(run.records.map(\.line) == [2, 3, 4])
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[run.records[2].byteRange], as: UTF8.self) == "{\"id\":3, \"tags\":[[],{}]}")
        #expect(run.failure == nil)
        let scalars = Self.decoder(.array).run(Int.self, .bytes(Array(" [ 1 ,2,\n3 ] ".utf8)))
        #expect(scalars.records.map(\.value) == [1, 2, 3])
        #expect(scalars.records.map(\.byteRange) == [3..<4, 6..<7, 9..<10])
        #expect(Self.decoder(.array).run(Int.self, .bytes(Array("[]".utf8))).records.isEmpty)
    }

    @Test func arrayStructureErrorsEndTheStream() {
        let cases: [(text: String, marker: String, message: String)] = [
            ("[1,2 3]", "3]", "expected ',' or ']' after an array element, found '3'"),
            ("[1,2,]", "]", "expected a JSON value, found ']'"),
            ("[1,2] 4", "4", "trailing garbage after the array of records: '4'"),
            ("{\"id\":1}", "{", "expected '[' to open the array of records, found '{'"),
        ]
        for (text, marker, message) in cases {
            let run = Self.decoder(.array).run(Int.self, .bytes(Array(text.utf8)))
            let at = position(of: marker, in: text)
            #expect(run.failure == .syntax(message: message, location: JSONLocation(offset: at.offset, line: at.line, column: at.column)), "\(text)")
        }
        let open = Self.decoder(.array).run(Int.self, .bytes(Array("[1,\n2".utf8)))
        #expect(open.records.map(\.value) == [1, 2])
        #expect(open.failure == .syntax(message: "premature EOF: the array of records is not closed", location: JSONLocation(offset: 5, line: 2, column: 2)))
        #expect(Self.decoder(.array).run(Int.self, .bytes(Array("  ".utf8))).failure == .emptyInput)
    }

    @Test func concatenatedValues() {
        let text = "{\"id\":1}{\"id\":2} {\"id\":3}\n{\n  \"id\": 4\n}\n\"s\""
        let run = Self.decoder(.concatenated).run(JSONValue.self, .bytes(Array(text.utf8)))
        #expect(run.records.map(\.value) == [["id": 1], ["id": 2], ["id": 3], ["id": 4], "s"])
        #expect(run.records.map(\.line) == [1, 1, 1, 2, 5])
        let numbers = Self.decoder(.concatenated).run(Int.self, .bytes(Array("1 2\n3\t4".utf8)))
        #expect(numbers.records.map(\.value) == [1, 2, 3, 4])
    }

    @Test func automaticChoosesFromTheFirstValue() {
        let cases: [(text: String, framing: JSONRecordFraming)] = [
            ("{\"a\":1}\n{\"a\":2}\n", .jsonLines),
            ("[1,2]\n[3]\n", .jsonLines),
            ("[1,2]\n", .array),
            ("[1,2]", .array),
            ("[\n1,\n2\n]", .array),
            ("  [1,\n2]", .array),
            ("{\"a\":1} {\"a\":2}", .concatenated),
            ("{\n\"a\":1\n}\n{\n\"a\":2\n}", .concatenated),
            ("{\"a\":1}", .jsonLines),
            ("", .jsonLines),
            ("\n\n", .jsonLines),
            ("]", .jsonLines),
        ]
        for (text, framing) in cases {
            for chunkSize in [1, 3, 1024] {
                let run = Self.decoder(.automatic, chunkSize: chunkSize).run(JSONValue.self, .bytes(Array(text.utf8)))
                #expect(run.framing == framing, "\(text.debugDescription) chunks of \(chunkSize)")
            }
        }
        // A first value longer than the record limit decides on its first byte.
        let long = "[" + String(repeating: "1,", count: 100) + "1]\n[2]\n"
        var decoder = Self.decoder(.automatic, chunkSize: 16)
        decoder.maxRecordBytes = 50
        #expect(decoder.run(JSONValue.self, .bytes(Array(long.utf8))).framing == .array)
    }

    @Test func everyFramingReadsFilesAndHandles() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"id\":1}\n{\"id\":2}\n".utf8).write(to: url)
        #expect(Self.decoder(.automatic).run(StreamEvent.self, .file(url.path)).records.map(\.value) == Self.events(1...2))
        #expect(Self.decoder(.automatic).run(StreamEvent.self, .file(url)).records.map(\.value) == Self.events(1...2))
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        #expect(Self.decoder(.automatic).run(StreamEvent.self, .fileHandle(handle)).records.map(\.value) == Self.events(1...2))

        let pipe = Pipe()
        let writer = Thread {
            for id in 1...300 { pipe.fileHandleForWriting.write(Data("{\"id\":\(id)}\n".utf8)) }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let piped = Self.decoder(.jsonLines, workers: 2, chunkSize: 100).run(StreamEvent.self, .fileHandle(pipe.fileHandleForReading))
        #expect(piped.records.map(\.value) == Self.events(1...300))

        let missing = Self.decoder(.automatic).run(StreamEvent.self, .file("/nonexistent/records.jsonl"))
        #expect(missing.failure == .ioFailed(reason: "cannot open /nonexistent/records.jsonl: No such file or directory"))
        #expect(missing.records.isEmpty)
    }
}
