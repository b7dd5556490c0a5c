/// What became of one record of a block. The record's index in the stream is given when it is
/// delivered, since a worker does not know how many records the blocks before its own hold.
enum RecordOutcome<Value> {
    /// Decoded, with the problems the `.collect` policy kept.
    case decoded(Value, issues: [JSONMapperError], line: Int, range: Range<Int>)
    /// Consecutive records decoded into one value (see ``JSONRowRun``): `records` of them,
    /// the first on `line`, together spanning `range`.
    case decodedRun(Value, records: Int, line: Int, range: Range<Int>)
    /// Not decoded.
    case failed(RecordFailure)
}

/// What became of a record that was not decoded. Not generic, so that the stream's per-record
/// code, unspecialized for a model of another module, looks up no metadata for it.
enum RecordFailure: Error {
    /// Reported, and the stream goes on.
    case rejected(JSONMapperError, line: Int, range: Range<Int>, head: [UInt8])
    /// Malformed JSON in an array or concatenated stream: the stream ends here.
    case ended(JSONMapperError)
}

extension RecordOutcome: Sendable where Value: Sendable {}

/// Finds the records of a block one by one: the lines of a JSON Lines block that are not
/// blank, the spans of the others.
struct BlockCursor {
    /// One record of the block.
    struct Record {
        /// Where the record starts in the stream: its first byte, its line and the line's start.
        let origin: InputOrigin
        /// The record's bytes, inside the block.
        let bytes: UnsafeRawBufferPointer
        /// Where the record lies in the stream.
        let streamRange: Range<Int>
        /// Whether the bytes passed the raw input check when they were read (see
        /// ``RecordBlock/checked``).
        let rawInputChecked: Bool
    }

    let block: RecordBlock
    /// Where the next line starts (JSON Lines), or the next span's position.
    private var position = 0
    private var line: Int
    /// The line feeds passed so far: at the end of a JSON Lines block, its
    /// ``RecordBlock/countLineFeeds()``.
    private(set) var lineFeeds = 0

    init(_ block: RecordBlock) {
        self.block = block
        line = block.origin.line
    }

    /// The next record, or `nil` at the end of the block.
    mutating func next() -> Record? {
        guard let span = nextSpan() else { return nil }
        let range = span.range
        return Record(origin: span.origin, bytes: UnsafeRawBufferPointer(rebasing: block.bytes[range]),
                      streamRange: block.origin.offset + range.lowerBound..<block.origin.offset + range.upperBound,
                      rawInputChecked: block.checked.contains(range.lowerBound) && range.upperBound <= block.checked.upperBound)
    }

    private mutating func nextSpan() -> RecordSpan? {
        if let spans = block.spans {
            guard position < spans.count else { return nil }
            defer { position += 1 }
            return spans[position]
        }
        return nextLine()
    }

    /// The next line that is not blank, without its line ending.
    private mutating func nextLine() -> RecordSpan? {
        let bytes = block.bytes
        guard let base = bytes.baseAddress else { return nil }
        while position < bytes.count {
            let start = position
            var end = bytes.count
            if let newline = firstOccurrence(of: 0x0A, in: base + start, count: bytes.count - start) {
                end = newline - base
                position = end + 1
                lineFeeds += 1
            } else {
                position = bytes.count
            }
            let lineNumber = line
            line += 1
            if end > start, bytes[end - 1] == 0x0D, end < bytes.count { end -= 1 }
            if isBlank(bytes, start..<end) { continue }
            let offset = block.origin.offset + start
            return RecordSpan(range: start..<end, origin: InputOrigin(offset: offset, line: lineNumber, lineStart: offset))
        }
        return nil
    }

    private func isBlank(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        for index in range where !ValueScanner.isWhitespace(bytes[index]) { return false }
        return true
    }
}

extension RecordFramer.Limits {
    /// Whether `record` is over ``maxRecordBytes``: it is then rejected unread.
    func isTooLong(_ record: BlockCursor.Record) -> Bool { record.bytes.count > maxRecordBytes }

    /// The failure of a record over ``maxRecordBytes`` (see ``isTooLong(_:)``).
    func tooLongFailure(of record: BlockCursor.Record) -> RecordFailure {
        .rejected(.recordTooLong(startingAt: record.origin.offset, limit: maxRecordBytes),
                  line: record.origin.line, range: record.streamRange, head: Array(record.bytes.prefix(oversizedHeadLength)))
    }

