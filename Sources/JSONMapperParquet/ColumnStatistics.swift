import Foundation

/// A column chunk's statistics (`Statistics` in `parquet.thrift`): the null count, always,
/// and the smallest and largest value in the column's sort order, as readers order them for
/// `TypeDefinedOrder`:
///
/// - integers, timestamps and decimals stored as integers: signed;
/// - doubles: numerically, NaN left out (and counted in `nan_count`), a zero minimum written
///   as -0.0 and a zero maximum as +0.0, as the specification asks;
/// - booleans: false before true;
/// - strings and JSON: bytewise, unsigned; a bound longer than ``truncationLength`` is cut
///   at a character boundary, the maximum then raised to the next character so that it still
///   bounds every value (and marked inexact);
/// - fixed-length decimals: signed big-endian two's complement.
enum ColumnStatistics {
    /// The longest string bound written whole.
    static let truncationLength = 1024

    /// The statistics of `buffer`. `distinct`, when given, are the byte ranges of its distinct
    /// values (a dictionary's entries): the bounds of a byte-array column are sought among
    /// those alone.
    static func of(_ buffer: ParquetColumnBuffer, distinct: [Range<Int>]? = nil) -> ParquetMetadata.Statistics {
        var statistics = ParquetMetadata.Statistics(nullCount: Int64(buffer.nullCount))
        switch buffer.storage {
        case .int32:
            if let min = buffer.integers.min(), let max = buffer.integers.max() {
                statistics.minValue = PlainEncoding.bytes(of: Int32(truncatingIfNeeded: min))
                statistics.maxValue = PlainEncoding.bytes(of: Int32(truncatingIfNeeded: max))
            }
        case .int64:
            if let min = buffer.integers.min(), let max = buffer.integers.max() {
                statistics.minValue = PlainEncoding.bytes(of: min)
                statistics.maxValue = PlainEncoding.bytes(of: max)
            }
        case .double: setDoubleBounds(buffer.doubles, in: &statistics)
        case .bool:
            if !buffer.booleans.isEmpty {
                statistics.minValue = [buffer.booleans.contains(false) ? 0 : 1]
                statistics.maxValue = [buffer.booleans.contains(true) ? 1 : 0]
            }
        case .byteArray:
            if let distinct {
                setByteBounds(buffer, candidates: distinct, in: &statistics)
            } else {
                setByteBounds(buffer, candidates: (0..<buffer.valueCount).lazy.map(buffer.byteRange(ofValue:)), in: &statistics)
            }
        case .fixed: setFixedBounds(buffer, in: &statistics)
        }
        return statistics
    }

    private static func setDoubleBounds(_ values: [Double], in statistics: inout ParquetMetadata.Statistics) {
        var nanCount: Int64 = 0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var any = false
        for value in values {
            if value.isNaN {
                nanCount += 1
                continue
            }
            any = true
            minimum = Swift.min(minimum, value)
            maximum = Swift.max(maximum, value)
        }
        statistics.nanCount = nanCount
        guard any else { return }
        if minimum == 0 { minimum = -0.0 }
        if maximum == 0 { maximum = 0.0 }
        statistics.minValue = PlainEncoding.bytes(of: minimum.bitPattern)
        statistics.maxValue = PlainEncoding.bytes(of: maximum.bitPattern)
    }

    private static func setByteBounds<Candidates: Collection<Range<Int>>>(_ buffer: ParquetColumnBuffer, candidates: Candidates,
                                                                       in statistics: inout ParquetMetadata.Statistics) {
        guard var minimum = candidates.first else { return }
        var maximum = minimum
        buffer.bytes.withUnsafeBufferPointer { bytes in
            for range in candidates.dropFirst() {
                if precedes(range, minimum, in: bytes) { minimum = range }
                if precedes(maximum, range, in: bytes) { maximum = range }
            }
        }
        let bytes = buffer.bytes
        let (low, isLowExact) = lowerBound(bytes[minimum])
        statistics.minValue = low
        statistics.isMinExact = isLowExact
        if let high = upperBound(bytes[maximum]) {
            statistics.maxValue = high.bytes
            statistics.isMaxExact = high.isExact
        } else {
            statistics.minValue = nil
        }
    }

    /// Whether the value at `a` precedes the one at `b` in unsigned bytewise order, a prefix
    /// first (`memcmp` compares bytes as unsigned characters).
    private static func precedes(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(a.count, b.count)
        guard common > 0, let base = bytes.baseAddress else { return a.count < b.count }
        let order = memcmp(base + a.lowerBound, base + b.lowerBound, common)
        return order == 0 ? a.count < b.count : order < 0
    }

    private static func setFixedBounds(_ buffer: ParquetColumnBuffer, in statistics: inout ParquetMetadata.Statistics) {
        guard buffer.valueCount > 0 else { return }
        // Flipping the sign bit of the first byte makes signed order bytewise unsigned order.
        let key = { (range: Range<Int>) in buffer.bytes[range].enumerated().lazy.map { $0 == 0 ? $1 ^ 0x80 : $1 } }
        var minimum = buffer.byteRange(ofValue: 0)
        var maximum = minimum
        for index in 1..<buffer.valueCount {
            let range = buffer.byteRange(ofValue: index)
            if key(range).lexicographicallyPrecedes(key(minimum)) { minimum = range }
            if key(maximum).lexicographicallyPrecedes(key(range)) { maximum = range }
        }
        statistics.minValue = Array(buffer.bytes[minimum])
        statistics.maxValue = Array(buffer.bytes[maximum])
    }

    /// The value itself, or its longest prefix of whole characters within the length.
    static func lowerBound(_ value: ArraySlice<UInt8>) -> (bytes: [UInt8], isExact: Bool) {
        guard value.count > truncationLength else { return (Array(value), true) }
        return (Array(value.prefix(characterBoundary(in: value))), false)
    }

    /// The value itself, or its longest prefix of whole characters within the length with
    /// its last character raised by one (dropping characters that cannot be raised); `nil`
    /// when no prefix can be raised.
    static func upperBound(_ value: ArraySlice<UInt8>) -> (bytes: [UInt8], isExact: Bool)? {
        guard value.count > truncationLength else { return (Array(value), true) }
        var scalars = Array(String(decoding: value.prefix(characterBoundary(in: value)), as: UTF8.self).unicodeScalars)
        while let last = scalars.popLast() {
            // The next scalar value, over the surrogates that are no scalars.
            let next = last.value == 0xD7FF ? 0xE000 : last.value + 1
            guard let raised = Unicode.Scalar(next) else { continue }
            scalars.append(raised)
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return (Array(text.utf8), false)
        }
        return nil
    }

    /// The length of the value's longest prefix within ``truncationLength`` that ends at a
    /// character: before a byte that does not continue one (`10xxxxxx`).
    private static func characterBoundary(in value: ArraySlice<UInt8>) -> Int {
        var end = truncationLength
        while end > 0, value[value.startIndex + end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}
