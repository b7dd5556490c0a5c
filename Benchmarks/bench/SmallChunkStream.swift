import Foundation
import JSONMapper

/// The `stream` operation on an `AsyncStream` of small chunks, one JSON Lines record of about
/// 20 bytes each, as a server receives a body sent in small pieces: 20,000 chunks, produced up
/// front and consumed on a task off the main actor.
///
/// - JSONMapper: the record stream over the chunks with one worker;
/// - JSONMapper-parallel: the same with two workers, where each chunk would be a hand-off to
///   the workers if chunks were not gathered into blocks;
/// - JSONDecoder-per-line: a `for await` loop that decodes each chunk with one reused
///   `JSONDecoder`, the reference of the ratios.
///
/// Each run makes its stream anew (a stream is iterated once); every contender pays the same
/// for it.
enum SmallChunkStream {
    static let file = "small-chunks (AsyncStream, one record per chunk)"
    static let chunkCount = 20_000

    struct Event: JSONMappable, Decodable, Equatable, Sendable {
        var id = 0
        var kind = ""

        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.kind, "kind")
        }
    }

    static let chunks: [[UInt8]] = (0..<chunkCount).map { Array("{\"id\":\($0),\"kind\":\"k\($0 % 10)\"}\n".utf8) }

    static func contenders() -> [Contender] {
        [
            Contender(Library.jsonMapper, .stream, workers: 1) { { blackHole(try decodeRecords(workers: 1)) } },
            Contender(Library.jsonMapperParallel, .stream, workers: 2) { { blackHole(try decodeRecords(workers: 2)) } },
            Contender(Library.jsonDecoderPerLine, .stream) { { blackHole(try decodeEachChunk()) } },
        ]
    }

    static var entry: CorpusEntry {
        CorpusEntry(file: file, contenderIDs: contenders().map(\.id)) {
            let bytes = chunks.reduce(0) { $0 + $1.count }
            return .success(FileSuite(file: file, data: Data(), bytes: bytes, recordNoun: "events", weight: 0.5,
                                      origin: "\(chunkCount) chunks of one ~20-byte JSON Lines record each, from an AsyncStream",
                                      contenders: contenders(), release: {}) { verify() })
        }
    }

    /// A stream of the chunks, every one yielded before iteration starts.
    static func stream() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .unbounded)
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        return stream
    }

    static func decodeRecords(workers: Int, _ each: @escaping @Sendable (Event) -> Void = { blackHole($0) }) throws -> Int {
        try decodeJSONLines(Event.self, from: stream, workers: workers, each)
    }

    /// Decodes the JSON Lines records of the chunks `makeChunks` gives (made on the task, as a
    /// stream is iterated once) as `type` on `workers` workers, off the main actor, handing each
    /// to `each`; returns how many there were.
    static func decodeJSONLines<Value: JSONMappableValue & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: Value.Type, from makeChunks: @escaping @Sendable () -> Chunks, workers: Int,
        _ each: @escaping @Sendable (Value) -> Void
    ) throws -> Int where Chunks.Element: Sequence & Sendable, Chunks.Element.Element == UInt8 {
        try runOffMainActor {
            var count = 0
            for try await record in JSONRecordDecoder(framing: .jsonLines, workers: workers).records(type, from: makeChunks()) {
                each(record.value)
                count += 1
            }
            return count
        }
    }

    static func decodeEachChunk(_ each: @escaping @Sendable (Event) -> Void = { blackHole($0) }) throws -> Int {
        try runOffMainActor {
            let decoder = JSONDecoder()
            var count = 0
            for await chunk in stream() {
                each(try decoder.decode(Event.self, from: Data(chunk)))
                count += 1
            }
            return count
        }
    }

    /// Runs `body` on a task of its own and waits for it on this thread (the bench's runs are
    /// synchronous).
    static func runOffMainActor(_ body: @escaping @Sendable () async throws -> Int) throws -> Int {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task.detached {
            do { outcome.set(.success(try await body())) } catch { outcome.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// A run's result, handed from its task to the waiting thread.
    final class Outcome: @unchecked Sendable {
        // Sendable: `result` is written by the task before it signals, and read after the wait.
        private var result: Result<Int, any Error> = .success(0)
        func set(_ result: Result<Int, any Error>) { self.result = result }
        func get() throws -> Int { try result.get() }
    }

    /// Every contender decodes every chunk, to the same events.
    static func verify() -> VerificationResult {
        var result = VerificationResult()
        do {
            let expected = chunks.indices.map { Event(id: $0, kind: "k\($0 % 10)") }
            for workers in [1, 2] {
                let seen = Collected<Event>()
                let count = try decodeRecords(workers: workers) { seen.append($0) }
                if count != chunkCount || seen.all != expected { result.failures.append("\(file): JSONMapper with \(workers) workers differs") }
            }
            let seen = Collected<Event>()
            if try decodeEachChunk({ seen.append($0) }) != chunkCount || seen.all != expected {
                result.failures.append("\(file): the JSONDecoder loop differs")
            }
            result.records = chunkCount
        } catch {
            result.failures.append("\(file): \(error)")
        }
        return result
    }

    /// Values noted by a run's task, read once it is over.
    final class Collected<Value: Sendable>: @unchecked Sendable {
        // Sendable: `values` is read and written only under `lock`.
        private let lock = NSLock()
        private var values: [Value] = []
        func append(_ value: Value) { lock.withLock { values.append(value) } }
        var all: [Value] { lock.withLock { values } }
    }
}
