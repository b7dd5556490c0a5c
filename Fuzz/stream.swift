import Dispatch
import Foundation
import JSONMapper

// libFuzzer target: record streams. The input's first four bytes choose how the rest is read
// (see `StreamSettings`): the framing, the chunk size, one worker or two, read synchronously
// or as asynchronous chunks cut at boundaries the input chooses, the columns, the record and
// rejection limits, the invalid-value policy, and what records decode into (a model, a
// `JSONValue`, rows of a schema). Each input is read twice, once as chosen and once whole by
// one worker, and every run must
// - end (libFuzzer's timeout catches a hang);
// - account for every record it framed: records delivered and rejected carry the indices
//   0, 1, 2… in order, none missing or repeated, and the progress counts them;
// - name positions inside the input: each record's bytes lie in it, its line is the number of
//   line feeds before it plus one, a rejection's raw bytes are the start of its record's, and
//   an error's byte offset is at most the input's length;
// - give what the whole read gives: chunk boundaries, chunk sizes and workers change nothing.
// A broken rule traps, so libFuzzer reports and keeps the input.

/// How one input is read, from its first four bytes.
struct StreamSettings {
    var framing: JSONRecordFraming
    var workers: Int
    /// 0: `FuzzLeaf`, 1: `JSONValue`, 2: rows of `streamSchema`.
    var kind: Int
    var columns: JSONRecordColumns
    /// Read as an asynchronous sequence of chunks (models and values) or through a reading
    /// thread (rows), instead of synchronously.
    var isAsynchronous: Bool
    var chunkSize: Int
    var maxRecordBytes: Int
    var maxRejectedBytes: Int
    var policy: DecodingOptions.InvalidValuePolicy
    /// Where an asynchronous read's chunks end, as sizes cycled through.
    var chunkSizes: [Int]

    init(_ b: [UInt8]) {
        framing = [.jsonLines, .array, .concatenated, .automatic][Int(b[0] & 3)]
        workers = 1 + Int(b[0] >> 2 & 1)
        kind = Int(b[0] >> 3 & 3) % 3
        columns = [.none, .none, .headerRecord, .names(["id", "name", "score"])][Int(b[0] >> 5 & 3)]
        isAsynchronous = b[0] >> 7 == 1
        chunkSize = b[1] == 255 ? 256 * 1024 : 1 + Int(b[1])
        maxRecordBytes = b[2] < 128 ? 16 * 1024 * 1024 : 8 * Int(b[2] - 127)
        maxRejectedBytes = Int(b[3] & 63)
        policy = [.throw, .throw, .skip, .collect][Int(b[3] >> 6)]
        chunkSizes = [1 + Int(b[1] % 7), 1 + Int(b[2]), 1 + Int(b[3] % 13), 1 + Int(b[1])]
    }

    /// The decoder as chosen, or, for the reference read, whole by one worker.
    func decoder(reference: Bool) -> JSONRecordDecoder {
        JSONRecordDecoder(options: DecodingOptions(invalidValuePolicy: policy), framing: framing,
                          workers: reference ? 1 : workers, chunkSize: reference ? 1 << 20 : chunkSize,
                          maxRecordBytes: maxRecordBytes, maxRejectedBytes: maxRejectedBytes, columns: columns)
    }
}

/// The rows the schema kind decodes: key paths, an index path, fallbacks, a default, a count.
let streamSchema = try! JSONSchema(columns: [
    JSONColumn("id", path: "id", type: .int, required: true),
    JSONColumn("name", paths: ["name", "meta.name"], default: "none"),
    JSONColumn("score", path: "score", type: .double),
    JSONColumn("first", path: "items[0].id", type: .decimal),
    JSONColumn("items", path: "items", type: .count),
    JSONColumn("raw", path: "meta", type: .json),
])

/// What one read gave, in stream order.
enum StreamOutcome<Value: Equatable>: Equatable {
    case delivered(JSONRecord<Value>)
    case rejected(JSONRecordRejection)
    case ended(JSONMapperError)
}

/// Outcomes as they come: records from the iteration and rejections from the callback, which
/// the stream calls on the iterating thread, in order.
// Sendable: the stream calls `reject` on the iterating thread, the only thread that uses the log.
final class OutcomeLog<Value: Equatable>: @unchecked Sendable {
    var outcomes: [StreamOutcome<Value>] = []
    func reject(_ rejection: JSONRecordRejection) { outcomes.append(.rejected(rejection)) }
}

/// A read of `input` into values of a model type (or `JSONValue`): synchronous, or from
/// asynchronous chunks.
func readValues<Value: JSONMappableValue & Equatable & Sendable>(_ type: Value.Type, _ input: [UInt8], _ settings: StreamSettings,
                                                                 reference: Bool) -> [StreamOutcome<Value>] {
    let decoder = settings.decoder(reference: reference)
    let log = OutcomeLog<Value>()
    let progress = settings.isAsynchronous && !reference
        ? drain(decoder.records(type, from: chunks(of: input, sizes: settings.chunkSizes), onRejection: log.reject), into: log)
        : drain(decoder.records(type, from: .bytes(input), onRejection: log.reject), into: log)
    checkAccounting(log.outcomes, progress)
    return log.outcomes
}

