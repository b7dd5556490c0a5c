import Foundation
import Testing
@testable import JSONMapper

/// `records(_:from:transform:)`: each record is transformed on the thread that decoded it,
/// the outputs come in stream order, and a transform's error rejects its record like any
/// other bad record.
@Suite("Streaming: transforms on the workers")
struct TransformTests {
    @Test(arguments: [1, 2, 3])
    func outputsComeInStreamOrder(workers: Int) {
        let (text, good, bad) = ParallelAndAsyncTests.mixedStream(count: 500)
        for chunkSize in [101, 4096] {
            var rejected: [Int] = []
            let decoder = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: chunkSize)
            let outputs = decoder.records(StreamEvent.self, from: .bytes(Array(text.utf8)),
                                          transform: { (event: StreamEvent) throws(JSONMapperError) in "\(event.id):\(event.name.count)" },
                                          onRejection: { rejected.append($0.index) })
            var delivered: [String] = []
            var indices: [Int] = []
            for result in outputs {
                guard case .success(let record) = result else { Issue.record("the stream ended early"); break }
                delivered.append(record.value)
                indices.append(record.index)
            }
            #expect(delivered == good.map { "\($0.id):\($0.name.count)" })
            #expect(rejected.count == bad.count)
            #expect((indices + rejected).sorted() == Array(0..<500), "every record is delivered or rejected, once")
        }
    }

    @Test(arguments: [1, 2])
    func aTransformErrorRejectsTheRecordWhereItLies(workers: Int) throws {
        let lines = (0..<40).map { "{\"id\":\($0),\"name\":\"n\($0)\"}" }
        let text = lines.joined(separator: "\n") + "\n"
        var rejections: [JSONRecordRejection] = []
        let outputs = JSONRecordDecoder(workers: workers, chunkSize: 64).records(
            StreamEvent.self, from: .bytes(Array(text.utf8)),
            transform: { (event: StreamEvent) throws(JSONMapperError) -> Int in
                guard event.id % 10 != 7 else { throw .invalidValue(path: "id", reason: "sevens are not wanted") }
                return event.id
            },
            onRejection: { rejections.append($0) })
        let ids = try outputs.deliveredValues()
        #expect(ids == (0..<40).filter { $0 % 10 != 7 })
        #expect(rejections.map(\.line) == [8, 18, 28, 38])
        // Each rejection's bytes are its own line, found independently in the text.
        for rejection in rejections {
            let start = lines[..<(rejection.line - 1)].reduce(0) { $0 + $1.utf8.count + 1 }
            #expect(rejection.byteRange == start..<start + lines[rejection.line - 1].utf8.count)
            #expect(rejection.rawBytes == Array(lines[rejection.line - 1].utf8))
            guard case .invalidValue(_, let reason, _) = rejection.error else { Issue.record("\(rejection.error)"); continue }
            #expect(reason == "sevens are not wanted")
        }
        #expect(outputs.progress.recordsDelivered == 36 && outputs.progress.recordsRejected == 4)
    }

    /// A transform's error is placed alike whatever the records decode to (one mechanism runs
    /// every transform): at the first byte of its record's value, in the stream, with the path
    /// the transform gave; the record is counted as rejected.
    @Test(arguments: [JSONRecordFraming.jsonLines, .concatenated])
    func aTransformErrorIsLocatedAtItsRecordWhateverItDecodesTo(framing: JSONRecordFraming) throws {
        struct Event: Decodable, Sendable { var id: Int }
        // The rejected record starts two spaces into line 2; concatenated, its value runs onto line 3.
        let inside = framing == .jsonLines ? "" : "\n"
        let text = "{\"id\":1}\n  {\"id\":7,\(inside)\"name\":\"x\"}\n{\"id\":2}\n"
        let expected = JSONLocation(offset: 11, line: 2, column: 3)
        let schema = try JSONSchema(columns: [JSONColumn("id", path: "id", type: .int)])
        @Sendable func rejectSeven(_ id: Int) throws(JSONMapperError) -> Int {
            guard id != 7 else { throw .invalidValue(path: "id", reason: "sevens are not wanted") }
            return id
        }
        func check<Output>(_ stream: JSONRecordSequence<Output>, _ rejections: () -> [JSONRecordRejection], _ what: String) throws {
            #expect(try stream.deliveredValues().count == 2, "\(what)")
            #expect(rejections().map(\.error) == [.invalidValue(path: "id", reason: "sevens are not wanted", location: expected)], "\(what)")
            #expect(rejections().first?.error.location == expected, "\(what)")
            #expect(stream.progress.recordsDelivered == 2 && stream.progress.recordsRejected == 1, "\(what)")
        }
        let decoder = JSONRecordDecoder(framing: framing, workers: 1)
        let bytes = JSONRecordSource.bytes(Array(text.utf8))
        var models: [JSONRecordRejection] = []
        try check(decoder.records(StreamEvent.self, from: bytes, transform: { (event: StreamEvent) throws(JSONMapperError) in try rejectSeven(event.id) },
                                  onRejection: { models.append($0) }), { models }, "models")
        var rows: [JSONRecordRejection] = []
        try check(decoder.records(schema, from: bytes, transform: { (row) throws(JSONMapperError) in try rejectSeven(row[0] == .int(7) ? 7 : 0) },
                                  onRejection: { rows.append($0) }), { rows }, "schema rows")
        var decodables: [JSONRecordRejection] = []
        try check(decoder.records(Event.self, from: bytes, using: JSONCodableDecoder(),
                                  transform: { (event: Event) throws(JSONMapperError) in try rejectSeven(event.id) },
                                  onRejection: { decodables.append($0) }), { decodables }, "Decodable records")
    }

    /// A stream-ending error reaches a test that reads values with `deliveredValues()`, where
    /// `compactMap { try? … }` drops it and sees only the records before it.
    @Test func aStreamEndingErrorFailsTheRead() {
        let text = #"[{"id":1,"name":"a"},{"id":2,"name":"b"} {"id":3}]"#
        let decoder = JSONRecordDecoder(framing: .array, workers: 1)
        let outputs = decoder.records(StreamEvent.self, from: .bytes(Array(text.utf8)),
                                      transform: { (event: StreamEvent) throws(JSONMapperError) -> Int in event.id })
        #expect(outputs.compactMap { try? $0.get().value } == [1, 2])
        #expect(throws: JSONMapperError.self) { try outputs.deliveredValues() }
    }

    /// The RecordStreams article's example, as written there: lines of text made on the workers.
    @Test func linesOfTextAsInTheReadme() throws {
        let parallel = JSONRecordDecoder(framing: .jsonLines, workers: 2, chunkSize: 40)
        let text = (1...25).map { "{\"id\":\($0),\"name\":\"e\($0)\"}" }.joined(separator: "\n")
        let lines = parallel.records(StreamEvent.self, from: .bytes(Array(text.utf8)), transform: { (event: StreamEvent) throws(JSONMapperError) in
            "\(event.id),\(event.name)\n"
        })
        var output = ""
        for result in lines { output += try result.get().value }
        #expect(output == (1...25).map { "\($0),e\($0)\n" }.joined())
    }

    @Test func rowsOfASchemaAreTransformedToo() throws {
        let schema = try JSONSchema(columns: [JSONColumn("id", path: "id", type: .int), JSONColumn("name", path: "name")])
        let text = (1...30).map { "{\"id\":\($0),\"name\":\"row \($0)\"}" }.joined(separator: "\n")
        let outputs = JSONRecordDecoder(workers: 2, chunkSize: 50).records(schema, from: .bytes(Array(text.utf8)),
                                                                        transform: { (row) throws(JSONMapperError) in row.cells })
        let cells = try outputs.map { try $0.get().value }
        #expect(cells == (1...30).map { [.int($0), .string("row \($0)")] })
    }

    /// A regular file is read ahead while records are delivered (workers stay busy): the
    /// records are the same as from the bytes in memory.
    @Test func aRegularFileGivesTheSameRecordsWithWorkers() throws {
        let (text, good, _) = ParallelAndAsyncTests.mixedStream(count: 400)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transform-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(JSONRecordSource.file(url.path).readsNeverWait)
        let run = JSONRecordDecoder(framing: .jsonLines, workers: 2, chunkSize: 512).run(StreamEvent.self, .file(url.path))
        #expect(run.records.map(\.value) == good)
        #expect(run.delivered + run.rejected == 400)
    }

    @Test func aPipeIsNotReadAhead() throws {
        let pipe = Pipe()
        defer { try? pipe.fileHandleForReading.close() }
        #expect(!JSONRecordSource.fileHandle(pipe.fileHandleForReading).readsNeverWait)
        #expect(JSONRecordSource.bytes([1, 2, 3]).readsNeverWait)
    }
}
