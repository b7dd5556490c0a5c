/// One value for a ``ParquetColumn``, before it is stored in a ``ParquetColumnBuffer``.
public enum ParquetValue: Sendable, Equatable {
    /// No value: a null of an optional column.
    case null
    /// An ``ParquetColumn/Kind/int64`` or ``ParquetColumn/Kind/timestampMicros`` value, or
    /// the unscaled integer of a decimal of up to 18 digits.
    case int64(Int64)
    /// A ``ParquetColumn/Kind/double`` value.
    case double(Double)
    /// A ``ParquetColumn/Kind/bool`` value.
    case bool(Bool)
    /// A ``ParquetColumn/Kind/string`` or ``ParquetColumn/Kind/json`` value.
    case string(String)
    /// The bytes of a string or JSON value, or the big-endian two's complement of a wider
    /// decimal's unscaled integer, in exactly the column's byte width.
    case bytes([UInt8])
}

/// The values of one column, typed and packed as the file stores them: a growing buffer
/// that a caller fills row by row (or block by block, with
/// ``append(contentsOf:rows:)``), then hands to ``ParquetWriter`` in a ``ParquetRowBlock``.
///
/// A buffer is a value with no shared state: a worker thread may fill one for a block of
/// records and hand it to the writing thread, which appends it in input order.
public struct ParquetColumnBuffer: Sendable {
    /// The column the values are of.
    public let column: ParquetColumn
    /// What the column takes, made once (a wide decimal's storage is computed).
    private let rule: ParquetValueRule
    var storage: ParquetColumn.Storage { rule.storage }
    /// Per row, whether it holds a value (an optional column's definition level); empty for
    /// a required column, whose every row does.
    private(set) var isPresent: [Bool] = []
    /// The values of integer, timestamp and decimal columns (a 9-digit decimal's too).
    private(set) var integers: [Int64] = []
    private(set) var doubles: [Double] = []
    private(set) var booleans: [Bool] = []
    /// The bytes of byte-array and fixed-length values, one after another, and where each ends.
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []
    /// The rows appended.
    public private(set) var rowCount = 0
    /// The nulls among them.
    public private(set) var nullCount = 0

    /// An empty buffer of `column`.
    public init(_ column: ParquetColumn) {
        self.column = column
        rule = ParquetValueRule(column)
    }

    /// The values (not nulls) appended.
    public var valueCount: Int { rowCount - nullCount }

    /// Appends one value, of the kind the column takes (see ``ParquetValue``).
    ///
    /// - Throws: ``ParquetError/invalidValue(column:reason:)`` for a null in a required
    ///   column or a value of another kind; the buffer is unchanged.
    public mutating func append(_ value: ParquetValue) throws(ParquetError) {
        try check(value)
        store(value)
    }

    /// Throws what ``append(_:)`` would for `value`.
    func check(_ value: ParquetValue) throws(ParquetError) {
        if let violation = rule.violation(by: value) { throw violation.error(for: value, in: column) }
    }

    /// Appends a value that ``check(_:)`` accepted.
    mutating func store(_ value: ParquetValue) {
        switch value {
        case .null:
            isPresent.append(false)
            rowCount += 1
            nullCount += 1
            return
        case .int64(let number): integers.append(number)
        case .double(let number): doubles.append(number)
        case .bool(let flag): booleans.append(flag)
        case .string(var text): text.withUTF8 { appendBytes($0) }
        case .bytes(let data): data.withUnsafeBufferPointer { appendBytes($0) }
        }
        if column.isOptional { isPresent.append(true) }
        rowCount += 1
    }

