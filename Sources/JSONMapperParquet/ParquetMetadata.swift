/// The parts of `parquet.thrift` the writer fills, as Thrift structs: the footer
/// (`FileMetaData`, its schema, row groups and column chunks) and page headers. Field ids are
/// the specification's; fields the writer never sets are left out.
enum ParquetMetadata {
    /// `Type`: a column's physical type.
    enum PhysicalType: Int32, Sendable {
        case boolean = 0
        case int32 = 1
        case int64 = 2
        case double = 5
        case byteArray = 6
        case fixedLengthByteArray = 7
    }

    /// `ConvertedType`: the legacy annotation readers of format 1 know.
    enum ConvertedType: Int32, Sendable {
        case utf8 = 0
        case decimal = 5
        case timestampMicros = 10
        case json = 19
    }

    /// `Encoding`.
    enum Encoding: Int32, Sendable {
        case plain = 0
        case rle = 3
        case rleDictionary = 8
    }

    /// `PageType`.
    enum PageType: Int32, Sendable {
        case dataPage = 0
        case dictionaryPage = 2
    }

    /// `FieldRepetitionType`.
    enum Repetition: Int32, Sendable {
        case required = 0
        case optional = 1
    }

    /// `LogicalType`, a union: one field set.
    enum LogicalType: Sendable, Equatable {
        case string
        case json
        case decimal(scale: Int32, precision: Int32)
        case timestampMicrosUTC

        var thrift: ThriftValue {
            var union = ThriftStruct()
            switch self {
            case .string: union.set(1, .emptyStruct)
            case .decimal(let scale, let precision):
                var decimal = ThriftStruct()
                decimal.set(1, .i32(scale))
                decimal.set(2, .i32(precision))
                union.set(5, .structure(decimal))
            case .timestampMicrosUTC:
                var unit = ThriftStruct()
                unit.set(2, .emptyStruct)  // TimeUnit.MICROS
                var timestamp = ThriftStruct()
                timestamp.set(1, .bool(true))  // isAdjustedToUTC
                timestamp.set(2, .structure(unit))
                union.set(8, .structure(timestamp))
            case .json: union.set(12, .emptyStruct)
            }
            return .structure(union)
        }
    }

    /// `SchemaElement`: the root (a group with `childCount` children) or a leaf column.
    struct SchemaElement: Sendable {
        var name: String
        var type: PhysicalType?
        var typeLength: Int32?
        var repetition: Repetition?
        var childCount: Int32?
        var convertedType: ConvertedType?
        var scale: Int32?
        var precision: Int32?
        var logicalType: LogicalType?

        var thrift: ThriftValue {
            var element = ThriftStruct()
            element.set(1, type.map { .i32($0.rawValue) })
            element.set(2, typeLength.map { .i32($0) })
            element.set(3, repetition.map { .i32($0.rawValue) })
            element.set(4, .string(name))
            element.set(5, childCount.map { .i32($0) })
            element.set(6, convertedType.map { .i32($0.rawValue) })
            element.set(7, scale.map { .i32($0) })
            element.set(8, precision.map { .i32($0) })
            element.set(10, logicalType?.thrift)
            return .structure(element)
        }
    }

    /// `Statistics` of a column chunk, min and max already in their PLAIN bytes (without a
    /// length prefix); the deprecated signed-order `min`/`max` are never written.
    struct Statistics: Sendable, Equatable {
        var nullCount: Int64
        var minValue: [UInt8]?
        var maxValue: [UInt8]?
        var isMinExact = true
        var isMaxExact = true
        /// NaNs seen, for a double column (`nil` for other types).
        var nanCount: Int64?

        var thrift: ThriftValue {
            var statistics = ThriftStruct()
            statistics.set(3, .i64(nullCount))
            statistics.set(5, maxValue.map { .binary($0) })
            statistics.set(6, minValue.map { .binary($0) })
            statistics.set(7, maxValue == nil ? nil : .bool(isMaxExact))
            statistics.set(8, minValue == nil ? nil : .bool(isMinExact))
            statistics.set(9, nanCount.map { .i64($0) })
            return .structure(statistics)
        }
    }

