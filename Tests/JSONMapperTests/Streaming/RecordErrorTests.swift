import Foundation
import Testing
@testable import JSONMapper

/// Bad records lose nothing: each is rejected with its index, line, byte range, raw bytes and
/// an error that names its position in the stream (not in the record); malformed JSON ends an
/// array or concatenated stream after every record before it. Positions are computed from the
/// text by the tests themselves.
@Suite("Streaming: rejected records")
struct RecordErrorTests {
    static func decoder(_ framing: JSONRecordFraming, workers: Int = 1, chunkSize: Int = 256 * 1024,
                        policy: DecodingOptions.InvalidValuePolicy = .throw) -> JSONRecordDecoder {
        JSONRecordDecoder(options: DecodingOptions(invalidValuePolicy: policy), framing: framing, workers: workers, chunkSize: chunkSize)
    }

    static func isSyntax(_ error: JSONMapperError?, at place: (offset: Int, line: Int, column: Int)) -> Bool {
        guard case let .syntax(_, location)? = error else { return false }
        return location == JSONLocation(offset: place.offset, line: place.line, column: place.column)
    }

    /// Bad records first, in the middle and last: syntax errors, a mapping error, a missing key.
    static let jsonLines = """
        {"id":1,@@}
        {"id":2}
        {"id":"x3"}
        {"name":"no id"}
        {"id":5}
          {"id": 6 ##}
        """

    @Test(arguments: [1, 2])
    func jsonLinesRejectsBadLinesAndGoesOn(workers: Int) {
        for chunkSize in [7, 64, 1 << 16] {
            let run = Self.decoder(.jsonLines, workers: workers, chunkSize: chunkSize).run(StreamEvent.self, .bytes(Array(Self.jsonLines.utf8)))
            #expect(run.records.map(\.value) == [StreamEvent(id: 2), StreamEvent(id: 5)])
            #expect(run.records.map(\.index) == [1, 4])
            #expect(run.rejections.map(\.index) == [0, 2, 3, 5])
            #expect(run.rejections.map(\.line) == [1, 3, 4, 6])
            #expect(run.failure == nil)
            #expect(run.delivered == 2 && run.rejected == 4 && run.order == Array(0..<6))

            let text = Self.jsonLines
            let first = run.rejections[0]
            #expect(Self.isSyntax(first.error, at: position(of: "@@", in: text)))
            #expect(first.byteRange == 0..<11 && first.rawBytes == Array("{\"id\":1,@@}".utf8) && !first.isTruncated)
            let third = position(of: "{\"id\":\"x3\"}", in: text)
            #expect(run.rejections[1].byteRange == third.offset..<third.offset + 11)
            #expect(run.rejections[1].error == .typeMismatch(path: "id", expected: "Int", found: "string \"x3\""))
            #expect(run.rejections[2].error == .keyNotFound(path: "id"))
            let last = run.rejections[3]
            #expect(Self.isSyntax(last.error, at: position(of: "##", in: text)))
            let lastLine = position(of: "  {\"id\": 6", in: text)
            #expect(last.byteRange == lastLine.offset..<text.utf8.count)
            #expect(last.line == lastLine.line)
        }
    }

    @Test func errorsInsideMultiLineRecordsNameTheirLineAndColumn() {
        let text = "[\n  {\"id\": 1},\n  {\"id\": 2,\n   \"name\": @ },\n  {\"id\": 3}\n]"
        let run = Self.decoder(.array).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(run.records.map(\.value) == [StreamEvent(id: 1)])
        #expect(Self.isSyntax(run.failure, at: position(of: "@", in: text)))
        #expect(run.rejections.isEmpty && run.delivered == 1)
    }

    @Test(arguments: [JSONRecordFraming.array, .concatenated])
    func malformedJSONEndsValueStreamsAfterEveryEarlierRecord(framing: JSONRecordFraming) {
        let body = "{\"id\":1}, {\"id\":\"x\"}, {\"id\":3}, {\"id\" 4}, {\"id\":5}"
        let text = framing == .array ? "[" + body + "]" : body.replacingOccurrences(of: ",", with: "\n")
        for workers in [1, 2] {
            for chunkSize in [5, 1 << 16] {
                let run = Self.decoder(framing, workers: workers, chunkSize: chunkSize).run(StreamEvent.self, .bytes(Array(text.utf8)))
                #expect(run.records.map(\.value) == [StreamEvent(id: 1), StreamEvent(id: 3)])
                #expect(run.rejections.map(\.index) == [1])
                #expect(run.rejections.first?.error == .typeMismatch(path: "id", expected: "Int", found: "string \"x\""))
                #expect(Self.isSyntax(run.failure, at: position(of: "4}", in: text)))
                #expect(run.delivered == 2 && run.rejected == 1)
            }
        }
    }

    @Test func policiesApplyPerRecord() {
        let text = "{\"id\":1,\"name\":7}\n{\"id\":\"x\",\"name\":\"b\"}\n{\"id\":3}\n"
        let skipped = Self.decoder(.jsonLines, policy: .skip).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(skipped.records.map(\.value) == [StreamEvent(id: 1, name: "7"), StreamEvent(id: 0, name: "b"), StreamEvent(id: 3)])
        #expect(skipped.records.allSatisfy(\.issues.isEmpty) && skipped.rejections.isEmpty)
        let collected = Self.decoder(.jsonLines, policy: .collect).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(collected.records.map(\.value) == skipped.records.map(\.value))
        #expect(collected.records.map(\.issues) == [[], [.typeMismatch(path: "id", expected: "Int", found: "string \"x\""), .keyNotFound(path: "id")], []])
        let thrown = Self.decoder(.jsonLines, policy: .throw).run(StreamEvent.self, .bytes(Array(text.utf8)))
        #expect(thrown.records.map(\.value) == [StreamEvent(id: 1, name: "7"), StreamEvent(id: 3)])
        #expect(thrown.rejections.map(\.index) == [1])
    }

