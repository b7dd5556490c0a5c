import Foundation
import Hummingbird
import HummingbirdTesting
import JSONMapperCompression
import Testing
@testable import IngestService

/// The service in process: accounting, limits, encodings, framing, faults and transactions.
@Suite struct IngestServiceTests {
    static func configuration(maxBodyBytes: Int = 1 << 20, maxRecordBytes: Int = 4096, batchSize: Int = 3) -> IngestConfiguration {
        var configuration = IngestConfiguration()
        configuration.databasePath = ":memory:"
        configuration.maxBodyBytes = maxBodyBytes
        configuration.maxRecordBytes = maxRecordBytes
        configuration.batchSize = batchSize
        return configuration
    }

    /// `count` JSON lines; the ids in `bad` lack their required `kind`.
    static func lines(_ count: Int, bad: Set<Int> = []) -> String {
        (1...count).map { id in
            bad.contains(id) ? #"{"id":\#(id)}"# : #"{"id":\#(id),"kind":"click","user":"u\#(id % 7)","ts":1700000000,"value":1.5}"#
        }.joined(separator: "\n") + "\n"
    }

    static let jsonLines: HTTPFields = [.contentType: "application/x-ndjson"]

    static func post(_ client: some TestClientProtocol, _ uri: String = "/events", headers: HTTPFields = jsonLines,
                     body: [UInt8]) async throws -> (HTTPResponse.Status, Accounting) {
        try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
            (response.status, try JSONDecoder().decode(Accounting.self, from: Data(buffer: response.body)))
        }
    }

    static func totals(_ client: some TestClientProtocol) async throws -> Totals {
        try await client.execute(uri: "/stats", method: .get) { response in
            try JSONDecoder().decode(Totals.self, from: Data(buffer: response.body))
        }
    }

    @Test func acceptedRejectedAndRowsAddUp() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            let (status, accounting) = try await Self.post(client, body: Array(Self.lines(10, bad: [4, 9]).utf8))
            #expect(status == .ok)
            #expect(accounting.records == 10 && accounting.accepted == 8 && accounting.rejected == 2 && accounting.committed == 8)
            #expect(accounting.rejections.map(\.line) == [4, 9])
            #expect(accounting.rejections.allSatisfy { $0.error.contains("kind") })
            let totals = try await Self.totals(client)
            #expect(totals.accepted == 8 && totals.rejected == 2 && totals.rowsInDatabase == 8 && totals.allRowsInDatabase == 8)
        }
    }

    @Test func aJSONArrayIsToldByItsContentType() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            let body = #"[{"id":1,"kind":"a"},{"id":2},{"id":3,"kind":"c"}]"#
            let (status, accounting) = try await Self.post(client, headers: [.contentType: "application/json; charset=utf-8"], body: Array(body.utf8))
            #expect(status == .ok && accounting.accepted == 2 && accounting.rejected == 1 && accounting.committed == 2)
            let (unsupported, _) = try await Self.post(client, headers: [.contentType: "text/plain"], body: Array(body.utf8))
            #expect(unsupported == .unsupportedMediaType)
        }
    }

    @Test(arguments: [CompressionFormat.gzip, .zstd])
    func compressedBodiesAreDecompressed(format: CompressionFormat) async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            let compressed = try ByteCompressor.compress(Array(Self.lines(500, bad: [7]).utf8), as: format)
            var headers = Self.jsonLines
            headers[.contentEncoding] = format.rawValue
            let (status, accounting) = try await Self.post(client, headers: headers, body: compressed)
            #expect(status == .ok && accounting.accepted == 499 && accounting.rejections.map(\.line) == [7] && accounting.committed == 499)
            // Bytes that are not what the header says are refused, not read as plain text.
            let (wrong, refused) = try await Self.post(client, headers: headers, body: Array(Self.lines(3).utf8))
            #expect(wrong == .badRequest && refused.committed == 0)
            headers[.contentEncoding] = "br"
            let (unsupported, _) = try await Self.post(client, headers: headers, body: compressed)
            #expect(unsupported == .unsupportedMediaType)
            #expect(try await Self.totals(client).rowsInDatabase == 499)
        }
    }

    @Test func aBodyOverTheLimitIs413AndStoresNothing() async throws {
        let app = try buildApplication(Self.configuration(maxBodyBytes: 2000))
        try await app.test(.router) { client in
            let (status, accounting) = try await Self.post(client, body: Array(Self.lines(100).utf8))
            #expect(status == .contentTooLarge && accounting.limit == "maxBodyBytes" && accounting.limitBytes == 2000)
            #expect(accounting.committed == 0)
            // Decompressed past the limit: the same answer.
            var headers = Self.jsonLines
            headers[.contentEncoding] = "gzip"
            let bomb = try ByteCompressor.compress(Array(String(repeating: Self.lines(1), count: 2000).utf8), as: .gzip)
            let (bombStatus, bombAccounting) = try await Self.post(client, headers: headers, body: bomb)
            #expect(bomb.count < 2000 && bombStatus == .contentTooLarge && bombAccounting.limit == "maxBodyBytes")
            let totals = try await Self.totals(client)
            #expect(totals.allRowsInDatabase == 0 && totals.requests == 2 && totals.failedRequests == 2)
        }
    }

    @Test func aRecordOverTheLimitIs413AndStoresNothing() async throws {
        let app = try buildApplication(Self.configuration(maxRecordBytes: 200))
        try await app.test(.router) { client in
            let long = #"{"id":99,"kind":"\#(String(repeating: "x", count: 500))"}"#
            let body = Self.lines(5) + long + "\n" + Self.lines(5)
            for uri in ["/events", "/baseline/events"] {
                let (status, accounting) = try await Self.post(client, uri, body: Array(body.utf8))
                #expect(status == .contentTooLarge && accounting.limit == "maxRecordBytes" && accounting.limitBytes == 200)
                #expect(accounting.committed == 0 && accounting.error?.contains("line 6") == true)
            }
            #expect(try await Self.totals(client).allRowsInDatabase == 0)
        }
    }

    /// A body cut mid-record: the cut record is rejected with its line, the others stored.
    @Test func aBodyCutMidRecordRejectsTheCutRecord() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            var body = Array(Self.lines(6).utf8)
            body.removeLast(20)
            let (status, accounting) = try await Self.post(client, body: body)
            #expect(status == .ok && accounting.accepted == 5 && accounting.rejections.map(\.line) == [6])
        }
    }

    /// Bit flips and invalid UTF-8 reject their records, and only those.
    @Test func damagedBytesRejectTheirRecords() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            var body = Array(Self.lines(5).utf8)
            let second = body.firstIndex(of: 0x0A)! + 1
            body[second + 1] ^= 0x40                      // a bit flip in line 2's first key
            let fourth = body.indices.filter { body[$0] == 0x0A }[2] + 1
            body[fourth + 15] = 0xC3                      // a lead byte with no continuation in line 4
            body[fourth + 16] = 0x28
            for uri in ["/events", "/baseline/events"] {
                let (status, accounting) = try await Self.post(client, uri, body: body)
                #expect(status == .ok && accounting.accepted == 3 && accounting.rejections.map(\.line) == [2, 4], "\(uri)")
            }
        }
    }

    /// Without storage, the same accounting and no rows.
    @Test func theNoStorageModeCountsWithoutStoring() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            for uri in ["/events?store=false", "/baseline/events?store=false"] {
                let (status, accounting) = try await Self.post(client, uri, body: Array(Self.lines(20, bad: [3]).utf8))
                #expect(status == .ok && accounting.accepted == 19 && accounting.rejected == 1 && !accounting.stored && accounting.committed == 0)
            }
            #expect(try await Self.totals(client).allRowsInDatabase == 0)
        }
    }

    /// The baseline endpoint gives the same accounting as the record stream.
    @Test func theBaselineAgreesWithTheRecordStream() async throws {
        let app = try buildApplication(Self.configuration())
        try await app.test(.router) { client in
            let body = Array(Self.lines(50, bad: [1, 25, 50]).utf8)
            let (_, streamed) = try await Self.post(client, body: body)
            let (_, baseline) = try await Self.post(client, "/baseline/events", body: body)
            #expect(streamed.accepted == baseline.accepted && streamed.rejections.map(\.line) == baseline.rejections.map(\.line))
            #expect(try await Self.totals(client).rowsInDatabase == 94)
        }
    }
}

