import JSONMapper

/// A record stream worker's Parquet rows of a block of records (a ``RowBlockSink``): typed
/// column buffers (``ParquetRowBlock``) filled straight from the planned way's cells, a
/// string's UTF-8 copied once into its column, and handed to the writing thread a block at a
/// time.
///
/// Each cell is checked against its column's rule and stored as it comes. A cell its column
/// does not take (a null in a required column, an integer outside a 32-bit decimal) fails the
/// record: the record's rows are cut back off the block (``ParquetRowBlock/removeRows(from:)``)
/// and the record goes the general way, whose rows ``recordRows`` converts exactly as a row at
/// a time would, and whose error rejects it. Cells are stored at once, not held until the record
/// is whole, because a record is rarely cut back.
package struct ParquetBlockSink: RowBlockSink {
    private let mapping: ParquetRowMapping
    /// Each schema column's position among the written ones (`nil`: not written, as a
    /// partition column).
    private let positions: [Int?]
    /// What each column takes, as trivial values: checked per cell, with no buffer touched.
    private let rules: [ParquetValueRule]
    private var block: ParquetRowBlock
    /// The block's rows when the record began: where a failed record is cut back to.
    private var recordStart = 0
    /// Whether a cell of the record was one its column does not take.
    private var recordFails = false

    /// A sink of `mapping`'s columns.
    package init(mapping: ParquetRowMapping) {
        self.mapping = mapping
        var positions = [Int?](repeating: nil, count: mapping.schemaColumnCount)
        for (position, index) in mapping.columnIndices.enumerated() { positions[index] = position }
        self.positions = positions
        rules = mapping.columns.map(ParquetValueRule.init)
        block = ParquetRowBlock(mapping.columns)
    }

    package var recordRows: @Sendable ([JSONRow]) throws(JSONMapperError) -> [[ParquetValue]] {
        { [mapping, rules] (rows) throws(JSONMapperError) in
            try rows.map { (row) throws(JSONMapperError) in
                let values = try mapping.values(of: row)
                for (index, value) in values.enumerated() {
                    if let violation = rules[index].violation(by: value) {
                        throw violation.error(for: value, in: mapping.columns[index]).mapperError
                    }
                }
                return values
            }
        }
    }

    package mutating func append(_ rows: [[ParquetValue]]) {
        // The values passed the columns' checks in `recordRows`.
        for row in rows {
            for (index, value) in row.enumerated() { block.store(value, column: index) }
        }
    }

    package mutating func beginRecord() {
        recordStart = block.rowCount
        recordFails = false
    }

    package mutating func beginRow() {}

    package mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>, column: Int) {
        // The planned way hands text to string columns only, whose storage is a byte array.
        guard let position = positions[column] else { return }
        block.storeBytes(utf8, column: position)
    }

    package mutating func appendInteger(digits: UnsafeBufferPointer<UInt8>, column: Int) {
        // Canonical digits of at most 18, so the value fits.
        var value: Int64 = 0
        let negative = digits.first == UInt8(ascii: "-")
        for digit in digits.dropFirst(negative ? 1 : 0) { value = value * 10 + Int64(digit - 0x30) }
        store(.int64(negative ? -value : value), column: column)
    }

    package mutating func appendInteger(_ value: Int, column: Int) {
        store(.int64(Int64(value)), column: column)
    }

    package mutating func appendBool(_ value: Bool, column: Int) {
        store(.bool(value), column: column)
    }

    package mutating func append(_ cell: JSONCell, column: Int) -> Bool {
        guard let position = positions[column] else { return true }
        // A null (an absent value's default) needs no conversion: the column's rule decides it.
        if case .null = cell { return store(.null, column: column) }
        guard let value = try? mapping.value(of: cell, for: mapping.columns[position]) else { return false }
        return store(value, column: column)
    }

    /// Stores a trivial value that its column takes; otherwise fails the record.
    @discardableResult
    private mutating func store(_ value: ParquetValue, column: Int) -> Bool {
        guard let position = positions[column] else { return true }
        guard rules[position].violation(by: value) == nil else {
            recordFails = true
            return false
        }
        block.store(value, column: position)
        return true
    }

    package mutating func endRow() {}

    package mutating func commitRecord() -> Bool {
        !recordFails
    }

    package mutating func discardRecord() {
        block.removeRows(from: recordStart)
        recordFails = false
    }

    package mutating func takeBlock() -> ParquetRowBlock {
        // A worker's blocks are alike (the framer cuts them to one size): the next one fills
        // about as much as this one, so its columns start with this one's room.
        var taken = ParquetRowBlock(mapping.columns)
        taken.reserveCapacity(matching: block)
        swap(&taken, &block)
        return taken
    }
}
