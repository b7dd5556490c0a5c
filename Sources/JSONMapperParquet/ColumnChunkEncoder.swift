import JSONMapper
/// Encodes one column's values of a row group into a column chunk: an optional dictionary
/// page, then data pages (format 1), each compressed on its own, with the chunk's metadata.
///
/// A data page holds the definition levels of an optional column (the hybrid encoding, bit
/// width 1, after their 4-byte little-endian length) and then its values: PLAIN, or for a
/// dictionary-encoded chunk the index bit width (one byte) and the indices in the hybrid
/// encoding. Pages end at a row boundary, past ``ParquetWriterOptions/pageSize`` bytes of
/// values or ``ParquetWriterOptions/pageRowLimit`` rows.
struct ColumnChunkEncoder {
    let options: ParquetWriterOptions

    /// Appends the chunk of `buffer` to `output`, whose first byte is at `offset` in the
    /// file, and returns its metadata.
    func encode(_ buffer: ParquetColumnBuffer, at offset: Int64, into output: inout [UInt8]) throws(ParquetError) -> ParquetMetadata.ColumnChunk {
        let dictionary = DictionaryBuilder.build(buffer, sizeLimit: options.dictionarySizeLimit)
        var chunk = ParquetMetadata.ColumnChunk(
            type: buffer.storage.physicalType, encodings: [.plain, .rle], path: buffer.column.name, codec: options.compression,
            valueCount: Int64(buffer.rowCount), totalUncompressedSize: 0, totalCompressedSize: 0, dataPageOffset: offset,
            dictionaryPageOffset: nil, statistics: ColumnStatistics.of(buffer, distinct: dictionary?.entries))
        let start = output.count
        if let dictionary {
            var page: [UInt8] = []
            PlainEncoding.appendByteArrays(dictionary.entries, of: buffer.bytes, size: dictionary.plainSize, to: &page)
            chunk.dictionaryPageOffset = offset
            try writePage(page, type: .dictionaryPage, valueCount: dictionary.entries.count, encoding: .plain, into: &output, chunk: &chunk)
            chunk.dataPageOffset = offset + Int64(output.count - start)
            chunk.encodings = [.plain, .rle, .rleDictionary]
        }
        for (rows, values) in pages(of: buffer) {
            var page: [UInt8] = []
            if buffer.column.isOptional { appendDefinitionLevels(buffer.isPresent[rows], to: &page) }
            if let dictionary {
                page.append(UInt8(dictionary.bitWidth))
                page.append(contentsOf: HybridEncoder.encode(dictionary.indices[values], bitWidth: dictionary.bitWidth))
            } else {
                PlainEncoding.append(values: values, of: buffer, to: &page)
            }
            try writePage(page, type: .dataPage, valueCount: rows.count, encoding: dictionary == nil ? .plain : .rleDictionary,
                          into: &output, chunk: &chunk)
        }
        return chunk
    }

    /// The rows of each data page, and the indices of their values. A chunk of no rows still
    /// has one, empty, page. A page's PLAIN size is taken for its whole value range at each row
    /// (`PlainEncoding.size`, one step whatever the range).
    private func pages(of buffer: ParquetColumnBuffer) -> [(rows: Range<Int>, values: Range<Int>)] {
        guard buffer.rowCount > 0 else { return [(0..<0, 0..<0)] }
        let isOptional = buffer.column.isOptional
        var pages: [(rows: Range<Int>, values: Range<Int>)] = []
        var start = 0
        var firstValue = 0
        var value = 0
        buffer.isPresent.withUnsafeBufferPointer { isPresent in
            for row in 0..<buffer.rowCount {
                if !isOptional || isPresent[row] { value += 1 }
                guard row + 1 - start >= options.pageRowLimit
                    || PlainEncoding.size(ofValues: firstValue..<value, of: buffer) >= options.pageSize else { continue }
                pages.append((start..<(row + 1), firstValue..<value))
                start = row + 1
                firstValue = value
            }
        }
        if start < buffer.rowCount { pages.append((start..<buffer.rowCount, firstValue..<value)) }
        return pages
    }

    private func appendDefinitionLevels(_ isPresent: ArraySlice<Bool>, to page: inout [UInt8]) {
        // Taken a run of equal levels at a time: most columns' levels are long runs of 1.
        var encoder = HybridEncoder(bitWidth: 1)
        var start = isPresent.startIndex
        while start < isPresent.endIndex {
            let level = isPresent[start]
            let end = isPresent[start...].firstIndex(of: !level) ?? isPresent.endIndex
            encoder.append(level ? 1 : 0, count: end - start)
            start = end
        }
        let levels = encoder.finish()
        PlainEncoding.append(UInt32(levels.count), to: &page)
        page.append(contentsOf: levels)
    }

