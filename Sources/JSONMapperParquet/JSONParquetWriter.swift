import Foundation
import JSONMapper

/// The Parquet columns of a ``JSONSchema`` and the conversion of its rows' cells into
/// Parquet values, apart from any writer: a worker thread converts its rows (``values(of:)``,
/// or ``append(_:to:)`` into a block) and the writing thread writes them in order.
///
/// | column type | Parquet column |
/// |---|---|
/// | `string` | ``ParquetColumn/Kind/string`` |
/// | `int`, `count`, `ordinal` | ``ParquetColumn/Kind/int64`` |
/// | `double` | ``ParquetColumn/Kind/double`` |
/// | `bool` | ``ParquetColumn/Kind/bool`` |
/// | `date` | ``ParquetColumn/Kind/timestampMicros`` |
/// | `decimal` | ``ParquetColumn/Kind/decimal(precision:scale:)`` of the given precision and scale |
/// | `json` | ``ParquetColumn/Kind/json`` |
///
/// A column is `REQUIRED` when the schema requires it and no explode can leave it empty;
/// every other column is `OPTIONAL`, a null where the record had no value.
public struct ParquetRowMapping: Sendable {
    /// The Parquet columns, in the order of ``columnIndices``.
    public let columns: [ParquetColumn]
    /// The schema's columns written, by index: all of them unless a subset was asked for.
    public let columnIndices: [Int]
    /// The schema's columns, written or not.
    package let schemaColumnCount: Int

    /// The mapping of `schema`'s columns at `columnIndices` (all by default), its decimals
    /// of `decimalPrecision` digits, `decimalScale` after the point.
    public init(schema: JSONSchema, columnIndices: [Int]? = nil,
                decimalPrecision: Int = 38, decimalScale: Int = 9) throws(ParquetError) {
        let indices = columnIndices ?? Array(schema.columns.indices)
        self.columnIndices = indices
        schemaColumnCount = schema.columns.count
        columns = indices.map { (index) in
            let column = schema.columns[index]
            return ParquetColumn(column.name, kind: Self.kind(of: column.type, precision: decimalPrecision, scale: decimalScale),
                                 optional: !column.isRequired || schema.explode != nil)
        }
        for column in columns { try column.validate() }
    }

    private static func kind(of type: JSONColumnType, precision: Int, scale: Int) -> ParquetColumn.Kind {
        switch type {
        case .string: .string
        case .int, .count, .ordinal: .int64
        case .double: .double
        case .decimal: .decimal(precision: precision, scale: scale)
        case .bool: .bool
        case .date: .timestampMicros
        case .json: .json
        }
    }

    /// The Parquet values of `row`'s written cells.
    ///
    /// - Throws: ``JSONMapperError/invalidValue(path:reason:location:)`` naming the column,
    ///   for a cell the column cannot hold: a decimal with more digits than its precision or
    ///   more after the point than its scale, a date beyond the microseconds an `INT64`
    ///   holds, a null in a required column.
    public func values(of row: JSONRow) throws(JSONMapperError) -> [ParquetValue] {
        var values: [ParquetValue] = []
        values.reserveCapacity(columns.count)
        for (position, index) in columnIndices.enumerated() {
            values.append(try value(of: row.cells[index], for: columns[position]))
        }
        return values
    }

    /// Appends `row`'s values to `block`, a block of ``columns``: a worker's way to fill a
    /// block of rows. Throws as ``values(of:)`` does; the block is then unchanged.
    public func append(_ row: JSONRow, to block: inout ParquetRowBlock) throws(JSONMapperError) {
        let values = try values(of: row)
        do throws(ParquetError) {
            try block.append(row: values)
        } catch {
            throw error.mapperError
        }
    }

    /// The Parquet value of one cell of `column`'s. Throws as ``values(of:)`` does.
    func value(of cell: JSONCell, for column: ParquetColumn) throws(JSONMapperError) -> ParquetValue {
        let fail = { (reason: String) in JSONMapperError.invalidValue(path: column.name, reason: reason) }
        switch (cell, column.kind) {
        case (.null, _):
            guard column.isOptional else { throw fail("no value for a required Parquet column") }
            return .null
        case (.string(let text), .string): return .string(text)
        case (.int(let number), .int64): return .int64(Int64(number))
        case (.double(let number), .double): return .double(number)
        case (.bool(let flag), .bool): return .bool(flag)
        case (.date(let date), .timestampMicros):
            let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
            guard let value = Int64(exactly: micros) else { throw fail("the date is beyond the microseconds a Parquet timestamp holds") }
            return .int64(value)
        case (.json(let json), .json): return .string(json.description)
        case (.decimal(let decimal), .decimal(let precision, let scale)):
            do throws(DecimalConversion.Failure) {
                return try DecimalConversion.value(of: decimal, precision: precision, scale: scale)
            } catch {
                throw fail(error.reason)
            }
        default:
            throw fail("a \(cell) cell for a \(column.kind) Parquet column")
        }
    }
}

