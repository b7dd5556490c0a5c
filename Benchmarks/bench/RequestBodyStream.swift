import Foundation
import JSONMapper
import JSONMapperNIO
import NIOCore

/// The `stream` operation on a request body: 100,000 JSON Lines events (about 7 MB) in 16 KiB
/// pieces, from an `AsyncStream`, as a server receives them.
///
/// - JSONMapper: the record stream over the pieces as `[UInt8]` chunks, one worker;
/// - JSONMapper-ByteBuffer: the same bytes as NIO `ByteBuffer`s through `JSONMapperNIO`, one
///   worker: with probes, its allocations per record beside the row above show what a buffer
///   costs against an array (nothing more is the aim);
/// - JSONDecoder-per-line: what a server does without a record stream, the reference of the
///   ratios: the body collected, then each line decoded with one reused `JSONDecoder`.
///
/// The pieces are made once; each run yields them into a new stream (a stream is iterated
/// once), which costs every contender the same.
enum RequestBodyStream {
    static let file = "request-body (AsyncStream of 16 KiB pieces)"
    static let eventCount = 100_000
    static let pieceSize = 16 * 1024

    struct Event: JSONMappable, Decodable, Equatable, Sendable {
        var id = 0
        var kind = ""
        var user = ""
        var ts = 0
        var value = 0.0

        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.kind, "kind")
            JSONMap(\.user, "user")
            JSONMap(\.ts, "ts")
            JSONMap(\.value, "value")
        }
    }

    static let body: [UInt8] = (0..<eventCount).flatMap { id in
        Array("{\"id\":\(id),\"kind\":\"k\(id % 3)\",\"user\":\"user-\(id % 97)\",\"ts\":\(1_700_000_000 + id),\"value\":\(Double(id) * 0.25)}\n".utf8)
    }
    static let arrayPieces: [[UInt8]] = stride(from: 0, to: body.count, by: pieceSize).map { Array(body[$0..<min($0 + pieceSize, body.count)]) }
    static let bufferPieces: [ByteBuffer] = arrayPieces.map { ByteBuffer(bytes: $0) }

    static func contenders() -> [Contender] {
        [
            // The pieces are made in `prepare`, so that no run (nor its peak memory) counts them.
            Contender(Library.jsonMapper, .stream, workers: 1) {
                blackHole(arrayPieces.count)
                return { blackHole(try decodeArrays()) }
            },
            Contender(Library.jsonMapperByteBuffer, .stream, workers: 1) {
                blackHole(bufferPieces.count)
                return { blackHole(try decodeBuffers()) }
            },
            Contender(Library.jsonDecoderPerLine, .stream) {
                blackHole(arrayPieces.count)
                return { blackHole(try collectThenDecodeLines()) }
            },
        ]
    }

    static var entry: CorpusEntry {
        CorpusEntry(file: file, contenderIDs: contenders().map(\.id)) {
            .success(FileSuite(file: file, data: Data(), bytes: body.count, recordNoun: "events", weight: 0.5,
                               origin: "\(eventCount) JSON Lines events in \(pieceSize)-byte pieces from an AsyncStream",
                               contenders: contenders(), release: {}) { verify() })
        }
    }

    static func stream<Piece: Sendable>(_ pieces: [Piece]) -> AsyncStream<Piece> {
        let (stream, continuation) = AsyncStream<Piece>.makeStream(bufferingPolicy: .unbounded)
        for piece in pieces { continuation.yield(piece) }
        continuation.finish()
        return stream
    }

    static func decodeArrays(_ each: @escaping @Sendable (Event) -> Void = { blackHole($0) }) throws -> Int {
        try SmallChunkStream.decodeJSONLines(Event.self, from: { stream(arrayPieces) }, workers: 1, each)
    }

    static func decodeBuffers(_ each: @escaping @Sendable (Event) -> Void = { blackHole($0) }) throws -> Int {
        try SmallChunkStream.runOffMainActor {
            var count = 0
            for try await record in JSONRecordDecoder(framing: .jsonLines, workers: 1).records(Event.self, from: stream(bufferPieces)) {
                each(record.value)
                count += 1
            }
            return count
        }
    }

    static func collectThenDecodeLines(_ each: @escaping @Sendable (Event) -> Void = { blackHole($0) }) throws -> Int {
        try SmallChunkStream.runOffMainActor {
            var collected: [UInt8] = []
            for await piece in stream(arrayPieces) { collected += piece }
            let decoder = JSONDecoder()
            var count = 0
            var start = 0
            while let newline = collected[start...].firstIndex(of: 0x0A) {
                if newline > start {
                    each(try decoder.decode(Event.self, from: Data(collected[start..<newline])))
                    count += 1
                }
                start = newline + 1
            }
            return count
        }
    }

    /// Every contender decodes every event, to the same values.
    static func verify() -> VerificationResult {
        var result = VerificationResult()
        do {
            let runs: [(String, (@escaping @Sendable (Event) -> Void) throws -> Int)] = [
                ("JSONMapper", decodeArrays), ("JSONMapper-ByteBuffer", decodeBuffers), ("JSONDecoder-per-line", collectThenDecodeLines),
            ]
            var reference: [Event]?
            for (name, run) in runs {
                let seen = SmallChunkStream.Collected<Event>()
                let count = try run { seen.append($0) }
                if count != eventCount { result.failures.append("\(file): \(name) read \(count) events of \(eventCount)") }
                if let reference, reference != seen.all { result.failures.append("\(file): \(name) differs from JSONMapper") }
                reference = reference ?? seen.all
            }
            result.records = eventCount
        } catch {
            result.failures.append("\(file): \(error)")
        }
        return result
    }
}
