/// What the driver of a ``RecordStream`` does next.
///
/// Not nested in the generic stream, and without the record or the job as payloads: called from
/// another module, the stream runs unspecialized, and each use of a type made from `Value` (an
/// enum nested in the stream is one) looks up its metadata at run time, once per record.
enum RecordStep {
    /// Take the record with ``RecordStream/takeRecord()``.
    case record
    /// The stream ended early with this error.
    case failure(JSONMapperError)
    case finished
    /// Put more bytes into ``RecordStream/framer`` (or end its input).
    case needsInput
    /// Wait until ``RecordStream/awaitedJob`` is complete, then step again.
    case waits
}

/// The heart of a record stream, shared by the synchronous and the asynchronous sequences: it
/// takes items from the framer, has their blocks decoded (inline, or by workers), and delivers
/// the records in stream order, numbering and counting them and reporting rejections.
///
/// It does no I/O and never waits: ``step()`` tells the driver when the framer needs input and
/// when a worker's block must be waited for, and the driver does that its own way (blocking or
/// suspended).
final class RecordStream<Value> {
    /// How blocks are decoded.
    enum Decoding {
        /// On the driver's thread, one record per step.
        case inline(any RecordDecoding<Value>)
        /// By `count` workers; `inFlight` blocks at most are queued or being decoded at a time.
        case workers(submit: (RecordBlock, ColumnSink.Names?) -> any SubmittedBlock<Value>, count: Int, inFlight: Int)

        /// The threads that decode records.
        var threads: Int {
            switch self {
            case .inline: 1
            case .workers(_, let count, _): count
            }
        }

        /// The most blocks queued or being decoded at a time.
        var blocksInFlight: Int {
            switch self {
            case .inline: 1
            case .workers(_, _, let inFlight): inFlight
            }
        }
    }

    /// Whether array records are decoded through column names (see ``JSONRecordColumns``).
    enum Columns {
        case none
        /// The first record is a header: read it (with these options) before anything else,
        /// then decode through its names or, when `namesColumns` is false, as records are.
        case awaitingHeader(DecodingOptions, namesColumns: Bool)
        case names(ColumnSink.Names)

        init(_ columns: JSONRecordColumns, options: DecodingOptions) {
            switch columns {
            case .none: self = .none
            case .headerRecord: self = .awaitingHeader(options, namesColumns: true)
            case .skippingHeaderRecord: self = .awaitingHeader(options, namesColumns: false)
            case .names(let names): self = .names(ColumnSink.Names(names))
            }
        }

        var names: ColumnSink.Names? {
            if case .names(let names) = self { names } else { nil }
        }
    }

    let framer: RecordFramer
    let progress: JSONRecordProgress
    /// Whether reading never waits for a writer (a regular file, bytes in memory). Then, with
    /// workers, a free slot is filled before the next record is delivered, so that the workers
    /// decode the next blocks while this thread delivers; otherwise the workers run dry
    /// whenever delivering is slower than decoding. (From a pipe, such a read could hold back
    /// records that are ready until the writer writes again, so there the stream reads only
    /// when it has to wait anyway.)
    var readsAhead = false
    private let decoding: Decoding
    private let limits: RecordFramer.Limits
    private let onRejection: (JSONRecordRejection) -> Void
    private var columns: Columns
    /// Items taken from the framer and not yet delivered, in stream order.
    private var pending: [Pending] = []
    /// The engine of inline decoding.
    private let inlineEngine: (any RecordDecoding<Value>)?
    /// The block whose records are being decoded inline, one per step, and the column names
    /// they are decoded through.
    private var inlineCursor: BlockCursor?
    private var inlineColumns: ColumnSink.Names?
    /// A block's outcomes, delivered as copies from `nextDecoded` on; a worker's are retired
    /// to `decodedJob` when all are delivered.
    private var decoded: [RecordOutcome<Value>] = []
    private var nextDecoded = 0
    /// Whether `decoded` is a block's, being delivered (it may hold no outcome: blank lines).
    private var deliversDecoded = false
    private var decodedJob: (any SubmittedBlock<Value>)?
    /// The lines of the block being delivered (inline or decoded), and the line on which the
    /// next item of JSON Lines starts (see ``BlockLines``).
    private var deliveredLines = BlockLines(first: 1)
    private var nextLine = 1
    /// The error that ends the stream after the block being delivered, whose line feeds could
    /// not be counted (``RecordBlock/countLineFeeds()``): no later line has a number.
    private var linesLost: JSONMapperError?
    /// The record ``step()`` found, until ``takeRecord()`` takes it: its value is initialized
    /// while `hasRecord` is true.
    private let recordValue: UnsafeMutablePointer<Value>
    private var hasRecord = false
    private var recordIndex = 0
    private var recordLine = 0
    private var recordRange = 0..<0
    private var recordIssues: [JSONMapperError] = []
    /// The job ``step()`` answered ``RecordStep/waits`` for.
    private(set) var awaitedJob: (any SubmittedBlock<Value>)?
    private var nextIndex = 0
    private var isDone = false
    private var framingReported = false

