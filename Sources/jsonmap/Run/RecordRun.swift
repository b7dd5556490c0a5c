import Foundation
import JSONMapper

/// Reads every input's records as rows of a schema and hands each row to the command, and
/// accounts for every record: handed on, or rejected (logged to `--rejects`), until
/// `--max-rejects` stops the run. Shared by `convert` and `validate`.
///
/// An input whose records end before its bytes do (malformed JSON in an array or concatenated
/// input, a read error) is a ``Damage``: the stream has delivered every record before that
/// place, and the run goes on with the next input, so what a damaged input yields never
/// depends on how its bytes arrived.
final class RecordRun {
    struct Settings {
        var framing: JSONRecordFraming
        var columns: JSONRecordColumns
        var workers: Int
        var maxRejects: Int?
    }

    /// What a run did.
    struct Totals {
        /// Records handed on (converted or valid).
        var written = 0
        var rejected = 0
        var bytes = 0
        /// Rows handed on: one per record handed on, or with an explode, one per element.
        var rows = 0
        /// Whether records made rows per element, so that the summary says both counts.
        var isExploding = false
        var read: Int { written + rejected }
    }

    private let schema: JSONSchema
    private let settings: Settings
    private let rejects: RejectsLog?
    private(set) var totals = Totals()
    /// Set when `--max-rejects` was reached: later records are not looked at.
    private(set) var isStopped = false
    /// The inputs that ended before their last byte, in input order.
    private(set) var damages: [Damage] = []
    /// A failure to write the rejects log, raised once the current record is done.
    private var rejectsFailure: CommandFailure?
    let status = RunStatus()

    init(schema: JSONSchema, settings: Settings, rejects: RejectsLog?) {
        self.schema = schema
        self.settings = settings
        self.rejects = rejects
    }

    /// Formats every row of `inputs` for `rows` on the decoding workers (an error the
    /// formatting throws rejects the record) and writes the formatted rows in input order; an
    /// error the writing throws ends the run. Before the next record may have to wait for a
    /// pipe's writer, `rows` hands on what it has, so a pipeline downstream gets what is done.
    ///
    /// Rows are made and dropped on the workers and only the formatted rows come to this
    /// thread: a row freed on another thread than the one that allocated it takes the
    /// allocator's slow, locked path, which the workers' own allocations then wait for.
    func run<Rows: RowOutput>(_ inputs: [InputFile], into rows: Rows) throws {
        var decoder = JSONRecordDecoder(framing: settings.framing, workers: max(settings.workers, 1), columns: settings.columns)
        decoder.maxRejectedBytes = 1024
        totals.isExploding = schema.explode != nil
        let format = rows.format
        for input in inputs where !isStopped {
            let onRejection = { [unowned self] (rejection: JSONRecordRejection) in self.reject(rejection, input: input.name) }
            if let runs = rows as? any RowRunOutput {
                try readRuns(of: input, into: runs, decoder: decoder, onRejection: onRejection)
            } else if totals.isExploding {
                // The rows of a record are formatted on the worker that decoded it, as single rows are.
                let records = decoder.rows(schema, from: input.source, transform: { (rows) throws(JSONMapperError) in
                    var formatted: [Rows.Formatted] = []
                    formatted.reserveCapacity(rows.count)
                    for row in rows { formatted.append(try format(row)) }
                    return formatted
                }, onRejection: onRejection)
                try read(records, of: input, beforeWaiting: rows.flushStream) { (formatted) throws in
                    for row in formatted { try rows.write(row) }
                    status.wrote(rows: formatted.count)
                    return (rows: formatted.count, records: 1)
                }
            } else {
                let records = decoder.records(schema, from: input.source, transform: format, onRejection: onRejection)
                try read(records, of: input, beforeWaiting: rows.flushStream) { (row) throws in
                    try rows.write(row)
                    return (rows: 1, records: 1)
                }
            }
        }
    }

    /// Whole blocks of records put together on the workers, written a run at a time.
    private func readRuns<Output: RowRunOutput>(of input: InputFile, into output: Output, decoder: JSONRecordDecoder,
                                               onRejection: @escaping (JSONRecordRejection) -> Void) throws {
        let runs = decoder.rowRuns(schema, into: output.blockSink, from: input.source, onRejection: onRejection)
        try read(runs, of: input, beforeWaiting: output.flushStream) { (run) throws in
            try output.write(run: run)
            if totals.isExploding { status.wrote(rows: run.rowCount) }
            return (rows: run.rowCount, records: run.records)
        }
    }