    @Test func oversizedRecordsAreRejectedWithoutBeingKept() {
        let long = "{\"id\":2,\"name\":\"" + String(repeating: "x", count: 300) + "\"}"
        let text = "{\"id\":1}\n" + long + "\r\n{\"id\":3}\n" + long
        for workers in [1, 2] {
            for chunkSize in [1, 16, 100, 1 << 16] {
                var decoder = Self.decoder(.jsonLines, workers: workers, chunkSize: chunkSize)
                decoder.maxRecordBytes = 100
                decoder.maxRejectedBytes = 20
                let run = decoder.run(StreamEvent.self, .bytes(Array(text.utf8)))
                #expect(run.records.map(\.value) == [StreamEvent(id: 1), StreamEvent(id: 3)], "chunks of \(chunkSize)")
                #expect(run.records.map(\.line) == [1, 3])
                #expect(run.rejections.map(\.index) == [1, 3])
                #expect(run.rejections.map(\.line) == [2, 4])
                let second = position(of: "{\"id\":2", in: text)
                let fourth = position(of: "{\"id\":2", in: text, after: second.offset + 1)
                #expect(run.rejections.map(\.byteRange) == [second.offset..<second.offset + long.utf8.count,
                                                            fourth.offset..<fourth.offset + long.utf8.count])
                #expect(run.rejections.map(\.error) == [.limitExceeded(offset: second.offset + 100, message: "the record is longer than the limit of 100 bytes"),
                                                        .limitExceeded(offset: fourth.offset + 100, message: "the record is longer than the limit of 100 bytes")])
                #expect(run.rejections.allSatisfy { $0.rawBytes == Array(long.utf8.prefix(20)) && $0.isTruncated })
            }
        }
    }

    /// A line feed inside a skipped value's string still ends a line, even right after a
    /// backslash (malformed, but the record is only skipped): the records after it keep their
    /// lines.
    @Test(arguments: [JSONRecordFraming.array, .concatenated])
    func lineFeedsInsideSkippedValuesAreCounted(framing: JSONRecordFraming) {
        let long = "{\"id\":2,\"name\":\"" + String(repeating: "x", count: 120) + "\\\n\n\"}"
        let text = framing == .array ? "[{\"id\":1},\n" + long + ",\n{\"id\":3}]" : "{\"id\":1}\n" + long + "\n{\"id\":3}"
        for chunkSize in [1, 16, 1 << 16] {
            var decoder = Self.decoder(framing, chunkSize: chunkSize)
            decoder.maxRecordBytes = 100
            let run = decoder.run(StreamEvent.self, .bytes(Array(text.utf8)))
            #expect(run.records.map(\.value) == [StreamEvent(id: 1), StreamEvent(id: 3)], "chunks of \(chunkSize)")
            #expect(run.records.map(\.line) == [1, 5], "chunks of \(chunkSize)")
            #expect(run.rejections.map(\.line) == [2])
        }
    }

    @Test(arguments: [JSONRecordFraming.array, .concatenated])
    func oversizedValuesAreSkippedToTheirEnd(framing: JSONRecordFraming) {
        let long = "{\"id\":2,\"name\":\"" + String(repeating: "]}\\\"", count: 50) + "\",\"list\":[[1],{\"a\":[]}]}"
        let text = framing == .array ? "[{\"id\":1},\n" + long + ",\n{\"id\":3}]" : "{\"id\":1}\n" + long + "\n{\"id\":3}"
        for chunkSize in [1, 16, 1 << 16] {
            var decoder = Self.decoder(framing, chunkSize: chunkSize)
            decoder.maxRecordBytes = 100
            let run = decoder.run(StreamEvent.self, .bytes(Array(text.utf8)))
            #expect(run.records.map(\.value) == [StreamEvent(id: 1), StreamEvent(id: 3)], "chunks of \(chunkSize)")
            #expect(run.records.map(\.line) == [1, 3])
            let second = position(of: "{\"id\":2", in: text)
            #expect(run.rejections.map(\.byteRange) == [second.offset..<second.offset + long.utf8.count])
            #expect(run.rejections.map(\.line) == [2])
            #expect(run.failure == nil)
        }
    }

    @Test func readErrorsEndTheStreamAfterWholeRecords() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "the connection dropped" } }
        let stream = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("{\"id\":1}\n{\"id\":2}\n{\"id\"".utf8))
            continuation.finish(throwing: Broken())
        }
        var delivered: [StreamEvent] = []
        var failure: JSONMapperError?
        do throws(JSONMapperError) {
            for try await record in Self.decoder(.jsonLines).records(StreamEvent.self, from: stream) { delivered.append(record.value) }
        } catch {
            failure = error
        }
        #expect(delivered == [StreamEvent(id: 1), StreamEvent(id: 2)])
        #expect(failure == .ioFailed(reason: "the byte sequence failed: the connection dropped"))
    }
}