    private enum Pending {
        /// A block that may hold the header record (one record at most).
        case header(RecordBlock)
        case inline(RecordBlock)
        case job(any SubmittedBlock<Value>)
        case oversized(RecordFramer.Oversized)
        case failure(JSONMapperError)
    }

    init(framer: RecordFramer, decoding: Decoding, limits: RecordFramer.Limits, columns: Columns, progress: JSONRecordProgress,
         onRejection: @escaping (JSONRecordRejection) -> Void) {
        self.framer = framer
        self.decoding = decoding
        self.limits = limits
        self.columns = columns
        self.progress = progress
        self.onRejection = onRejection
        if case .inline(let engine) = decoding { inlineEngine = engine } else { inlineEngine = nil }
        recordValue = .allocate(capacity: 1)
        if case .awaitingHeader = columns { framer.cutsSingleRecords = true }
    }

    deinit {
        if hasRecord { recordValue.deinitialize(count: 1) }
        recordValue.deallocate()
    }

    /// The record the last ``step()`` found (``RecordStep/record``), taken once.
    func takeRecord() -> JSONRecord<Value> {
        precondition(hasRecord, "no record to take")
        hasRecord = false
        return JSONRecord(value: recordValue.move(), index: recordIndex, line: recordLine, byteRange: recordRange, issues: recordIssues)
    }

    /// The next thing to do.
    func step() -> RecordStep {
        if hasRecord {
            recordValue.deinitialize(count: 1)
            hasRecord = false
        }
        awaitedJob = nil
        while !isDone {
            if readsAhead, hasRoomToReadInto() { return .needsInput }
            if inlineCursor != nil, let step = stepInline() { return step }
            if deliversDecoded, let step = stepDecoded() { return step }
            if let linesLost { return end(failure: linesLost) }
            takeItems()
            guard let item = pending.first else {
                if framer.isFinished { return end(failure: nil) }
                return .needsInput
            }
            switch item {
            case .header(let block):
                startDelivering(lineFeeds: block.countLineFeeds())
                if let failure = readHeader(in: block) { return end(failure: failure) }
            case .inline(let block):
                guard let engine = inlineEngine else { preconditionFailure("an inline block with workers") }
                if engine.decodesWholeBlocks {
                    startDelivering(lineFeeds: block.countLineFeeds())
                    decoded = engine.outcomes(of: block, limits: limits, columns: columns.names)
                    nextDecoded = 0
                    decodedJob = nil
                    deliversDecoded = true
                } else {
                    // The cursor counts the line feeds it passes; they are added at its end.
                    startDelivering(lineFeeds: .success(0))
                    inlineCursor = BlockCursor(block)
                    inlineColumns = columns.names
                }
            case .job(let job):
                guard job.isComplete else {
                    // Read ahead while there is room, so that the workers stay busy.
                    if pending.count < room, !framer.isFinished { return .needsInput }
                    awaitedJob = job
                    return .waits
                }
                startDelivering(lineFeeds: job.lineFeeds)
                decoded = job.takeOutcomes()
                nextDecoded = 0
                decodedJob = job
                deliversDecoded = true
            case .oversized(let record):
                // A line read past: one line feed at most.
                startDelivering(lineFeeds: .success(1))
                reject(.recordTooLong(startingAt: record.origin.offset, limit: limits.maxRecordBytes),
                       line: deliveredLines.renumber(record.origin.line), range: record.origin.offset..<record.end, head: record.head)
            case .failure(let error):
                return end(failure: error)
            }
            pending.removeFirst()
        }
        return .finished
    }

    /// Decodes the inline block's next record: a record to deliver, or the end of the stream;
    /// `nil` once the block has no more (rejected records are reported on the way). No
    /// ``RecordOutcome`` is made of each record: the stream's per-record code touches `Value`
    /// alone.
    private func stepInline() -> RecordStep? {
        guard let engine = inlineEngine, let block = inlineCursor?.block else { return nil }
        while let record = inlineCursor?.next() {
            do throws(RecordFailure) {
                var issues: [JSONMapperError] = []
                let value = try engine.decode(record, in: block, limits: limits, columns: inlineColumns, issues: &issues)
                hold(consume value, records: 1, issues: issues, line: record.origin.line, range: record.streamRange)
                return .record
            } catch {
                if let step = settle(error) { return step }
            }
        }
        nextLine += inlineCursor?.lineFeeds ?? 0
        inlineCursor = nil
        return nil
    }

