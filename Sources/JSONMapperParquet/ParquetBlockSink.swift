import JSONMapper

/// A record stream worker's Parquet rows of a block of records (a ``RowBlockSink``): typed
/// column buffers (``ParquetRowBlock``) filled straight from the planned way's cells, a
/// string's UTF-8 copied once into its column, and handed to the writing thread a block at a
/// time.
///
/// A record's cells are held until the record is whole and every cell is one its column
/// takes (a null in a required column is not), then stored; otherwise the record goes the
/// general way, whose rows ``recordRows`` converts exactly as a row at a time would, and
/// whose error rejects it.
package struct ParquetBlockSink: RowBlockSink {
    /// A cell held until its record is kept: a trivial value, so that holding, checking and
    /// storing a cell copies no reference. Text points into the planned way's buffers, which
    /// hold it until the recorder reads the next record, so for as long as the record is held.
    /// A value of the general cell path (dates, decimals, doubles) is kept in `generalValues`.
    private enum Held {
        case null
        case int64(Int64)
        case bool(Bool)
        case bytes(UnsafeBufferPointer<UInt8>)
        case general(Int)
    }

    private let mapping: ParquetRowMapping
    /// Each schema column's position among the written ones (`nil`: not written, as a
    /// partition column).
    private let positions: [Int?]
    /// What each column takes, as trivial values: read in place per cell, with no buffer copied.
    private let rules: [ParquetValueRule]
    private var block: ParquetRowBlock
    /// The record's cells, row after row, each row `mapping.columns.count` wide.
    private var held: [Held] = []
    private var generalValues: [ParquetValue] = []
    private var rowStart = 0

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
        held.removeAll(keepingCapacity: true)
        generalValues.removeAll(keepingCapacity: true)
    }

    package mutating func beginRow() {
        rowStart = held.count
        held.append(contentsOf: repeatElement(.null, count: mapping.columns.count))
    }

    package mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>, column: Int) {
        hold(.bytes(utf8), column: column)
    }

    package mutating func appendInteger(digits: UnsafeBufferPointer<UInt8>, column: Int) {
        // Canonical digits of at most 18, so the value fits.
        var value: Int64 = 0
        let negative = digits.first == UInt8(ascii: "-")
        for digit in digits.dropFirst(negative ? 1 : 0) { value = value * 10 + Int64(digit - 0x30) }
        hold(.int64(negative ? -value : value), column: column)
    }

    package mutating func appendInteger(_ value: Int, column: Int) {
        hold(.int64(Int64(value)), column: column)
    }

    package mutating func appendBool(_ value: Bool, column: Int) {
        hold(.bool(value), column: column)
    }

    package mutating func append(_ cell: JSONCell, column: Int) -> Bool {
        guard let position = positions[column] else { return true }
        do throws(JSONMapperError) {
            generalValues.append(try mapping.value(of: cell, for: mapping.columns[position]))
            held[rowStart + position] = .general(generalValues.count - 1)
            return true
        } catch {
            return false
        }
    }

    private mutating func hold(_ cell: Held, column: Int) {
        guard let position = positions[column] else { return }
        held[rowStart + position] = cell
    }

    package mutating func endRow() {}

    package mutating func commitRecord() -> Bool {
        guard heldCellsPassChecks() else { return false }
        let width = mapping.columns.count
        var column = 0
        for cell in held {
            if case .bytes(let bytes) = cell {
                block.storeBytes(bytes, column: column)
            } else if let value = value(of: cell) {
                block.store(value, column: column)
            }
            column = column + 1 == width ? 0 : column + 1
        }
        return true
    }

    /// Whether every held value is one its column takes (text is the planned way's, for a
    /// text column).
    private func heldCellsPassChecks() -> Bool {
        let width = mapping.columns.count
        var column = 0
        for cell in held {
            if let value = value(of: cell), rules[column].violation(by: value) != nil { return false }
            column = column + 1 == width ? 0 : column + 1
        }
        return true
    }

    /// The value `cell` holds; `nil` for text, which is stored from its bytes.
    private func value(of cell: Held) -> ParquetValue? {
        switch cell {
        case .null: .null
        case .int64(let number): .int64(number)
        case .bool(let flag): .bool(flag)
        case .bytes: nil
        case .general(let index): generalValues[index]
        }
    }

    package mutating func discardRecord() {
        held.removeAll(keepingCapacity: true)
        generalValues.removeAll(keepingCapacity: true)
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
