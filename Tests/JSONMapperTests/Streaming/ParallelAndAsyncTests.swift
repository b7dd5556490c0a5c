import Foundation
import Testing
@testable import JSONMapper

/// Several workers deliver in stream order; every record read is delivered or rejected; the
/// asynchronous sequences stop when their task is cancelled; abandoning a sequence part-way
/// stops its threads.
@Suite("Streaming: workers and asynchronous sequences")
struct ParallelAndAsyncTests {
    /// Records of very different sizes, every seventh one bad, one blank line in eleven.
    static func mixedStream(count: Int) -> (text: String, good: [StreamEvent], bad: [Int]) {
        var text = ""
        var good: [StreamEvent] = []
        var bad: [Int] = []
        for id in 0..<count {
            if id % 11 == 5 { text += "   \n" }
            if id % 7 == 3 {
                text += "{\"id\":\(id),\"name\":\(id % 2 == 0 ? "[1}" : "\"unterminated")}\n"
                bad.append(id)
                continue
            }
            let name = String(repeating: "n\(id % 10)", count: (id * 37) % 400)
            text += "{\"name\":\"\(name)\",\"pad\":[\(Array(repeating: "1", count: id % 50).joined(separator: ","))],\"id\":\(id)}\n"
            good.append(StreamEvent(id: id, name: name))
        }
        return (text, good, bad)
    }

    /// A model that is not `Sendable` (a class with mutable state): its records cannot cross threads.
    final class LocalEvent: JSONMappable {
        var id = 0
        init() {}
        static let jsonMapping = JSONMapping<LocalEvent> { JSONMap(\.id, "id") }
    }

    @Test func progressSaysHowManyThreadsDecode() throws {
        let bytes = Array((0..<40).map { "{\"id\":\($0)}\n" }.joined().utf8)
        let decoder = JSONRecordDecoder(framing: .jsonLines, workers: 2, chunkSize: 64)
        let sendable = decoder.records(StreamEvent.self, from: .bytes(bytes))
        #expect(sendable.progress.workers == 1, "before the stream starts")
        #expect(sendable.map { (try? $0.get().value.id) ?? -1 } == Array(0..<40))
        #expect(sendable.progress.workers == 2)
        let local = decoder.records(LocalEvent.self, from: .bytes(bytes))
        #expect(local.map { (try? $0.get().value.id) ?? -1 } == Array(0..<40))
        #expect(local.progress.workers == 1, "a value that is not Sendable is decoded on the reading thread")
        let transformed = decoder.records(LocalEvent.self, from: .bytes(bytes), transform: { (event: LocalEvent) throws(JSONMapperError) in event.id })
        #expect(transformed.map { (try? $0.get().value) ?? -1 } == Array(0..<40))
        #expect(transformed.progress.workers == 2, "a transform runs on the workers")
        let single = JSONRecordDecoder(framing: .jsonLines, workers: 1).records(StreamEvent.self, from: .bytes(bytes))
        #expect(single.map { (try? $0.get().value.id) ?? -1 } == Array(0..<40))
        #expect(single.progress.workers == 1)
    }

    @Test(arguments: [2, 3, 4])
    func severalWorkersDeliverInStreamOrder(workers: Int) {
        let (text, good, bad) = Self.mixedStream(count: 700)
        for chunkSize in [97, 4096] {
            let decoder = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: chunkSize)
            let run = decoder.run(StreamEvent.self, .bytes(Array(text.utf8)))
            #expect(run.records.map(\.value) == good)
            #expect(run.rejections.count == bad.count)
            #expect(run.order == Array(0..<700), "indices are dense and in order")
            #expect(run.delivered + run.rejected == 700 && run.delivered == good.count)
            // Each record's line holds its id.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(run.records.allSatisfy { lines[$0.line - 1].hasSuffix("\"id\":\($0.value.id)}") })
        }
    }

    @Test func arraysAreDecodedByWorkersToo() {
        let (text, good, _) = Self.mixedStream(count: 300)
        let body = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) && !$0.contains("[1}") && !$0.contains("unterminated") }
        let array = "[\n" + body.joined(separator: ",\n") + "\n]"
        let run = JSONRecordDecoder(framing: .array, workers: 2, chunkSize: 1000).run(StreamEvent.self, .bytes(Array(array.utf8)))
        #expect(run.records.map(\.value) == good)
        #expect(run.records.map(\.line) == Array(2..<2 + good.count))
    }

    @Test func valuesThatAreNotSendableAreDecodedOnTheReadingThread() {
        let text = (1...50).map { "{\"id\":\($0)}" }.joined(separator: "\n")
        let reader = ThreadIdentity.current
        var ids: [Int] = []
        var threads: [ThreadIdentity?] = []
        for result in JSONRecordDecoder(workers: 4).records(ThreadNotingObject.self, from: .bytes(Array(text.utf8))) {
            if case .success(let record) = result {
                ids.append(record.value.id)
                threads.append(record.value.decodedOn)
            }
        }
        #expect(ids == Array(1...50))
        let onReader = threads.filter { $0 == reader }.count
        #expect(onReader == 50, "every value is decoded on the thread that reads the sequence")
    }

    @Test func abandoningASequencePartWayStopsIt() {
        let text = (1...20_000).map { "{\"id\":\($0)}" }.joined(separator: "\n")
        let records = JSONRecordDecoder(workers: 2, chunkSize: 512).records(StreamEvent.self, from: .bytes(Array(text.utf8)))
        var seen = 0
        for result in records {
            guard case .success = result else { break }
            seen += 1
            if seen == 100 { break }
        }
        #expect(seen == 100)
        #expect(records.progress.recordsDelivered == 100 && !records.progress.isFinished)
    }

    @Test func cancellingTheTaskEndsTheAsyncSequence() async {
        // An endless source: only cancellation ends it.
        let endless = AsyncStream<[UInt8]> { continuation in
            let feeder = Task {
                var id = 0
                while !Task.isCancelled {
                    id += 1
                    continuation.yield(Array("{\"id\":\(id)}\n".utf8))
                    await Task.yield()
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in feeder.cancel() }
        }
        let reached = AsyncStream<Int>.makeStream()
        let consumer = Task {
            var count = 0
            do throws(JSONMapperError) {
                for try await record in JSONRecordDecoder(framing: .jsonLines, workers: 2).records(StreamEvent.self, from: endless) {
                    count += 1
                    #expect(record.value.id == count)
                    if count == 50 { reached.continuation.yield(count) }
                }
            } catch {
                Issue.record("unexpected error \(error)")
            }
            return count
        }
        for await _ in reached.stream { break }
        consumer.cancel()
        let count = await consumer.value
        #expect(count >= 50)
    }

    @Test func synchronousSourcesReadAsynchronously() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let contents = Data("[{\"id\":1},\n{\"id\":\"x\"},\n{\"id\":3}]".utf8)
        try contents.write(to: url)
        let rejections = RejectionLog()
        let sequence = JSONRecordDecoder(chunkSize: 4).records(StreamEvent.self, from: .file(url.path)) { rejections.append($0) }.async
        var ids: [Int] = []
        for try await record in sequence { ids.append(record.value.id) }
        #expect(ids == [1, 3])
        #expect(rejections.items.map(\.line) == [2])
        #expect(sequence.progress.framing == .array && sequence.progress.recordsRead == 3)
        #expect(sequence.progress.bytesRead == contents.count && sequence.progress.isFinished)

        var failure: JSONMapperError?
        do throws(JSONMapperError) {
            for try await _ in JSONRecordDecoder().records(StreamEvent.self, from: .file("/nonexistent")).async {}
        } catch {
            failure = error
        }
        #expect(failure == .ioFailed(reason: "cannot open /nonexistent: No such file or directory"))
    }

    /// A model dropped by the consumer as soon as it is delivered is freed by the worker that
    /// decoded it (with the block's outcomes, retired to it), not on the consumer's thread.
    /// A worker frees what was retired to it at any moment, so the streams are many: a copy of
    /// the outcomes left on the delivering thread shows in a few of them.
    @Test func deliveredValuesAreFreedWhereTheyWereMade() {
        for _ in 0..<100 {
            let log = UUID().uuidString
            let text = (0..<2000).map { "{\"id\":\($0),\"tag\":\"\(log)\"}" }.joined(separator: "\n")
            var delivered = 0
            for result in JSONRecordDecoder(workers: 2, chunkSize: 1024).records(TrackedEvent.self, from: .bytes(Array(text.utf8))) {
                if case .success(let record) = result, record.value.tag?.log == log { delivered += 1 }
            }
            // The loop has released the stream, and with it the workers (joined).
            let frees = ThreadTag.frees(in: log)
            #expect(delivered == 2000)
            #expect(frees.whereMade == 2000)
            #expect(frees.elsewhere == 0)
        }
    }
}