    /// Appends the rows `rows` of `other`, a buffer of the same column.
    public mutating func append(contentsOf other: ParquetColumnBuffer, rows: Range<Int>? = nil) {
        precondition(other.column == column, "appending a buffer of another column")
        let rows = rows ?? 0..<other.rowCount
        let values = other.valueRange(ofRows: rows)
        if column.isOptional { isPresent.append(contentsOf: other.isPresent[rows]) }
        rowCount += rows.count
        nullCount += rows.count - values.count
        switch storage {
        case .int32, .int64: integers.append(contentsOf: other.integers[values])
        case .double: doubles.append(contentsOf: other.doubles[values])
        case .bool: booleans.append(contentsOf: other.booleans[values])
        case .byteArray, .fixed:
            guard !values.isEmpty else { return }
            let from = values.lowerBound == 0 ? 0 : other.ends[values.lowerBound - 1]
            let shift = bytes.count - from
            bytes.append(contentsOf: other.bytes[from..<other.ends[values.upperBound - 1]])
            let first = ends.count
            ends.append(contentsOf: other.ends[values])
            ends.withUnsafeMutableBufferPointer { (ends) in
                for index in first..<ends.count { ends[index] += shift }
            }
        }
    }

    /// Empties the buffer, keeping its capacity for the next row group.
    public mutating func removeAll() {
        isPresent.removeAll(keepingCapacity: true)
        integers.removeAll(keepingCapacity: true)
        doubles.removeAll(keepingCapacity: true)
        booleans.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        rowCount = 0
        nullCount = 0
    }

    /// Removes the rows from `row` on (a failed record's, which its block does not keep).
    mutating func removeRows(from row: Int) {
        guard row < rowCount else { return }
        let values = valueRange(ofRows: 0..<row).count
        if column.isOptional { isPresent.removeSubrange(row...) }
        rowCount = row
        nullCount = row - values
        switch storage {
        case .int32, .int64: integers.removeSubrange(values...)
        case .double: doubles.removeSubrange(values...)
        case .bool: booleans.removeSubrange(values...)
        case .byteArray, .fixed:
            ends.removeSubrange(values...)
            bytes.removeSubrange((ends.last ?? 0)...)
        }
    }

    /// Reserves room for as many rows, values and bytes as `other` holds, so that a buffer
    /// filled about as much as `other` does not grow step by step.
    mutating func reserveCapacity(matching other: ParquetColumnBuffer) {
        isPresent.reserveCapacity(other.isPresent.count)
        integers.reserveCapacity(other.integers.count)
        doubles.reserveCapacity(other.doubles.count)
        booleans.reserveCapacity(other.booleans.count)
        bytes.reserveCapacity(other.bytes.count)
        ends.reserveCapacity(other.ends.count)
    }

    /// The indices of the values of `rows`.
    func valueRange(ofRows rows: Range<Int>) -> Range<Int> {
        guard column.isOptional else { return rows }
        if rows == 0..<rowCount { return 0..<valueCount }
        let start = isPresent[..<rows.lowerBound].lazy.filter { $0 }.count
        return start..<(start + isPresent[rows].lazy.filter { $0 }.count)
    }

    /// The bytes of the byte-array or fixed-length value at `index`.
    func byteRange(ofValue index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Appends a byte-array value, without a `String` (a string cell's UTF-8 on the record path).
    mutating func storeBytes(_ data: UnsafeBufferPointer<UInt8>) {
        appendBytes(data)
        if column.isOptional { isPresent.append(true) }
        rowCount += 1
    }

    private mutating func appendBytes(_ data: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: data)
        ends.append(bytes.count)
    }
}

/// The values a column takes: what ``ParquetColumnBuffer/check(_:)`` enforces, as a trivial
/// value, so that a worker can check a record's cells before storing them without touching
/// (or copying) a buffer.
struct ParquetValueRule: Sendable {
    /// Why a value cannot be stored.
    enum Violation {
        case nullInRequiredColumn
        case outsideInt32(Int64)
        case fixedWidth(count: Int, width: Int)
        case otherKind

