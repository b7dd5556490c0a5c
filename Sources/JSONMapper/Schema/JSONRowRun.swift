/// The rows of consecutive records of a stream, put together on the worker that decoded them
/// (by a ``RowBlockSink``): a block's records cost one value, not one per record. A rejected
/// record ends a run (its rejection is delivered between two runs), so the records of a run are
/// consecutive in the stream.
package struct JSONRowRun<Rows: Sendable>: Sendable {
    /// The rows, as the sink keeps them: text laid out for ``JSONRowWriter/write(run:)``, or
    /// typed columns.
    package let rows: Rows
    /// The records the rows were made from.
    package let records: Int
    /// The rows: one per record, or with an explode, one per element.
    package let rowCount: Int

    package init(rows: Rows, records: Int, rowCount: Int) {
        self.rows = rows
        self.records = records
        self.rowCount = rowCount
    }
}
