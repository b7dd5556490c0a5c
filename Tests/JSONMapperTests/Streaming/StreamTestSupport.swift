import Foundation
import Testing
@testable import JSONMapper

/// What a whole stream gave: records, rejections (in the order reported), the error that
/// ended it, and the final progress.
struct StreamRun<Value> {
    var records: [JSONRecord<Value>] = []
    var rejections: [JSONRecordRejection] = []
    var failure: JSONMapperError?
    var framing: JSONRecordFraming?
    var delivered = 0
    var rejected = 0

    /// Indices of records and rejections together, in the order they came.
    var order: [Int] = []
}

/// A model for record streams: `id` is required, `name` optional.
struct StreamEvent: JSONMappable, Equatable, Sendable {
    var id = 0
    var name = ""
    static let jsonMapping = JSONMapping<StreamEvent> {
        JSONMap(\.id, "id", required: true)
        JSONMap(\.name, "name")
    }
}

/// The same model, as a class: not Sendable, so decoded on the reading thread.
final class StreamEventObject: JSONMappable {
    var id = 0
    required init() {}
    static let jsonMapping = JSONMapping<StreamEventObject> { JSONMap(\.id, "id", required: true) }
}

extension JSONRecordDecoder {
    /// Reads every record of `source` synchronously.
    func run<Value: JSONMappableValue & Sendable>(_ type: Value.Type, _ source: JSONRecordSource) -> StreamRun<Value> {
        var run = StreamRun<Value>()
        let rejections = RejectionLog()
        let sequence = records(type, from: source) { rejections.append($0) }
        for result in sequence {
            if run.failure != nil { Issue.record("an element after the stream's failure") }
            switch result {
            case .success(let record):
                run.records.append(record)
                run.order.append(record.index)
            case .failure(let error):
                run.failure = error
            }
        }
        run.rejections = rejections.items
        run.order = (run.order + rejections.items.map(\.index)).sorted()
        run.framing = sequence.progress.framing
        run.delivered = sequence.progress.recordsDelivered
        run.rejected = sequence.progress.recordsRejected
        return run
    }
}

/// Collects rejections from the callback.
/// The thread a piece of code ran on, to compare with another's (`pthread_equal`: a thread's
/// handle may be reused once it ends, never while it runs).
struct ThreadIdentity: Equatable, @unchecked Sendable {
    private let thread: pthread_t

    static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    static func == (a: ThreadIdentity, b: ThreadIdentity) -> Bool { pthread_equal(a.thread, b.thread) != 0 }
}

/// A non-`Sendable` model that notes the thread its decode finished on (its did-map hook).
final class ThreadNotingObject: JSONMappable, JSONDidMapHook {
    var id = 0
    var decodedOn: ThreadIdentity?
    required init() {}
    static let jsonMapping = JSONMapping<ThreadNotingObject> { JSONMap(\.id, "id", required: true) }
    func didMap(from object: JSONValue) { decodedOn = .current }
}

final class RejectionLog: Sendable {
    private let list = LockedBox<[JSONRecordRejection]>([])
    func append(_ rejection: JSONRecordRejection) { list.withLockedValue { $0.append(rejection) } }
    var items: [JSONRecordRejection] { list.withLockedValue { $0 } }
}

/// Positions computed from the text itself, independently of the library: the offset of the
/// first occurrence of `marker` (a byte offset), its 1-based line and column.
func position(of marker: String, in text: String, after start: Int = 0) -> (offset: Int, line: Int, column: Int) {
    let bytes = Array(text.utf8)
    let needle = Array(marker.utf8)
    var offset = start
    while !bytes[offset..<offset + needle.count].elementsEqual(needle) { offset += 1 }
    let before = bytes[..<offset]
    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    return (offset, line, offset - lineStart + 1)
}

extension JSONRecordDecoder {
    /// Reads every record of `chunks`, delivered one by one by an asynchronous sequence.
    func runAsync<Value: JSONMappableValue & Sendable>(_ type: Value.Type, chunks: [[UInt8]]) async -> StreamRun<Value> {
        let stream = AsyncStream<[UInt8]> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        let rejections = RejectionLog()
        let sequence = records(type, from: stream) { rejections.append($0) }
        var run = StreamRun<Value>()
        do throws(JSONMapperError) {
            for try await record in sequence {
                run.records.append(record)
            }
        } catch {
            run.failure = error
        }
        run.rejections = rejections.items
        run.order = (run.records.map(\.index) + rejections.items.map(\.index)).sorted()
        run.framing = sequence.progress.framing
        run.delivered = sequence.progress.recordsDelivered
        run.rejected = sequence.progress.recordsRejected
        return run
    }
}

extension Sequence {
    /// The delivered values in stream order; throws the error that ended the stream, so a test
    /// that reads a stream this way fails on one (`compactMap { try? … }` would drop it).
    func deliveredValues<Value>() throws(JSONMapperError) -> [Value] where Element == Result<JSONRecord<Value>, JSONMapperError> {
        var values: [Value] = []
        for result in self { values.append(try result.get().value) }
        return values
    }
}