    /// Compresses a page and appends it after its header; the chunk's sizes count both.
    private func writePage(_ page: [UInt8], type: ParquetMetadata.PageType, valueCount: Int, encoding: ParquetMetadata.Encoding,
                           into output: inout [UInt8], chunk: inout ParquetMetadata.ColumnChunk) throws(ParquetError) {
        let compressed = try options.compression.compress(page, level: options.compressionLevel)
        guard let uncompressedSize = Int32(exactly: page.count), let compressedSize = Int32(exactly: compressed.count) else {
            throw .invalidValue(column: chunk.path, reason: "a page of \(page.count) bytes, more than Parquet's 2 GiB page limit")
        }
        let header = ThriftCompactEncoder.encode(ParquetMetadata.PageHeader(
            type: type, uncompressedSize: uncompressedSize, compressedSize: compressedSize,
            valueCount: Int32(valueCount), encoding: encoding).thrift)
        output.append(contentsOf: header)
        output.append(contentsOf: compressed)
        chunk.totalUncompressedSize += Int64(header.count + page.count)
        chunk.totalCompressedSize += Int64(header.count + compressed.count)
    }
}

/// The dictionary of a byte-array column chunk: its distinct values in order of first
/// appearance, and each value's index. Built only while it pays: `nil` once the
/// dictionary's PLAIN size passes the limit, or when the dictionary page and the indices
/// would not be smaller than the values PLAIN.
struct DictionaryBuilder {
    /// Where each distinct value lies in the buffer's bytes.
    var entries: [Range<Int>] = []
    var indices: [UInt32] = []
    /// The size of the entries PLAIN: the dictionary page's.
    var plainSize = 0

    /// The bits of the largest index; at least 1, which every reader takes.
    var bitWidth: Int { max(1, HybridEncoder.bitWidth(forMaximum: UInt32(max(entries.count - 1, 0)))) }

    /// Values looked at before the dictionary is given up when nine in ten are distinct (ids,
    /// timestamps): it would barely beat PLAIN, and building it to the end costs the writing
    /// thread more than the rest of the chunk.
    static let probeValues = 4096

    static func build(_ buffer: ParquetColumnBuffer, sizeLimit: Int) -> DictionaryBuilder? {
        guard buffer.storage == .byteArray, buffer.valueCount > 0 else { return nil }
        var builder = DictionaryBuilder()
        builder.indices.reserveCapacity(buffer.valueCount)
        let found = buffer.bytes.withUnsafeBytes { (bytes) -> Bool in
            var table = DistinctValues(bytes: bytes)
            for value in 0..<buffer.valueCount {
                let range = buffer.byteRange(ofValue: value)
                let (index, isNew) = table.index(of: range, next: UInt32(builder.entries.count))
                builder.indices.append(index)
                if value + 1 == Self.probeValues, builder.entries.count * 10 > Self.probeValues * 9 { return false }
                guard isNew else { continue }
                builder.entries.append(range)
                builder.plainSize += 4 + range.count
                if builder.plainSize > sizeLimit { return false }
            }
            return true
        }
        guard found else { return nil }
        let plainSize = PlainEncoding.size(ofValues: 0..<buffer.valueCount, of: buffer)
        let encodedSize = builder.plainSize + (buffer.valueCount * builder.bitWidth + 7) / 8
        return encodedSize < plainSize ? builder : nil
    }
}

/// The distinct values of a column chunk, by their bytes: an open-addressing table of each
/// distinct value's range and index, hashed with the project's one key hash (`KeyBytes`).
private struct DistinctValues {
    private let bytes: UnsafeRawBufferPointer
    /// Per slot: index + 1 (0: empty), and the value's range.
    private var slots: [(index: UInt32, range: Range<Int>)]
    private var count = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        slots = Array(repeating: (0, 0..<0), count: 1024)
    }

    /// The index of the value at `range`: its earlier one, or `next` for a new value.
    mutating func index(of range: Range<Int>, next: UInt32) -> (index: UInt32, isNew: Bool) {
        if 2 * (count + 1) > slots.count { grow() }
        let base = bytes.baseAddress.map { $0 + range.lowerBound }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: KeyBytes.hash(base, count: range.count)) & mask
        while slots[slot].index != 0 {
            let other = slots[slot].range
            if other.count == range.count, KeyBytes.equal(base, bytes.baseAddress.map { $0 + other.lowerBound }, count: range.count) {
                return (slots[slot].index - 1, false)
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = (next + 1, range)
        count += 1
        return (next, true)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0..<0), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.index != 0 {
            let base = bytes.baseAddress.map { $0 + entry.range.lowerBound }
            var slot = Int(truncatingIfNeeded: KeyBytes.hash(base, count: entry.range.count)) & mask
            while slots[slot].index != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