    /// `ColumnMetaData` with its `ColumnChunk`; offsets are from the start of the file.
    struct ColumnChunk: Sendable {
        var type: PhysicalType
        var encodings: [Encoding]
        var path: String
        var codec: ParquetCompression
        var valueCount: Int64
        var totalUncompressedSize: Int64
        var totalCompressedSize: Int64
        var dataPageOffset: Int64
        var dictionaryPageOffset: Int64?
        var statistics: Statistics

        /// Where the chunk starts: its dictionary page, or its first data page.
        var startOffset: Int64 { dictionaryPageOffset ?? dataPageOffset }

        var thrift: ThriftValue {
            var meta = ThriftStruct()
            meta.set(1, .i32(type.rawValue))
            meta.set(2, .list(.i32, encodings.map { .i32($0.rawValue) }))
            meta.set(3, .list(.binary, [.string(path)]))
            meta.set(4, .i32(codec.thriftCode))
            meta.set(5, .i64(valueCount))
            meta.set(6, .i64(totalUncompressedSize))
            meta.set(7, .i64(totalCompressedSize))
            meta.set(9, .i64(dataPageOffset))
            meta.set(11, dictionaryPageOffset.map { .i64($0) })
            meta.set(12, statistics.thrift)
            var chunk = ThriftStruct()
            // `file_offset` is deprecated and read inconsistently; the chunk's first byte is
            // what most writers put there.
            chunk.set(2, .i64(startOffset))
            chunk.set(3, .structure(meta))
            return .structure(chunk)
        }
    }

    /// `RowGroup`.
    struct RowGroup: Sendable {
        var columns: [ColumnChunk]
        var rowCount: Int64
        /// The group's place in the file; left out past what an i16 holds.
        var ordinal: Int16?

        var thrift: ThriftValue {
            var group = ThriftStruct()
            group.set(1, .list(.structure, columns.map(\.thrift)))
            group.set(2, .i64(columns.reduce(0) { $0 + $1.totalUncompressedSize }))
            group.set(3, .i64(rowCount))
            group.set(5, columns.first.map { .i64($0.startOffset) })
            group.set(6, .i64(columns.reduce(0) { $0 + $1.totalCompressedSize }))
            group.set(7, ordinal.map { .i16($0) })
            return .structure(group)
        }
    }

    /// `FileMetaData`: format version 1, every leaf ordered by its type (`TypeDefinedOrder`).
    struct FileMetaData: Sendable {
        var schema: [SchemaElement]
        var rowCount: Int64
        var rowGroups: [RowGroup]
        var createdBy: String

        var thrift: ThriftStruct {
            var file = ThriftStruct()
            file.set(1, .i32(1))
            file.set(2, .list(.structure, schema.map(\.thrift)))
            file.set(3, .i64(rowCount))
            file.set(4, .list(.structure, rowGroups.map(\.thrift)))
            file.set(6, .string(createdBy))
            var typeOrder = ThriftStruct()
            typeOrder.set(1, .emptyStruct)
            file.set(7, .list(.structure, Array(repeating: .structure(typeOrder), count: schema.count - 1)))
            return file
        }
    }

    /// `PageHeader` of a data page (format 1) or a dictionary page.
    struct PageHeader: Sendable {
        var type: PageType
        var uncompressedSize: Int32
        var compressedSize: Int32
        var valueCount: Int32
        var encoding: Encoding

        var thrift: ThriftStruct {
            var header = ThriftStruct()
            header.set(1, .i32(type.rawValue))
            header.set(2, .i32(uncompressedSize))
            header.set(3, .i32(compressedSize))
            var page = ThriftStruct()
            page.set(1, .i32(valueCount))
            page.set(2, .i32(encoding.rawValue))
            switch type {
            case .dataPage:
                page.set(3, .i32(Encoding.rle.rawValue))  // definition levels
                page.set(4, .i32(Encoding.rle.rawValue))  // repetition levels (none: the schema is flat)
                header.set(5, .structure(page))
            case .dictionaryPage:
                header.set(7, .structure(page))
            }
            return header
        }
    }
}