        /// The error of `value` breaking this rule of `column`.
        func error(for value: ParquetValue, in column: ParquetColumn) -> ParquetError {
            let reason = switch self {
            case .nullInRequiredColumn: "a null in a required column"
            case .outsideInt32(let number): "\(number) does not fit a 32-bit decimal"
            case .fixedWidth(let count, let width): "a fixed-length value of \(count) bytes, not \(width)"
            case .otherKind: "a value of another kind (\(value)) for a \(column.kind) column"
            }
            return .invalidValue(column: column.name, reason: reason)
        }
    }

    let isOptional: Bool
    let storage: ParquetColumn.Storage

    /// The rule of `column`.
    init(_ column: ParquetColumn) {
        isOptional = column.isOptional
        storage = column.storage
    }

    /// Why `value` cannot be stored in the column, or `nil` when it can.
    func violation(by value: ParquetValue) -> Violation? {
        switch (value, storage) {
        case (.null, _): isOptional ? nil : .nullInRequiredColumn
        case (.int64, .int64), (.double, .double), (.bool, .bool), (.string, .byteArray), (.bytes, .byteArray): nil
        case (.int64(let number), .int32): Int32(exactly: number) == nil ? .outsideInt32(number) : nil
        case (.bytes(let data), .fixed(let width)): data.count == width ? nil : .fixedWidth(count: data.count, width: width)
        default: .otherKind
        }
    }
}

/// Rows of a set of columns, one ``ParquetColumnBuffer`` each: what a worker fills for a
/// block of records and the writer appends in order (``ParquetWriter/write(_:)``). A value,
/// `Sendable`, with no shared state.
public struct ParquetRowBlock: Sendable {
    /// One buffer per column, in the schema's order.
    public private(set) var columns: [ParquetColumnBuffer]

    /// An empty block of `columns`.
    public init(_ columns: [ParquetColumn]) {
        self.columns = columns.map(ParquetColumnBuffer.init)
    }

    /// The rows appended.
    public var rowCount: Int { columns.first?.rowCount ?? 0 }

    /// Appends a row, one value per column; all or nothing.
    ///
    /// - Throws: ``ParquetError/invalidValue(column:reason:)`` for the first value its
    ///   column cannot take, or a row of another length; the block is then unchanged.
    public mutating func append(row: [ParquetValue]) throws(ParquetError) {
        guard row.count == columns.count else {
            throw .invalidValue(column: "", reason: "a row of \(row.count) values for \(columns.count) columns")
        }
        for index in columns.indices { try columns[index].check(row[index]) }
        for index in columns.indices { columns[index].store(row[index]) }
    }

    /// Appends the rows `rows` (all by default) of `other`, a block of the same columns.
    public mutating func append(contentsOf other: ParquetRowBlock, rows: Range<Int>? = nil) {
        precondition(other.columns.count == columns.count, "appending a block of other columns")
        for index in columns.indices { columns[index].append(contentsOf: other.columns[index], rows: rows) }
    }

    /// Empties the block, keeping its buffers' capacity.
    public mutating func removeAll() {
        for index in columns.indices { columns[index].removeAll() }
    }

    /// Removes the rows from `row` on, in every column (those that have them: a record cut
    /// back in the middle of a row has fewer in its later columns).
    mutating func removeRows(from row: Int) {
        for index in columns.indices { columns[index].removeRows(from: row) }
    }

    /// Reserves room in each column for as much as `other`'s holds.
    mutating func reserveCapacity(matching other: ParquetRowBlock) {
        for index in columns.indices { columns[index].reserveCapacity(matching: other.columns[index]) }
    }

    /// Appends a value to column `index` that its buffer's ``ParquetColumnBuffer/check(_:)``
    /// accepted (a row is whole once every column has its value).
    mutating func store(_ value: ParquetValue, column index: Int) {
        columns[index].store(value)
    }

    /// Appends a string's UTF-8 to column `index`, a byte-array column.
    mutating func storeBytes(_ bytes: UnsafeBufferPointer<UInt8>, column index: Int) {
        columns[index].storeBytes(bytes)
    }
}
