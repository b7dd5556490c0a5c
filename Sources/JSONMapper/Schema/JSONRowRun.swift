/// The rows of consecutive records of a stream, formatted together on the worker that decoded
/// them, for ``JSONRowWriter/write(run:)``: a block's records cost one value, not one per
/// record. A rejected record ends a run (its rejection is delivered between two runs), so
/// the records of a run are consecutive in the stream.
package struct JSONRowRun: Sendable {
    /// The rows' text, as the writer's format lays them out after other rows.
    package let bytes: [UInt8]
    /// The records the rows were made from.
    package let records: Int
    /// The rows: one per record, or with an explode, one per element.
    package let rows: Int

    init(bytes: [UInt8], records: Int, rows: Int) {
        self.bytes = bytes
        self.records = records
        self.rows = rows
    }
}
