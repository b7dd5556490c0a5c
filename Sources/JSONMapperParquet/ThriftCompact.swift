/// A value of the Thrift compact protocol, as Parquet's metadata uses it: integers, doubles,
/// binaries, booleans, lists and structs (unions are structs with one field set). It knows
/// nothing of Parquet; ``ThriftCompactEncoder`` writes it.
enum ThriftValue: Sendable, Equatable {
    case bool(Bool)
    case i8(Int8)
    case i16(Int16)
    case i32(Int32)
    case i64(Int64)
    case double(Double)
    case binary([UInt8])
    /// A list of values of one element type, given apart so that an empty list has a type.
    case list(ThriftType, [ThriftValue])
    case structure(ThriftStruct)

    /// A string, as UTF-8 bytes.
    static func string(_ text: String) -> ThriftValue { .binary(Array(text.utf8)) }

    /// A struct with no fields (Parquet's `StringType`, `TypeDefinedOrder`, …).
    static let emptyStruct = ThriftValue.structure(ThriftStruct())

    /// The compact protocol's type of the value.
    var type: ThriftType {
        switch self {
        case .bool(let value): value ? .booleanTrue : .booleanFalse
        case .i8: .byte
        case .i16: .i16
        case .i32: .i32
        case .i64: .i64
        case .double: .double
        case .binary: .binary
        case .list: .list
        case .structure: .structure
        }
    }
}

/// The compact protocol's type codes: in a field header's low nibble, and as a list's
/// element type (where a boolean is `booleanTrue`).
enum ThriftType: UInt8, Sendable {
    case booleanTrue = 1
    case booleanFalse = 2
    case byte = 3
    case i16 = 4
    case i32 = 5
    case i64 = 6
    case double = 7
    case binary = 8
    case list = 9
    case set = 10
    case map = 11
    case structure = 12
}

/// A struct's fields in increasing id order; fields left out are absent (Thrift's optional
/// fields). Built with ``set(_:_:)`` so that absent optionals read as `nil`.
struct ThriftStruct: Sendable, Equatable {
    private(set) var fields: [(id: Int16, value: ThriftValue)] = []

    init() {}

    /// Adds field `id` when `value` is not `nil`. Fields are added in increasing id order.
    mutating func set(_ id: Int16, _ value: ThriftValue?) {
        guard let value else { return }
        precondition(fields.last.map { $0.id < id } ?? true, "Thrift fields out of order")
        fields.append((id, value))
    }

    static func == (lhs: ThriftStruct, rhs: ThriftStruct) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }
}

/// Writes Thrift compact protocol bytes, as the Thrift specification's
/// `thrift-compact-protocol.md` lays them out:
///
/// - integers (i16, i32, i64) as ZigZag varints (ULEB128 of `(n << 1) ^ (n >> 63)`); a byte
///   as itself; a double as 8 bytes little-endian;
/// - a binary as its varint length and its bytes;
/// - a field header as one byte, `delta << 4 | type`, when the id is 1…15 above the
///   previous field's, or else the type byte and the id as a ZigZag varint; a boolean field's
///   value is its header's type (1 true, 2 false), with no byte of its own;
/// - a list header as `size << 4 | elementType` for fewer than 15 elements, or else
///   `0xF0 | elementType` and the size as a varint; boolean elements as one byte, 1 or 2;
/// - a struct as its fields and a stop byte, 0, with field ids counted from 0 inside it.
struct ThriftCompactEncoder {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// The bytes of `value`, a struct written on its own (a page header, the file's metadata).
    static func encode(_ value: ThriftStruct) -> [UInt8] {
        var encoder = ThriftCompactEncoder()
        encoder.write(value)
        return encoder.bytes
    }

    mutating func write(_ value: ThriftStruct) {
        var previous: Int16 = 0
        for (id, field) in value.fields {
            writeFieldHeader(id: id, type: field.type, previous: previous)
            previous = id
            if case .bool = field { continue }
            writeValue(field)
        }
        bytes.append(0)
    }

    private mutating func writeFieldHeader(id: Int16, type: ThriftType, previous: Int16) {
        let delta = Int(id) - Int(previous)
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            writeZigZag(Int64(id))
        }
    }

    /// A value as a field's payload or a list's element (where a boolean takes a byte).
    private mutating func writeValue(_ value: ThriftValue) {
        switch value {
        case .bool(let flag): bytes.append(flag ? ThriftType.booleanTrue.rawValue : ThriftType.booleanFalse.rawValue)
        case .i8(let number): bytes.append(UInt8(bitPattern: number))
        case .i16(let number): writeZigZag(Int64(number))
        case .i32(let number): writeZigZag(Int64(number))
        case .i64(let number): writeZigZag(number)
        case .double(let number): withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .binary(let data):
            writeVarint(UInt64(data.count))
            bytes.append(contentsOf: data)
        case .list(let elementType, let elements):
            writeListHeader(count: elements.count, elementType: elementType)
            for element in elements { writeValue(element) }
        case .structure(let fields): write(fields)
        }
    }

    private mutating func writeListHeader(count: Int, elementType: ThriftType) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | elementType.rawValue)
        } else {
            bytes.append(0xF0 | elementType.rawValue)
            writeVarint(UInt64(count))
        }
    }

    private mutating func writeZigZag(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// ULEB128: seven bits a byte, low bits first, the high bit set on every byte but the last.
    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
