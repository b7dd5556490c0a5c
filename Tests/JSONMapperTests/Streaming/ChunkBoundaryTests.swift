import Foundation
import Testing
@testable import JSONMapper

/// Chunk boundaries anywhere: a small stream of each framing, with every tricky part (a byte
/// order mark, CRLF, blank lines, escaped quotes and brackets inside strings, nested
/// containers, a record with an error), read in chunks of every size and split in two at every
/// byte, synchronously and asynchronously. The expected records are written out by hand.
@Suite("Streaming: chunk boundaries")
struct ChunkBoundaryTests {
    struct Expected: Equatable {
        var records: [(value: StreamEvent, line: Int, range: Range<Int>)]
        var rejectedLines: [Int]
        var failureOffset: Int?

        static func == (a: Expected, b: Expected) -> Bool {
            a.records.map(\.value) == b.records.map(\.value) && a.records.map(\.line) == b.records.map(\.line)
                && a.records.map(\.range) == b.records.map(\.range) && a.rejectedLines == b.rejectedLines && a.failureOffset == b.failureOffset
        }
    }

    /// Each case: the framing, the text, and what it must give.
    static let cases: [(JSONRecordFraming, String, Expected)] = [
        (.jsonLines,
         "\u{FEFF}{\"id\":1,\"name\":\"a\\\"\\n[{\"}\r\n\r\n  \n{\"id\":2,\"x\":[{},[]]}\n{\"id\":\"bad\"}\r\n{\"id\":4}",
         Expected(records: [(StreamEvent(id: 1, name: "a\"\n[{"), 1, 3..<28), (StreamEvent(id: 2), 4, 35..<55),
                            (StreamEvent(id: 4), 6, 70..<78)],
                  rejectedLines: [5], failureOffset: nil)),
        (.array,
         "\u{FEFF} [ {\"id\":1,\"name\":\"]}\\\\\"}\r\n, {\"id\":\"bad\"},\n{\"id\":3,\"x\":[[\"]\"]]} ,7]",
         Expected(records: [(StreamEvent(id: 1, name: "]}\\"), 1, 6..<28), (StreamEvent(id: 3), 3, 46..<66)],
                  rejectedLines: [2, 3], failureOffset: nil)),
        (.concatenated,
         "{\"id\":1}{\"id\":2,\"name\":\"}{\"}\n\n{\"id\":\"bad\"} {\"id\":4\n}\t\"s\" {\"id\":5,}",
         Expected(records: [(StreamEvent(id: 1), 1, 0..<8), (StreamEvent(id: 2, name: "}{"), 1, 8..<28),
                            (StreamEvent(id: 4), 3, 43..<52)],
                  rejectedLines: [3, 4], failureOffset: 65)),
    ]

    static func summary(_ run: StreamRun<StreamEvent>) -> Expected {
        var failureOffset: Int?
        if case .syntax(_, let location)? = run.failure { failureOffset = location.offset }
        return Expected(records: run.records.map { ($0.value, $0.line, $0.byteRange) }, rejectedLines: run.rejections.map(\.line),
                        failureOffset: failureOffset)
    }

    @Test func theCasesSayWhatTheyMean() {
        // The hand-written ranges hold the records they claim to.
        for (_, text, expected) in Self.cases {
            let bytes = Array(text.utf8)
            for record in expected.records {
                let slice = String(decoding: bytes[record.range], as: UTF8.self)
                #expect(slice.hasPrefix("{\"id\":\(record.value.id)") && slice.hasSuffix("}"), "\(slice)")
            }
        }
    }

    @Test(arguments: [1, 2])
    func everyChunkSize(workers: Int) {
        for (framing, text, expected) in Self.cases {
            let bytes = Array(text.utf8)
            for chunkSize in 1...bytes.count + 1 {
                let decoder = JSONRecordDecoder(framing: framing, workers: workers, chunkSize: chunkSize)
                #expect(Self.summary(decoder.run(StreamEvent.self, .bytes(bytes))) == expected, "\(framing) in chunks of \(chunkSize)")
                let automatic = JSONRecordDecoder(framing: .automatic, workers: workers, chunkSize: chunkSize)
                #expect(automatic.run(StreamEvent.self, .bytes(bytes)).framing == framing, "\(framing) in chunks of \(chunkSize)")
            }
        }
    }

    /// The same cases through a filter, whose bytes a thread reads into the framer's buffers
    /// for the framer to adopt: a record's start moves in front of the next chunk, or (longer
    /// than the room there) the chunk is copied after it.
    @Test(arguments: [1, 2])
    func everyChunkSizeReadOnAThread(workers: Int) async {
        for (framing, text, expected) in Self.cases {
            let source = JSONRecordSource.filtered(.bytes(Array(text.utf8)), through: { $0 })
            for chunkSize in 1...text.utf8.count + 1 {
                let decoder = JSONRecordDecoder(framing: framing, workers: workers, chunkSize: chunkSize)
                #expect(Self.summary(decoder.run(StreamEvent.self, source)) == expected, "\(framing) in chunks of \(chunkSize)")
                var values: [StreamEvent] = []
                do throws(JSONMapperError) {
                    for try await record in decoder.records(StreamEvent.self, from: source).async { values.append(record.value) }
                } catch {}
                #expect(values == expected.records.map(\.value), "\(framing) in chunks of \(chunkSize), asynchronously")
            }
        }
    }