    /// Delivers the decoded block's next outcome: a record to deliver, or the end of the
    /// stream; `nil` once every outcome is delivered (a worker's are then retired to it).
    private func stepDecoded() -> RecordStep? {
        while nextDecoded < decoded.count {
            let index = nextDecoded
            nextDecoded += 1
            // Matched on the element, not on a bound copy, so that the value is copied once
            // (a copy retains every string and array in a model).
            switch decoded[index] {
            case let .decoded(value, issues, line, range):
                hold(value, records: 1, issues: issues, line: line, range: range)
                return .record
            case let .decodedRun(value, records, line, range):
                hold(value, records: records, issues: [], line: line, range: range)
                return .record
            case .failed(let failure):
                if let step = settle(failure) { return step }
            }
        }
        let outcomes = decoded
        decoded = []
        nextDecoded = 0
        deliversDecoded = false
        decodedJob?.retire(consume outcomes)
        decodedJob = nil
        return nil
    }

    /// Reports a rejected record (`nil`: the stream goes on), or ends the stream.
    private func settle(_ failure: RecordFailure) -> RecordStep? {
        switch failure {
        case let .rejected(error, line, range, head):
            reject(deliveredLines.renumber(error), line: deliveredLines.renumber(line), range: range, head: head)
            return nil
        case .ended(let error):
            return end(failure: deliveredLines.renumber(error))
        }
    }

    /// Numbers the lines of the item about to be delivered, which ends `lineFeeds` lines.
    private func startDelivering(lineFeeds: Result<Int, JSONMapperError>) {
        deliveredLines = BlockLines(first: nextLine)
        switch lineFeeds {
        case .success(let count): nextLine += count
        case .failure(let error): linesLost = error
        }
    }

    /// Ends the stream where the consumer stopped it (a cancelled task): nothing more is
    /// decoded or delivered.
    func cancel() {
        guard !isDone else { return }
        _ = end(failure: nil)
    }

    /// Reads the header record from a block cut while it is awaited (taking its column names
    /// when they are used); returns the error that ends the stream when that record is not a
    /// header. The header is not a record: it is neither counted nor numbered.
    private func readHeader(in block: RecordBlock) -> JSONMapperError? {
        guard case .awaitingHeader(let options, let namesColumns) = columns,
              let header = BlockRecords<[String]>.header(in: block, lines: deliveredLines, options: options, limits: limits) else { return nil }
        switch header {
        case .success(let names):
            columns = namesColumns ? .names(ColumnSink.Names(names)) : .none
            framer.cutsSingleRecords = false
            return nil
        case .failure(let error):
            return error
        }
    }

    /// How many items may be pending: one block inline or while the header is awaited, the
    /// blocks in flight with workers.
    private var room: Int {
        if case .awaitingHeader = columns { return 1 }
        return decoding.blocksInFlight
    }

    /// Whether workers could take more blocks than the framer holds, and more input may come.
    private func hasRoomToReadInto() -> Bool {
        guard case .workers = decoding, !framer.hasInputEnded, pending.count < room else { return false }
        takeItems()
        return pending.count < room
    }

    /// Takes items from the framer while there is room for them.
    private func takeItems() {
        let room = room
        while pending.count < room, let item = framer.nextItem() {
            switch item {
            case .block(let block):
                switch (decoding, columns) {
                case (_, .awaitingHeader): pending.append(.header(block))
                case (.inline, _): pending.append(.inline(block))
                case (.workers(let submit, _, _), _): pending.append(.job(submit(block, columns.names)))
                }
            case .oversized(let record):
                guard case .awaitingHeader = columns else {
                    pending.append(.oversized(record))
                    break
                }
                // A first record over the size limit is no header, however the chunks cut it.
                // No item is pending while the header is awaited: this line is the next.
                let tooLong = JSONMapperError.recordTooLong(startingAt: record.origin.offset, limit: limits.maxRecordBytes)
                let line = BlockLines(first: nextLine).renumber(record.origin.line)
                pending.append(.failure(BlockRecords<[String]>.notAHeader(tooLong, line: line)))
            case .failure(let error): pending.append(.failure(error))
            }
        }
        if !framingReported, framer.framing != .automatic {
            framingReported = true
            progress.chose(framer.framing)
        }
    }

    /// Holds the record (or run of `records` records) to deliver, for ``takeRecord()``.
    /// Lines are numbered in the stream here (see ``BlockLines``).
    private func hold(_ value: consuming Value, records: Int, issues: [JSONMapperError], line: Int, range: Range<Int>) {
        recordValue.initialize(to: value)
        hasRecord = true
        let issues = issues.isEmpty ? issues : issues.map(deliveredLines.renumber)
        (recordIndex, recordLine, recordRange, recordIssues) = (nextIndex, deliveredLines.renumber(line), range, issues)
        nextIndex += records
        progress.delivered(records)
    }

    private func reject(_ error: JSONMapperError, line: Int, range: Range<Int>, head: [UInt8]) {
        defer { nextIndex += 1 }
        progress.rejected()
        onRejection(JSONRecordRejection(index: nextIndex, line: line, byteRange: range, error: error, rawBytes: head))
    }

    private func end(failure: JSONMapperError?) -> RecordStep {
        isDone = true
        inlineCursor = nil
        decoded = []
        deliversDecoded = false
        decodedJob = nil
        pending = []
        progress.finish(failure: failure)
        return failure.map { .failure($0) } ?? .finished
    }
}