/// A model whose `tag` notes, when freed, whether that happened on the thread that made it.
struct TrackedEvent: JSONMappable, Sendable {
    var id = 0
    var tag: ThreadTag?
    static let jsonMapping = JSONMapping<TrackedEvent> {
        JSONMap(\.id, "id", required: true)
        JSONMap(\.tag, "tag", transform: ThreadTag.Transformer())
    }
}

/// Made from a string naming its log; counts its own freeing there.
final class ThreadTag: Sendable {
    let log: String
    private let madeOn = ObjectIdentifier(Thread.current)

    init(log: String) { self.log = log }

    deinit { Self.counts.note(log, whereMade: madeOn == ObjectIdentifier(Thread.current)) }

    struct Transformer: JSONValueTransformer {
        func value(from json: String) throws -> ThreadTag { ThreadTag(log: json) }
        func json(from tag: ThreadTag) throws -> String { tag.log }
    }

    static func frees(in log: String) -> (whereMade: Int, elsewhere: Int) { counts.frees(in: log) }

    private static let counts = Counts()

    private final class Counts: Sendable {
        private let byLog = LockedBox<[String: (whereMade: Int, elsewhere: Int)]>([:])

        func note(_ log: String, whereMade: Bool) {
            byLog.withLockedValue { (byLog) in
                var count = byLog[log] ?? (0, 0)
                if whereMade { count.whereMade += 1 } else { count.elsewhere += 1 }
                byLog[log] = count
            }
        }

        func frees(in log: String) -> (whereMade: Int, elsewhere: Int) {
            byLog.withLockedValue { $0[log] ?? (0, 0) }
        }
    }
}