    /// The failure of a record that failed with `error`: the end of the stream for malformed
    /// JSON between the records of an array or concatenated stream (its records are not
    /// lines: nothing says where the next one starts), a rejection otherwise.
    func failure(of record: BlockCursor.Record, failingWith error: JSONMapperError, in block: RecordBlock) -> RecordFailure {
        if block.spans != nil, case .syntax = error { return .ended(error) }
        return .rejected(error, line: record.origin.line, range: record.streamRange, head: Array(record.bytes.prefix(maxRejectedBytes)))
    }
}

extension RecordDecoding {
    /// One record of `block` decoded, or what became of it instead: the one place a record's
    /// limit and its decode error are judged, for every way a block is decoded.
    func decode(_ record: BlockCursor.Record, in block: RecordBlock, limits: RecordFramer.Limits, columns: ColumnSink.Names?,
                issues: inout [JSONMapperError]) throws(RecordFailure) -> Value {
        if limits.isTooLong(record) { throw limits.tooLongFailure(of: record) }
        do throws(JSONMapperError) {
            return try decode(record.bytes, at: record.origin, rawInputChecked: record.rawInputChecked, columns: columns, issues: &issues)
        } catch {
            throw limits.failure(of: record, failingWith: error, in: block)
        }
    }
}

/// Reads the records of a block one by one, and decodes each with an engine.
struct BlockRecords<Value> {
    private var cursor: BlockCursor
    private let engine: any RecordDecoding<Value>
    private let limits: RecordFramer.Limits
    /// The column names array records are decoded through, if any.
    private let columns: ColumnSink.Names?
    private var ended = false

    init(_ block: RecordBlock, engine: any RecordDecoding<Value>, limits: RecordFramer.Limits, columns: ColumnSink.Names? = nil) {
        cursor = BlockCursor(block)
        self.engine = engine
        self.limits = limits
        self.columns = columns
    }

    /// The next record's outcome, or `nil` at the end of the block.
    mutating func next() -> RecordOutcome<Value>? {
        guard !ended, let record = cursor.next() else { return nil }
        do throws(RecordFailure) {
            var issues: [JSONMapperError] = []
            let value = try engine.decode(record, in: cursor.block, limits: limits, columns: columns, issues: &issues)
            return .decoded(consume value, issues: issues, line: record.origin.line, range: record.streamRange)
        } catch {
            if case .ended = error { ended = true }
            return .failed(error)
        }
    }

    /// Decodes the whole block (on a worker): every outcome up to the end, or up to the one
    /// that ends the stream.
    mutating func decodeAll() -> [RecordOutcome<Value>] {
        var outcomes: [RecordOutcome<Value>] = []
        while let outcome = next() { outcomes.append(consume outcome) }
        return outcomes
    }
}

extension BlockRecords where Value == [String] {
    /// The column names the block's first record holds (see ``JSONRecordColumns/headerRecord``),
    /// or `nil` when the block holds no record (blank lines). A first record that is not an
    /// array of JSON strings is an error that ends the stream. The header is read strictly,
    /// whatever the options' coercion: a data row of strings and numbers would pass a lenient
    /// reading, and a skipped header would then lose that row. Errors name the lines of the
    /// stream, numbered by `lines`.
    static func header(in block: RecordBlock, lines: BlockLines, options: DecodingOptions,
                       limits: RecordFramer.Limits) -> Result<[String], JSONMapperError>? {
        var strict = options
        strict.coercion = .strict
        var records = BlockRecords(block, engine: RecordEngine(codec: valueCodec(for: [String].self), options: strict), limits: limits)
        switch records.next() {
        case nil:
            return nil
        case .decoded(let names, _, _, _), .decodedRun(let names, _, _, _):
            return .success(names)
        case .failed(.rejected(let error, let line, _, _)):
            return .failure(notAHeader(lines.renumber(error), line: lines.renumber(line)))
        case .failed(.ended(let error)):
            return .failure(lines.renumber(error))
        }
    }

    /// The error that ends a stream whose first record, on `line`, is no header: `error` says why.
    static func notAHeader(_ error: JSONMapperError, line: Int) -> JSONMapperError {
        .invalidValue(path: "", reason: "the header record on line \(line) is not an array of column names: \(error)",
                      location: error.location)
    }
}

extension JSONMapperError {
    /// A record longer than the stream's `maxRecordBytes`.
    static func recordTooLong(startingAt offset: Int, limit: Int) -> JSONMapperError {
        .limitExceeded(offset: offset + limit, message: "the record is longer than the limit of \(limit) bytes")
    }
}