/// A read of `input` into rows of `streamSchema`: synchronous, or through a reading thread.
func readRows(_ input: [UInt8], _ settings: StreamSettings, reference: Bool) -> [StreamOutcome<JSONRow>] {
    let log = OutcomeLog<JSONRow>()
    let records = settings.decoder(reference: reference).records(streamSchema, from: .bytes(input), onRejection: log.reject)
    let progress = settings.isAsynchronous && !reference ? drain(records.async, into: log) : drain(records, into: log)
    checkAccounting(log.outcomes, progress)
    return log.outcomes
}

/// Iterates a sequence to its end into `log`; returns its progress.
func drain<Value>(_ records: JSONRecordSequence<Value>, into log: OutcomeLog<Value>) -> JSONRecordProgress {
    for result in records {
        switch result {
        case .success(let record): log.outcomes.append(.delivered(record))
        case .failure(let error): log.outcomes.append(.ended(error))
        }
    }
    return records.progress
}

/// `input` as an asynchronous sequence of chunks whose sizes cycle through `sizes`.
func chunks(of input: [UInt8], sizes: [Int]) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        var start = 0
        var turn = 0
        while start < input.count {
            let end = min(input.count, start + sizes[turn % sizes.count])
            continuation.yield(Array(input[start..<end]))
            start = end
            turn += 1
        }
        continuation.finish()
    }
}

/// Iterates an asynchronous sequence to its end into `log`, on a task waited for here;
/// returns its progress.
func drain<Value>(_ records: JSONRecordAsyncSequence<Value>, into log: OutcomeLog<Value>) -> JSONRecordProgress {
    let done = DispatchSemaphore(value: 0)
    let box = UncheckedBox((records, log))
    Task {
        let (records, log) = box.value
        do throws(JSONMapperError) {
            var iterator = records.makeAsyncIterator()
            while let record = try await iterator.next() { log.outcomes.append(.delivered(record)) }
        } catch {
            log.outcomes.append(.ended(error))
        }
        done.signal()
    }
    done.wait()
    return records.progress
}

/// Hands a value to the task that iterates it; only that task uses it until it signals.
// Sendable: one task at a time uses the value (see above).
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Records delivered and rejected carry 0, 1, 2… in order; the progress counts them; a stream
/// error comes last.
func checkAccounting<Value>(_ outcomes: [StreamOutcome<Value>], _ progress: JSONRecordProgress) {
    var next = 0
    var delivered = 0
    for (position, outcome) in outcomes.enumerated() {
        switch outcome {
        case .delivered(let record):
            require(record.index == next, "record \(record.index) delivered where \(next) was due")
            delivered += 1
        case .rejected(let rejection):
            require(rejection.index == next, "record \(rejection.index) rejected where \(next) was due")
        case .ended:
            require(position == outcomes.count - 1, "the stream went on after its error")
            continue
        }
        next += 1
    }
    require(progress.isFinished, "the stream ended without finishing its progress")
    require(progress.recordsDelivered == delivered && progress.recordsRead == next,
                 "progress counts \(progress.recordsDelivered) delivered of \(progress.recordsRead); the stream gave \(delivered) of \(next)")
}

/// Every position lies inside `input`, on the line it names.
func checkPositions<Value>(_ outcomes: [StreamOutcome<Value>], in input: [UInt8]) {
    func checkRecord(_ range: Range<Int>, line: Int) {
        require(range.lowerBound >= 0 && range.upperBound <= input.count, "record bytes \(range) outside 0..<\(input.count)")
        let lineFeeds = input[..<range.lowerBound].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        require(line == lineFeeds + 1, "a record at byte \(range.lowerBound) on line \(line), after \(lineFeeds) line feeds")
    }
    func checkError(_ error: JSONMapperError) {
        let offset: Int? = switch error {
        case let .syntax(_, location): location.offset
        case let .limitExceeded(offset, _): offset
        case let .typeMismatch(_, _, _, location?), let .keyNotFound(_, location?), let .invalidValue(_, _, location?),
             let .depthLimitExceeded(_, location?): location.offset
        default: nil
        }
        if let offset { require(offset >= 0 && offset <= input.count, "\(error) names a byte outside 0...\(input.count)") }
    }
    for outcome in outcomes {
        switch outcome {
        case .delivered(let record):
            checkRecord(record.byteRange, line: record.line)
            record.issues.forEach(checkError)
        case .rejected(let rejection):
            checkRecord(rejection.byteRange, line: rejection.line)
            checkError(rejection.error)
            require(input[rejection.byteRange].starts(with: rejection.rawBytes), "a rejection's raw bytes are not its record's")
        case .ended(let error):
            checkError(error)
        }
    }
}

/// Reads `input` as chosen and whole, and checks both reads.
func fuzzStream<Value>(_ input: [UInt8], _ settings: StreamSettings, read: (Bool) -> [StreamOutcome<Value>]) {
    let outcomes = read(false)
    checkPositions(outcomes, in: input)
    let whole = read(true)
    require(outcomes == whole, "read in chunks of \(settings.chunkSize) by \(settings.workers) workers: \(outcomes)\nread whole: \(whole)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreams(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4 else { return 0 }
    let settings = StreamSettings(Array(UnsafeBufferPointer(start: data, count: 4)))
    let input = Array(UnsafeBufferPointer(start: data + 4, count: size - 4))
    switch settings.kind {
    case 0: fuzzStream(input, settings) { readValues(FuzzLeaf.self, input, settings, reference: $0) }
    case 1: fuzzStream(input, settings) { readValues(JSONValue.self, input, settings, reference: $0) }
    default: fuzzStream(input, settings) { readRows(input, settings, reference: $0) }
    }
    return 0
}
