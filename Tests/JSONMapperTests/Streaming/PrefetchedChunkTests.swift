import Foundation
import Testing
@testable import JSONMapper

/// Chunks of a `Sendable` asynchronous sequence, read ahead by a task of their own and taken in
/// batches: the queue between the two sides, then whole streams of small chunks.
@Suite struct PrefetchedChunkTests {
    static func line(_ id: Int) -> [UInt8] { Array("{\"id\":\(id)}\n".utf8) }

    @Test func oneTakeHandsOnEveryQueuedChunkThenTheEnd() async {
        let queue = ChunkQueue<[UInt8]>(readAhead: 1 << 20)
        for id in 1...100 { #expect(await queue.push(Self.line(id))) }
        queue.end(.finished)
        let batch = await queue.take()
        #expect(batch.chunks == (1...100).map(Self.line))
        #expect(batch.end == .finished)
        let after = await queue.take()
        #expect(after.chunks.isEmpty && after.end == nil)
    }

    @Test func theEndComesAfterTheChunksBeforeIt() async {
        let queue = ChunkQueue<[UInt8]>(readAhead: 1 << 20)
        _ = await queue.push(Self.line(1))
        queue.end(.failed(reason: "reset"))
        let batch = await queue.take()
        #expect(batch.chunks == [Self.line(1)] && batch.end == .failed(reason: "reset"))
    }

    /// The reading side waits once `readAhead` bytes are queued, and goes on when they are taken.
    @Test func aFullQueueHoldsTheReaderUntilATake() async {
        let queue = ChunkQueue<[UInt8]>(readAhead: 10)
        let pushed = LockedBox(0)
        let reader = Task {
            for id in 1...5 {
                guard await queue.push(Array(repeating: UInt8(id), count: 10)) else { return }
                pushed.withLockedValue { $0 += 1 }
            }
            queue.end(.finished)
        }
        var taken: [[UInt8]] = []
        while true {
            let batch = await queue.take()
            // Each push fills the queue: a batch never holds more than one chunk.
            #expect(batch.chunks.count <= 1)
            taken += batch.chunks
            if batch.end != nil { break }
        }
        await reader.value
        #expect(taken.count == 5 && pushed.withLockedValue { $0 } == 5)
    }

    @Test func closingStopsTheReaderAndWakesTheTaker() async {
        let queue = ChunkQueue<[UInt8]>(readAhead: 1)
        let taker = Task { await queue.take() }
        let reader = Task { await queue.push([1, 2]) ? await queue.push([3]) : false }
        queue.close()
        _ = await taker.value
        #expect(await reader.value == false)
        #expect(await queue.push([4]) == false)
    }

    @Test func aCancelledTakerReturnsAnEmptyBatch() async {
        let queue = ChunkQueue<[UInt8]>(readAhead: 1)
        let taker = Task { await queue.take() }
        taker.cancel()
        let batch = await taker.value
        #expect(batch.chunks.isEmpty && batch.end == nil)
    }

    /// One small record per chunk, produced up front, with several workers: every record comes,
    /// in order, with the stream's accounting.
    @Test(arguments: [1, 2, 3])
    func oneRecordPerChunkWithWorkers(workers: Int) async throws {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        for id in 1...5000 { continuation.yield(id % 1000 == 0 ? Array("{\"id\":\"x\"}\n".utf8) : Self.line(id)) }
        continuation.finish()
        let rejections = RejectionLog()
        let records = JSONRecordDecoder(workers: workers, chunkSize: 4096).records(StreamEvent.self, from: stream) { rejections.append($0) }
        var ids: [Int] = []
        for try await record in records { ids.append(record.value.id) }
        #expect(ids == (1...5000).filter { $0 % 1000 != 0 })
        #expect(rejections.items.map(\.line) == [1000, 2000, 3000, 4000, 5000])
        #expect(records.progress.recordsRead == 5000 && records.progress.recordsRejected == 5)
        #expect(records.progress.isFinished)
    }

    /// Chunks that split records anywhere, and a source that fails part-way: the records
    /// before the failure, then the failure.
    @Test func aFailingSourceEndsTheStreamAfterItsRecords() async {
        struct Reset: Error, CustomStringConvertible { var description: String { "reset" } }
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let text = (1...20).flatMap(Self.line)
        for start in stride(from: 0, to: text.count, by: 3) { continuation.yield(Array(text[start..<min(start + 3, text.count)])) }
        continuation.yield(Array("{\"id\":21".utf8))
        continuation.finish(throwing: Reset())
        var ids: [Int] = []
        var failure: JSONMapperError?
        let records = JSONRecordDecoder(framing: .jsonLines, workers: 2).records(StreamEvent.self, from: stream)
        do throws(JSONMapperError) {
            for try await record in records { ids.append(record.value.id) }
        } catch {
            failure = error
        }
        #expect(ids == Array(1...20))
        #expect(failure == .ioFailed(reason: "the byte sequence failed: reset"))
    }

    /// Breaking out of the loop over an endless producer ends the producer.
    @Test func breakingOutEndsAnEndlessProducer() async {
        let terminated = AsyncStream<Void>.makeStream()
        let endless = AsyncStream<[UInt8]> { continuation in
            let feeder = Task {
                var id = 0
                while !Task.isCancelled {
                    id += 1
                    continuation.yield(Self.line(id))
                    await Task.yield()
                }
            }
            continuation.onTermination = { _ in
                feeder.cancel()
                terminated.continuation.finish()
            }
        }
        var count = 0
        do throws(JSONMapperError) {
            for try await record in JSONRecordDecoder(framing: .jsonLines, workers: 2).records(StreamEvent.self, from: endless) {
                count += 1
                #expect(record.value.id == count)
                if count == 200 { break }
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(count == 200)
        #expect(await Self.ends(terminated.stream, within: .seconds(30)), "the producer was still running after the loop ended")
    }

    /// Closed while its reading task waits for room (one chunk fills the queue), the input
    /// still ends the source's producer: a caller that holds the sequence keeps the iterator's
    /// state alive, so only a cancelled `next()` tells an `AsyncStream` to terminate.
    @Test func closingAFullInputEndsTheProducer() async {
        let terminated = AsyncStream<Void>.makeStream()
        let endless = AsyncStream<[UInt8]> { continuation in
            let feeder = Task {
                while !Task.isCancelled {
                    continuation.yield(Self.line(1))
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            continuation.onTermination = { _ in
                feeder.cancel()
                terminated.continuation.finish()
            }
        }
        let input = PrefetchedChunkInput(endless, readAhead: 1)
        let framer = RecordFramer(framing: .jsonLines, limits: .init(chunkSize: 64, maxRecordBytes: 1 << 20, maxRejectedBytes: 64),
                                  blocksInFlight: 1)
        #expect(await input.read(into: framer, isolation: nil) > 0)
        // The reader pushes the next chunk, which fills the queue, and waits for room.
        try? await Task.sleep(for: .milliseconds(200))
        input.close()
        #expect(await Self.ends(terminated.stream, within: .seconds(30)), "the producer was still running after the input closed")
        withExtendedLifetime(endless) {}
    }

    /// Whether `stream` ends before `limit` has passed (a guard against a hang, not a timing).
    static func ends(_ stream: AsyncStream<Void>, within limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream {}
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