    /// Hands every value of `records` to `handle`, which returns the number of rows it
    /// handled and of records it stands for (a run stands for several), until the input
    /// ends, is damaged, or the run stops.
    private func read<Value>(_ records: JSONRecordSequence<Value>, of input: InputFile, beforeWaiting: () throws -> Void,
                             handle: (Value) throws -> (rows: Int, records: Int)) throws {
        status.start(records.progress)
        defer { totals.bytes += records.progress.bytesRead }
        var iterator = records.makeIterator()
        reading: while true {
            if input.wouldWait { try beforeWaiting() }
            guard let result = iterator.next() else { break }
            if let rejectsFailure { throw rejectsFailure }
            if isStopped { break }
            switch result {
            case .success(let record):
                let handled = try handle(record.value)
                totals.rows += handled.rows
                totals.written += handled.records
            case .failure(let error):
                damages.append(Damage(input: input, error: error, bytesRead: records.progress.bytesRead))
                break reading
            }
        }
        if let rejectsFailure { throw rejectsFailure }
    }

    private func reject(_ rejection: JSONRecordRejection, input: String) {
        guard !isStopped else { return }
        totals.rejected += 1
        status.rejected()
        do throws(CommandFailure) {
            try rejects?.write(rejection, input: input)
        } catch {
            rejectsFailure = rejectsFailure ?? error
        }
        if let limit = settings.maxRejects, totals.rejected >= limit { isStopped = true }
    }
}

/// Where an input's records stopped before its end, and how much of it was left.
struct Damage {
    /// The input's name in messages.
    let input: String
    /// Why the records stopped.
    let error: JSONMapperError
    /// The stream offset where reading stopped: the error's byte, or, for a read error, the
    /// end of what was read.
    let offset: Int
    /// The input's bytes from ``offset`` to its end, when they could be counted.
    let unreadBytes: Int?

    init(input: InputFile, error: JSONMapperError, bytesRead: Int) {
        self.input = input.displayName
        self.error = error
        let offset: Int
        switch error {
        case .limitExceeded(let place, _): offset = place
        default: offset = error.location?.offset ?? bytesRead
        }
        self.offset = offset
        isDecompressed = input.filtered?.isCompressed ?? false
        // Bytes read ahead of the stop are unread too: the stream's, or, through the
        // decompressing filter, what the filter took from the input.
        let taken = input.filtered?.bytesTaken ?? bytesRead
        unreadBytes = isDecompressed ? nil : input.remainingByteCount().map { $0 + max(taken - offset, 0) }
    }

    /// Whether the input was compressed: the offset is in its decompressed bytes, and what was
    /// left is not counted (the error of a corrupt stream names its compressed offset).
    let isDecompressed: Bool

    /// `in.json: reading stopped at byte 41400, 18 bytes left unread: syntax error at line 1, …`;
    /// `in.json.gz: reading stopped at byte 41400 of the decompressed stream: …`.
    var message: String {
        if isDecompressed { return "\(input): reading stopped at byte \(offset) of the decompressed stream: \(error)" }
        let unread = unreadBytes.map { "\($0) bytes left unread" } ?? "the rest could not be read"
        return "\(input): reading stopped at byte \(offset), \(unread): \(error)"
    }
}

/// What the progress bar reads while the run goes on, from its own thread: the bytes of the
/// inputs finished and the progress of the current one.
final class RunStatus: Sendable {
    private let counts = LockedBox(Counts())

    private struct Counts {
        var finishedBytes = 0
        var finishedRecords = 0
        var rejected = 0
        /// Rows written, counted only when records make rows per element (otherwise one per record).
        var rows: Int?
        var current: JSONRecordProgress?
    }

    func start(_ progress: JSONRecordProgress) {
        counts.withLockedValue { (counts) in
            if let current = counts.current {
                counts.finishedBytes += current.bytesRead
                counts.finishedRecords += current.recordsRead
            }
            counts.current = progress
        }
    }

    func rejected() {
        counts.withLockedValue { $0.rejected += 1 }
    }

    /// Counts the rows of a record that made rows per element.
    func wrote(rows: Int) {
        counts.withLockedValue { $0.rows = ($0.rows ?? 0) + rows }
    }

    /// Bytes and records read so far, records rejected, and rows written when they are
    /// counted apart from records.
    var snapshot: (bytes: Int, records: Int, rejected: Int, rows: Int?) {
        counts.withLockedValue { (counts) in
            (counts.finishedBytes + (counts.current?.bytesRead ?? 0), counts.finishedRecords + (counts.current?.recordsRead ?? 0),
             counts.rejected, counts.rows)
        }
    }
}
