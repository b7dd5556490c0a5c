import JSONMapper

/// Where a run's rows go. Each row is formatted on the worker that decoded its record
/// (``format``), so the row is made, used and freed on one thread, and the formatted rows are
/// written in input order on the reading thread.
protocol RowOutput {
    /// A row as the output keeps it.
    associatedtype Formatted: Sendable

    /// Formats a row, on a decoding worker; an error rejects the row's record.
    var format: @Sendable (JSONRow) throws(JSONMapperError) -> Formatted { get }

    /// The file the rows go to, committed with a complete run and discarded otherwise
    /// (`nil` when nothing is written).
    var output: OutputFile? { get }

    /// Writes one formatted row, after those of the records before it.
    func write(_ row: Formatted) throws

    /// Hands on what is written so far: called before the run waits for more input.
    func flushStream() throws

    /// Ends the output of a complete run.
    func finish() throws

    /// Makes the output visible under its name, after ``finish()``.
    func commit() throws

    /// Drops the output: nothing is left under its name or a temporary one.
    func discard()

    /// The output's name in messages, when there is an output.
    var outputName: String? { get }
}

extension RowOutput {
    func commit() throws { try output?.commit() }
    func discard() { output?.discard() }
    var outputName: String? { output?.name }
}

/// An output that takes runs of rows the workers put together a block of records at a time,
/// each in a sink of its own (see `JSONRecordDecoder.rowRuns`), instead of one row per record.
protocol RowRunOutput: RowOutput {
    associatedtype Sink: RowBlockSink
    /// Makes each worker's sink.
    var blockSink: @Sendable () -> Sink { get }

    /// Writes one run, after those of the records before it.
    func write(run: JSONRowRun<Sink.Block>) throws
}

/// No rows: `validate` maps every record and keeps nothing of it.
struct NoRows: RowOutput {
    var format: @Sendable (JSONRow) throws(JSONMapperError) -> Void { { _ in } }
    var output: OutputFile? { nil }
    func write(_ row: Void) {}
    func flushStream() {}
    func finish() {}
}
