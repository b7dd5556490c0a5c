import Foundation

/// One column of a Parquet file the writer makes: a flat, top-level field.
public struct ParquetColumn: Sendable, Equatable {
    /// What a column's values are, which decides its physical and logical type.
    public enum Kind: Sendable, Equatable {
        /// UTF-8 text: `BYTE_ARRAY`, logical type `STRING` (converted type `UTF8`).
        case string
        /// JSON text: `BYTE_ARRAY`, logical type `JSON` (converted type `JSON`).
        case json
        /// A 64-bit integer: `INT64`, no logical type.
        case int64
        /// A double: `DOUBLE`.
        case double
        /// A boolean: `BOOLEAN`.
        case bool
        /// Microseconds since 1970-01-01T00:00:00Z: `INT64`, logical type
        /// `TIMESTAMP(isAdjustedToUTC: true, unit: MICROS)` (converted type `TIMESTAMP_MICROS`).
        case timestampMicros
        /// An exact decimal of at most `precision` digits, `scale` of them after the point:
        /// `INT32` up to 9 digits, `INT64` up to 18, else `FIXED_LEN_BYTE_ARRAY` of the fewest
        /// bytes that hold the precision; logical type `DECIMAL(scale, precision)`, with
        /// scale and precision on the schema element too.
        case decimal(precision: Int, scale: Int)
    }

    /// The column's name in the schema.
    public var name: String
    /// What its values are.
    public var kind: Kind
    /// Whether it may hold nulls (`OPTIONAL`, with definition levels); otherwise `REQUIRED`.
    public var isOptional: Bool

    /// A column named `name` of `kind`, optional unless `optional` is `false`.
    public init(_ name: String, kind: Kind, optional: Bool = true) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
    }

    /// The largest decimal precision: 38 digits, which 16 bytes hold.
    public static let maximumDecimalPrecision = 38

    /// Checks what does not depend on the values: a name, a decimal's precision and scale.
    func validate() throws(ParquetError) {
        guard !name.isEmpty else { throw .invalidSchema("a column has no name") }
        if case .decimal(let precision, let scale) = kind {
            guard (1...Self.maximumDecimalPrecision).contains(precision), (0...precision).contains(scale) else {
                throw .invalidSchema("column \(name): a decimal needs 1 ≤ precision ≤ \(Self.maximumDecimalPrecision) and 0 ≤ scale ≤ precision")
            }
        }
    }

    /// How the values are stored.
    var storage: Storage {
        switch kind {
        case .string, .json: .byteArray
        case .int64, .timestampMicros: .int64
        case .double: .double
        case .bool: .bool
        case .decimal(let precision, _):
            if precision <= 9 { .int32 } else if precision <= 18 { .int64 } else { .fixed(Self.byteWidth(ofPrecision: precision)) }
        }
    }

    /// The fewest bytes whose two's complement holds every number of `precision` digits.
    static func byteWidth(ofPrecision precision: Int) -> Int {
        var width = 1
        // 10^precision - 1 fits in 8 · width - 1 bits once that many bits hold `precision` digits.
        while Int((Double(8 * width - 1) * log10(2.0)).rounded(.down)) < precision { width += 1 }
        return width
    }

    /// The physical layout of values: the column's Parquet physical type, and which append
    /// of ``ParquetColumnBuffer`` fills it.
    enum Storage: Equatable {
        case byteArray, int32, int64, double, bool
        /// A `FIXED_LEN_BYTE_ARRAY` of this many bytes.
        case fixed(Int)

        var physicalType: ParquetMetadata.PhysicalType {
            switch self {
            case .byteArray: .byteArray
            case .int32: .int32
            case .int64: .int64
            case .double: .double
            case .bool: .boolean
            case .fixed: .fixedLengthByteArray
            }
        }
    }

    /// The column's schema element.
    var schemaElement: ParquetMetadata.SchemaElement {
        var element = ParquetMetadata.SchemaElement(name: name, type: storage.physicalType,
                                                    repetition: isOptional ? .optional : .required)
        switch kind {
        case .string:
            element.convertedType = .utf8
            element.logicalType = .string
        case .json:
            element.convertedType = .json
            element.logicalType = .json
        case .timestampMicros:
            element.convertedType = .timestampMicros
            element.logicalType = .timestampMicrosUTC
        case .decimal(let precision, let scale):
            element.convertedType = .decimal
            element.scale = Int32(scale)
            element.precision = Int32(precision)
            element.logicalType = .decimal(scale: Int32(scale), precision: Int32(precision))
            if case .fixed(let width) = storage { element.typeLength = Int32(width) }
        case .int64, .double, .bool: break
        }
        return element
    }
}

/// Why the Parquet writer refused something: a schema it cannot write, a value of the wrong
/// kind for its column, or a failure of a compression library.
public enum ParquetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The columns cannot make a Parquet schema (no name, a bad decimal precision).
    case invalidSchema(String)
    /// A value does not fit its column: a null in a required column, another kind, a
    /// decimal beyond the column's precision or scale. Names the column.
    case invalidValue(column: String, reason: String)
    /// An option the writer cannot take (a compression level the codec does not have).
    case invalidOption(String)
    /// zlib or libzstd failed.
    case compressionFailed(String)

    /// The error in one line.
    public var description: String {
        switch self {
        case .invalidSchema(let message): "invalid Parquet schema: \(message)"
        case .invalidValue(let column, let reason): "column \(column): \(reason)"
        case .invalidOption(let message): "invalid Parquet option: \(message)"
        case .compressionFailed(let message): "Parquet page compression failed: \(message)"
        }
    }
}
