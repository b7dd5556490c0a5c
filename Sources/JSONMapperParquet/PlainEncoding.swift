/// The PLAIN encoding of `Encodings.md`: integers and doubles little-endian in their width,
/// booleans one bit each from the least significant bit of each byte, a byte array as its
/// length (4 bytes, little-endian) and its bytes, a fixed-length byte array as its bytes.
enum PlainEncoding {
    /// The little-endian bytes of an integer (a double as its bit pattern).
    static func bytes<Integer: FixedWidthInteger>(of value: Integer) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The values `values` of `buffer`, PLAIN-encoded, appended to `bytes`.
    static func append(values: Range<Int>, of buffer: ParquetColumnBuffer, to bytes: inout [UInt8]) {
        switch buffer.storage {
        case .int32:
            for value in buffer.integers[values] { append(Int32(truncatingIfNeeded: value), to: &bytes) }
        case .int64:
            for value in buffer.integers[values] { append(value, to: &bytes) }
        case .double:
            for value in buffer.doubles[values] { append(value.bitPattern, to: &bytes) }
        case .bool:
            appendBits(buffer.booleans[values], to: &bytes)
        case .byteArray:
            appendByteArrays(values.lazy.map(buffer.byteRange(ofValue:)), of: buffer.bytes,
                             size: size(ofValues: values, of: buffer), to: &bytes)
        case .fixed:
            guard !values.isEmpty else { return }
            bytes.append(contentsOf: buffer.bytes[buffer.byteRange(ofValue: values.lowerBound).lowerBound..<buffer.ends[values.upperBound - 1]])
        }
    }

    /// Byte arrays at `ranges` of `source`, each after its length, appended to `bytes`; `size`
    /// is what they take. The room is made once and filled in place, so that a value costs a
    /// store and a copy rather than two appends, each checking the array's room.
    ///
    /// Safe as long as `size` is the sum of `4 + range.count` over `ranges` (as
    /// ``size(ofValues:of:)`` and a dictionary's `plainSize` count it) and every range lies in
    /// `source`: each write then lands in the room appended, and each read in `source`.
    static func appendByteArrays(_ ranges: some Sequence<Range<Int>>, of source: [UInt8], size: Int, to bytes: inout [UInt8]) {
        var offset = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: size))
        bytes.withUnsafeMutableBytes { output in
            source.withUnsafeBytes { source in
                for range in ranges {
                    output.storeBytes(of: UInt32(range.count).littleEndian, toByteOffset: offset, as: UInt32.self)
                    offset += 4
                    UnsafeMutableRawBufferPointer(rebasing: output[offset..<(offset + range.count)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[range]))
                    offset += range.count
                }
            }
        }
    }

    /// Booleans packed eight to a byte, the first in the lowest bit, the last byte padded with zeros.
    static func appendBits(_ flags: ArraySlice<Bool>, to bytes: inout [UInt8]) {
        var byte: UInt8 = 0
        var count = 0
        for flag in flags {
            if flag { byte |= 1 << count }
            count += 1
            if count == 8 {
                bytes.append(byte)
                byte = 0
                count = 0
            }
        }
        if count > 0 { bytes.append(byte) }
    }

    /// The size of the values' PLAIN encoding, without encoding them.
    static func size(ofValues values: Range<Int>, of buffer: ParquetColumnBuffer) -> Int {
        switch buffer.storage {
        case .int32: values.count * 4
        case .int64, .double: values.count * 8
        case .bool: (values.count + 7) / 8
        case .byteArray, .fixed:
            values.isEmpty ? 0 : buffer.ends[values.upperBound - 1] - buffer.byteRange(ofValue: values.lowerBound).lowerBound
                + (buffer.storage == .byteArray ? 4 * values.count : 0)
        }
    }
}