/// Faults a router test cannot send: bodies that fail part-way, as when a client disconnects,
/// after several batches have been written.
@Suite struct IngestFaultTests {
    struct Disconnected: Error {}

    static func request(lines: String, failing: Bool) -> Request {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let bytes = Array(lines.utf8)
        for start in stride(from: 0, to: bytes.count, by: 100) {
            continuation.yield(ByteBuffer(bytes: bytes[start..<min(start + 100, bytes.count)]))
        }
        continuation.finish(throwing: failing ? Disconnected() : nil)
        let head = HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/events",
                               headerFields: [.contentType: "application/x-ndjson"])
        return Request(head: head, body: RequestBody(asyncSequence: stream))
    }

    @Test func aClientThatDisconnectsMidBodyLeavesNoRows() async throws {
        let store = try EventStore(path: ":memory:")
        let ingestor = Ingestor(configuration: IngestServiceTests.configuration(batchSize: 2), store: store)
        let response = await ingestor.events(Self.request(lines: IngestServiceTests.lines(40), failing: true), storing: true)
        #expect(response.status == .badRequest)
        let (left, committed) = (try await store.allRows(), try await store.committedRows())
        #expect(left == 0 && committed == 0)
        let totals = await ingestor.stats.current
        #expect(totals.failedRequests == 1 && totals.committedRows == 0 && totals.accepted > 2)

        let whole = await ingestor.events(Self.request(lines: IngestServiceTests.lines(40), failing: false), storing: true)
        #expect(whole.status == .ok)
        let (stored, all) = (try await store.committedRows(), try await store.allRows())
        #expect(stored == 40 && all == 40)
    }

    /// Rows of a request still open are not counted, and are gone once it is discarded.
    @Test func rowsCountOnlyOnceTheirRequestCommits() async throws {
        let store = try EventStore(path: ":memory:")
        let request = try await store.open()
        try await store.insert([(1, Event(id: 1, kind: "a")), (2, Event(id: 2, kind: "b"))], request: request)
        let (visible, written) = (try await store.committedRows(), try await store.rows(of: request))
        #expect(visible == 0 && written == 2)
        try await store.commit(request)
        #expect(try await store.committedRows() == 2)
        let other = try await store.open()
        try await store.insert([(1, Event(id: 3, kind: "c"))], request: other)
        try await store.discard(other)
        let (kept, all) = (try await store.committedRows(), try await store.allRows())
        #expect(kept == 2 && all == 2)
    }
}
