import Foundation
import JSONMapper
import JSONMapperNIO
import NIOCore
import Testing

struct Reading: JSONMappable, Equatable, Sendable {
    var id = 0
    var name = ""
    static let jsonMapping = JSONMapping<Reading> {
        JSONMap(\.id, "id", required: true)
        JSONMap(\.name, "name")
    }
}

struct CodableReading: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}

/// Documents decoded from a `ByteBuffer`'s readable bytes.
@Suite struct ByteBufferDocumentTests {
    /// A buffer whose readable bytes are `json`, behind bytes already read, so that a decoder
    /// reading from the start of the storage rather than the reader index fails.
    static func buffer(_ json: String) -> ByteBuffer {
        var buffer = ByteBuffer(string: "garbage{")
        buffer.moveReaderIndex(forwardBy: 8)
        buffer.writeString(json)
        return buffer
    }

    @Test func decodesAMappedModelFromTheReadableBytes() throws {
        let buffer = Self.buffer(#"{"id":7,"name":"seven"}"#)
        let reading = try JSONMapDecoder().decode(Reading.self, from: buffer)
        #expect(reading == Reading(id: 7, name: "seven"))
        #expect(buffer.readerIndex == 8)
    }

    @Test func decodesACodableValueAndATree() throws {
        let buffer = Self.buffer(#"{"id":7,"name":"seven"}"#)
        #expect(try JSONCodableDecoder().decode(CodableReading.self, from: buffer) == CodableReading(id: 7, name: "seven"))
        #expect(try JSONValue(parsing: buffer) == JSONValue(parsing: Array(#"{"id":7,"name":"seven"}"#.utf8)))
    }

    @Test func malformedBytesThrowATypedErrorAtTheirPosition() {
        let buffer = Self.buffer(#"{"id":7,"name":}"#)
        var failure: JSONMapperError?
        do throws(JSONMapperError) {
            _ = try JSONMapDecoder().decode(Reading.self, from: buffer)
        } catch {
            failure = error
        }
        let expected: JSONMapperError?
        do throws(JSONMapperError) {
            _ = try JSONMapDecoder().decode(Reading.self, from: Array(#"{"id":7,"name":}"#.utf8))
            expected = nil
        } catch {
            expected = error
        }
        #expect(failure != nil && failure == expected)
    }

    @Test func issuesAreReportedAsFromBytes() throws {
        var options = DecodingOptions()
        options.invalidValuePolicy = .collect
        let (value, issues) = try JSONMapDecoder(options: options).decodeReportingIssues(Reading.self, from: Self.buffer(#"{"id":1,"name":[1]}"#))
        #expect(value.id == 1 && issues.count == 1)
    }
}

/// Record streams over a body of `ByteBuffer`s.
@Suite struct ByteBufferRecordTests {
    /// `count` JSON lines; the ids in `rejected` are strings, which the model rejects.
    static func lines(_ count: Int, rejected: Set<Int> = []) -> [UInt8] {
        var text = ""
        for id in 1...count {
            text += rejected.contains(id) ? "{\"id\":\"x\",\"name\":\"r\(id)\"}\n" : "{\"id\":\(id),\"name\":\"r\(id)\"}\n"
        }
        return Array(text.utf8)
    }

    /// `bytes` cut into buffers of `size` bytes, each behind a few bytes already read.
    static func buffers(_ bytes: [UInt8], size: Int) -> [ByteBuffer] {
        stride(from: 0, to: bytes.count, by: size).map { start in
            var buffer = ByteBuffer(bytes: [0xFF, 0xFE])
            buffer.moveReaderIndex(forwardBy: 2)
            buffer.writeBytes(bytes[start..<min(start + size, bytes.count)])
            return buffer
        }
    }

    static func body(_ buffers: [ByteBuffer], failingWith error: (any Error)? = nil) -> AsyncThrowingStream<ByteBuffer, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        for buffer in buffers { continuation.yield(buffer) }
        continuation.finish(throwing: error)
        return stream
    }

    struct Outcome {
        var ids: [Int] = []
        var rejectedLines: [Int] = []
        var failure: JSONMapperError?
        var progress: (read: Int, rejected: Int, bytes: Int) = (0, 0, 0)
    }

    static func read(_ body: AsyncThrowingStream<ByteBuffer, any Error>, workers: Int) async -> Outcome {
        var outcome = Outcome()
        let rejected = Lines()
        let records = JSONRecordDecoder(workers: workers, chunkSize: 1024).records(Reading.self, from: body) { rejected.add($0.line) }
        do throws(JSONMapperError) {
            for try await record in records { outcome.ids.append(record.value.id) }
        } catch {
            outcome.failure = error
        }
        outcome.rejectedLines = rejected.all
        outcome.progress = (records.progress.recordsRead, records.progress.recordsRejected, records.progress.bytesRead)
        return outcome
    }

    @Test(arguments: [(1, 1), (7, 1), (7, 2), (4096, 2), (100_000, 3)])
    func buffersSplittingRecordsAnywhereGiveEveryRecord(size: Int, workers: Int) async {
        let bytes = Self.lines(500, rejected: [3, 250])
        let outcome = await Self.read(Self.body(Self.buffers(bytes, size: size)), workers: workers)
        #expect(outcome.ids == (1...500).filter { $0 != 3 && $0 != 250 })
        #expect(outcome.rejectedLines == [3, 250])
        #expect(outcome.failure == nil)
        #expect(outcome.progress.read == 500 && outcome.progress.rejected == 2 && outcome.progress.bytes == bytes.count)
    }

    @Test func aBodyThatFailsEndsTheStreamAfterItsWholeRecords() async {
        struct Disconnected: Error, CustomStringConvertible { var description: String { "client disconnected" } }
        var bytes = Self.lines(10)
        bytes += Array("{\"id\":11,\"na".utf8)
        let outcome = await Self.read(Self.body(Self.buffers(bytes, size: 5), failingWith: Disconnected()), workers: 2)
        #expect(outcome.ids == Array(1...10))
        #expect(outcome.failure == .ioFailed(reason: "the byte sequence failed: client disconnected"))
    }

    @Test func anArrayBodyDecodesAsCodableValues() async throws {
        let json = Array(#"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":"x","name":"c"}]"#.utf8)
        let rejected = Lines()
        let records = JSONRecordDecoder(workers: 2).records(CodableReading.self, from: Self.body(Self.buffers(json, size: 3)),
                                                           using: JSONCodableDecoder()) { rejected.add($0.line) }
        var values: [CodableReading] = []
        for try await record in records { values.append(record.value) }
        #expect(values == [CodableReading(id: 1, name: "a"), CodableReading(id: 2, name: "b")])
        #expect(records.progress.framing == .array && records.progress.recordsRejected == 1)
    }

    /// A body that is not `Sendable` is read by the iterating task itself.
    @Test func aBodyThatIsNotSendableIsReadToo() async throws {
        let body = NonSendableBody(buffers: Self.buffers(Self.lines(50), size: 9))
        var ids: [Int] = []
        for try await record in JSONRecordDecoder(workers: 2).records(Reading.self, from: body) { ids.append(record.value.id) }
        #expect(ids == Array(1...50))
    }

    /// The body is read only as fast as records are taken: with the consumer stopped after
    /// its first record, an endless body has been read no further than the read-ahead and the
    /// blocks in flight allow.
    @Test func anEndlessBodyIsReadOnlyAsFastAsRecordsAreTaken() async throws {
        let pulled = Lines()
        let line = Array("{\"id\":1,\"name\":\"endless\"}\n".utf8)
        let body = AsyncStream<ByteBuffer>(unfolding: {
            pulled.add(line.count)
            return ByteBuffer(bytes: line)
        })
        let chunkSize = 4096
        var seen = 0
        for try await _ in JSONRecordDecoder(workers: 2, chunkSize: chunkSize).records(Reading.self, from: body) {
            seen += 1
            if seen == 1 || seen == 20_000 {
                // Read ahead (one chunk size), the blocks in flight (four per worker), the
                // block being delivered and the partial record, each a chunk size at most,
                // and one chunk size to spare.
                #expect(pulled.all.reduce(0, +) <= 20_000 * line.count + (1 + 4 * 2 + 1 + 1 + 1) * chunkSize)
            }
            if seen == 20_000 { break }
        }
        #expect(seen == 20_000)
    }
}

/// A body of buffers that is not `Sendable`.
final class NonSendableBody: AsyncSequence {
    typealias Element = ByteBuffer
    var buffers: [ByteBuffer]

    init(buffers: [ByteBuffer]) {
        self.buffers = buffers
    }

    func makeAsyncIterator() -> IndexingIterator<[ByteBuffer]>.AsyncAdapter {
        IndexingIterator<[ByteBuffer]>.AsyncAdapter(base: buffers.makeIterator())
    }
}

extension IndexingIterator {
    struct AsyncAdapter: AsyncIteratorProtocol {
        var base: IndexingIterator<Elements>
        mutating func next() async -> Element? { base.next() }
    }
}

/// Integers noted from any thread.
final class Lines: @unchecked Sendable {
    // Sendable: `items` is read and written only under `lock`.
    private let lock = NSLock()
    private var items: [Int] = []

    func add(_ value: Int) { lock.withLock { items.append(value) } }
    var all: [Int] { lock.withLock { items } }
}