    /// Lines a reading thread found clean are not checked again; a line it did not (a form
    /// feed between tokens, a lone surrogate escape: bytes yajl accepts and JSON forbids) still
    /// is, whichever chunk it falls in.
    @Test(arguments: [1, 2])
    func faultsYajlAcceptsAreFoundInLinesReadOnAThread(workers: Int) throws {
        let text = "{\"id\":1}\n{\"id\":2,\u{0C}\"name\":\"x\"}\n{\"id\":3}\n{\"id\":4,\"name\":\"\\uDC00\"}\n{\"id\":5}\n"
        let source = JSONRecordSource.filtered(.bytes(Array(text.utf8)), through: { $0 })
        for chunkSize in 1...text.utf8.count + 1 {
            let decoder = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: chunkSize)
            let run = decoder.run(StreamEvent.self, source)
            #expect(run.records.map(\.value.id) == [1, 3, 5], "in chunks of \(chunkSize)")
            #expect(run.rejections.map(\.line) == [2, 4], "in chunks of \(chunkSize)")
            // Schema rows, whose planned way checks a record before its C recorder reads it.
            let schema = try JSONSchema(columns: [JSONColumn("id", path: "id", type: .int)])
            var rejectedLines: [Int] = []
            var rows = 0
            for case .success(let run) in decoder.rowRuns(schema, as: .csv, from: source, onRejection: { rejectedLines.append($0.line) }) {
                rows += run.value.rowCount
            }
            #expect(rows == 3 && rejectedLines == [2, 4], "rows in chunks of \(chunkSize)")
        }
    }

    @Test func theFramerAdoptsAChunkWhoseRoomTakesTheRecordBegun() {
        let framer = RecordFramer(framing: .jsonLines, limits: .init(chunkSize: 8, maxRecordBytes: 1 << 20, maxRejectedBytes: 64),
                                  blocksInFlight: 2)
        func chunk(_ text: String, pool: BlockBufferPool) -> PooledChunk {
            let buffer = pool.take()
            let offset = pool.capacity - text.utf8.count
            UnsafeMutableRawBufferPointer(start: buffer + offset, count: text.utf8.count).copyBytes(from: Array(text.utf8))
            return PooledChunk(pool: pool, buffer: buffer, offset: offset, count: text.utf8.count)
        }
        var lines: [String] = []
        func takeBlocks() {
            while case .block(let block)? = framer.nextItem() { lines.append(String(decoding: block.bytes, as: UTF8.self)) }
        }
        // The pool's buffers are 16 bytes: a chunk of 5 leaves room for 11 bytes before it.
        let adopted = chunk("{\"a\"\n", pool: framer.bufferPool)
        framer.adopt(adopted)
        #expect(adopted.bytes.isEmpty, "a chunk of the framer's pool is taken over")
        takeBlocks()
        let begun = chunk("[1,2,3,4,5,6", pool: framer.bufferPool)
        framer.adopt(begun)
        #expect(begun.bytes.isEmpty, "the room before the chunk is empty")
        takeBlocks()
        let pastTheRoom = chunk(",7,8]\n", pool: framer.bufferPool)
        framer.adopt(pastTheRoom)
        #expect(!pastTheRoom.bytes.isEmpty, "12 bytes begun do not fit in 10 bytes of room: the chunk is copied")
        takeBlocks()
        let foreign = chunk("{}\n", pool: BlockBufferPool(capacity: 16, limit: 1))
        framer.adopt(foreign)
        #expect(!foreign.bytes.isEmpty, "a chunk of another pool is copied")
        framer.endInput()
        takeBlocks()
        #expect(lines == ["{\"a\"\n", "[1,2,3,4,5,6,7,8]\n", "{}\n"])
    }

    @Test(arguments: [1, 2])
    func everySplitAsynchronously(workers: Int) async {
        for (framing, text, expected) in Self.cases {
            let bytes = Array(text.utf8)
            for split in 0...bytes.count {
                let decoder = JSONRecordDecoder(framing: framing, workers: workers)
                let run = await decoder.runAsync(StreamEvent.self, chunks: [Array(bytes[..<split]), Array(bytes[split...])])
                #expect(Self.summary(run) == expected, "\(framing) split at \(split)")
            }
            // One byte at a time, from a sequence of bytes.
            let single = AsyncStream<UInt8> { continuation in
                for byte in bytes { continuation.yield(byte) }
                continuation.finish()
            }
            var values: [StreamEvent] = []
            do throws(JSONMapperError) {
                for try await record in JSONRecordDecoder(framing: framing, workers: workers).records(StreamEvent.self, from: single) {
                    values.append(record.value)
                }
            } catch {}
            #expect(values == expected.records.map(\.value), "\(framing) byte by byte")
        }
    }
}