/// Writes rows of a ``JSONSchema`` as a Parquet file, beside ``JSONRowWriter``'s text
/// formats: a ``ParquetRowMapping`` of the schema and a ``ParquetWriter``.
///
/// ```swift
/// var writer = try JSONParquetWriter(schema: schema)
/// for result in decoder.records(schema, from: .file("events.jsonl")) {
///     try writer.write(result.get().value)
///     if writer.bufferedByteCount >= 1 << 20 { flush(writer.bufferedBytes); writer.removeBufferedBytes() }
/// }
/// try writer.finish()
/// flush(writer.bufferedBytes)
/// ```
public struct JSONParquetWriter: Sendable {
    /// How rows become Parquet values.
    public let mapping: ParquetRowMapping
    private var writer: ParquetWriter

    /// A writer of `schema`'s rows (the columns at `columnIndices`, all by default) with
    /// `options`, decimals of `decimalPrecision` digits, `decimalScale` after the point.
    ///
    /// - Throws: ``ParquetError/invalidSchema(_:)`` for a decimal precision or scale out of
    ///   range, or options out of range.
    public init(schema: JSONSchema, columnIndices: [Int]? = nil, options: ParquetWriterOptions = ParquetWriterOptions(),
                decimalPrecision: Int = 38, decimalScale: Int = 9) throws(ParquetError) {
        mapping = try ParquetRowMapping(schema: schema, columnIndices: columnIndices,
                                        decimalPrecision: decimalPrecision, decimalScale: decimalScale)
        writer = try ParquetWriter(columns: mapping.columns, options: options)
    }

    /// The bytes written and not yet removed.
    public var bufferedBytes: [UInt8] { writer.bufferedBytes }

    /// How many bytes are written and not yet removed.
    public var bufferedByteCount: Int { writer.bufferedByteCount }

    /// Forgets the buffered bytes (once the caller has written them out).
    public mutating func removeBufferedBytes() { writer.removeBufferedBytes() }

    /// The rows written so far.
    public var rowCount: Int { writer.rowCount }

    /// Writes one row. Throws as ``ParquetRowMapping/values(of:)`` does, and nothing of the
    /// row is written; or ``JSONMapperError/ioFailed(reason:)`` when compression fails.
    public mutating func write(_ row: JSONRow) throws(JSONMapperError) {
        try write(values: mapping.values(of: row))
    }

    /// Writes a row's values, as ``ParquetRowMapping/values(of:)`` made them (on a worker).
    public mutating func write(values: [ParquetValue]) throws(JSONMapperError) {
        do throws(ParquetError) {
            try writer.write(row: values)
        } catch {
            throw error.mapperError
        }
    }

    /// Writes a block of rows that a worker filled with ``ParquetRowMapping/append(_:to:)``.
    public mutating func write(_ block: ParquetRowBlock) throws(JSONMapperError) {
        do throws(ParquetError) {
            try writer.write(block)
        } catch {
            throw error.mapperError
        }
    }

    /// Makes a record stream worker's sink of this writer's rows, for blocks written with
    /// ``write(_:)``.
    package var blockSink: @Sendable () -> ParquetBlockSink {
        { [mapping] in ParquetBlockSink(mapping: mapping) }
    }

    /// Writes the last row group and the footer. Call it once, last.
    public mutating func finish() throws(JSONMapperError) {
        do throws(ParquetError) {
            try writer.finish()
        } catch {
            throw error.mapperError
        }
    }
}

extension ParquetError {
    /// The error as the record path reports it.
    var mapperError: JSONMapperError {
        switch self {
        case .invalidValue(let column, let reason): .invalidValue(path: column, reason: reason)
        case .invalidSchema(let message), .invalidOption(let message), .compressionFailed(let message):
            .ioFailed(reason: "Parquet: \(message)")
        }
    }
}
