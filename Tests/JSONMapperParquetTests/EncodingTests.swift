@testable import JSONMapperParquet
import Foundation
import Testing

/// The Thrift compact encoder, the hybrid RLE / bit-packing encoder and the decimal
/// conversion against bytes worked out by hand from the specifications (thrift's
/// `thrift-compact-protocol.md`, parquet-format's `Encodings.md`), never produced by this code.
@Suite struct ThriftCompactTests {
    private func bytes(_ build: (inout ThriftStruct) -> Void) -> [UInt8] {
        var value = ThriftStruct()
        build(&value)
        return ThriftCompactEncoder.encode(value)
    }

    @Test func shortFieldHeaderHoldsTheDeltaAndType() {
        // Field 1, i32 (5): 0x15; zigzag(1) = 2; stop.
        #expect(bytes { $0.set(1, .i32(1)) } == [0x15, 0x02, 0x00])
    }

    @Test func longFieldHeaderCarriesTheIdAsZigZag() {
        // Field 20 is 20 above 0: the type byte (i64, 6), then zigzag(20) = 40; zigzag(-1) = 1.
        #expect(bytes { $0.set(20, .i64(-1)) } == [0x06, 0x28, 0x01, 0x00])
    }

    @Test func booleanFieldsLiveInTheHeader() {
        #expect(bytes { $0.set(1, .bool(true)); $0.set(2, .bool(false)) } == [0x11, 0x12, 0x00])
    }

    @Test func binaryIsLengthThenBytes() {
        // Field 4, binary (8): 0x48; length 2; "ab".
        #expect(bytes { $0.set(4, .string("ab")) } == [0x48, 0x02, 0x61, 0x62, 0x00])
    }

    @Test func shortListAndMultiByteVarint() {
        // Field 2, list (9): 0x29; 3 elements of i32: 0x35; zigzag 2, 1, 600 = 0xD8 0x04.
        #expect(bytes { $0.set(2, .list(.i32, [.i32(1), .i32(-1), .i32(300)])) } == [0x29, 0x35, 0x02, 0x01, 0xD8, 0x04, 0x00])
    }

    @Test func longListHasItsSizeApart() {
        let list = ThriftValue.list(.i32, Array(repeating: .i32(0), count: 15))
        #expect(bytes { $0.set(1, list) } == [0x19, 0xF5, 0x0F] + Array(repeating: 0, count: 15) + [0x00])
    }

    @Test func nestedStructCountsItsFieldsFromZero() {
        var inner = ThriftStruct()
        inner.set(1, .i32(2))
        // Field 1 struct (12): 0x1C, { 0x15 0x04 stop }, then field 2 is 1 above field 1: 0x15.
        #expect(bytes { $0.set(1, .structure(inner)); $0.set(2, .i32(3)) } == [0x1C, 0x15, 0x04, 0x00, 0x15, 0x06, 0x00])
    }

    @Test func doubleIsEightBytesLittleEndian() {
        #expect(bytes { $0.set(1, .double(1.0)) } == [0x17, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 0x00])
    }

    @Test func largeI64() {
        // zigzag(2^35) = 2^36: five 7-bit groups of zeros, then 2.
        #expect(bytes { $0.set(1, .i64(1 << 35)) } == [0x16, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02, 0x00])
    }

    @Test func dataPageHeader() {
        let header = ParquetMetadata.PageHeader(type: .dataPage, uncompressedSize: 10, compressedSize: 10, valueCount: 5, encoding: .plain)
        // type 0, sizes 10 (zigzag 20 = 0x14), then field 5 (2 above 3): the DataPageHeader with
        // num_values 5 (0x0A), PLAIN, RLE (3, zigzag 6) for both level encodings.
        #expect(ThriftCompactEncoder.encode(header.thrift) == [
            0x15, 0x00, 0x15, 0x14, 0x15, 0x14, 0x2C,
            0x15, 0x0A, 0x15, 0x00, 0x15, 0x06, 0x15, 0x06, 0x00,
            0x00,
        ])
    }
}

@Suite struct HybridEncodingTests {
    @Test func bitPackedExampleOfEncodingsMd() {
        // Encodings.md: 0…7 at bit width 3 pack to 10001000 11000110 11111010; one group: header 3.
        #expect(HybridEncoder.encode([0, 1, 2, 3, 4, 5, 6, 7], bitWidth: 3) == [0x03, 0x88, 0xC6, 0xFA])
    }

    @Test func repeatsBecomeRLERuns() {
        // 8 zeros: header 8 << 1 = 0x10, value 0; 16 ones: 0x20, value 1.
        #expect(HybridEncoder.encode(Array(repeating: 0, count: 8) + Array(repeating: 1, count: 16), bitWidth: 1) == [0x10, 0x00, 0x20, 0x01])
    }

    @Test func literalsBeforeARepeatFillWholeGroups() {
        // 1, 0, then eleven 1s: too few left after topping up the group to make a run, so
        // thirteen literals, padded to two groups: 11111101, 00011111.
        #expect(HybridEncoder.encode([1, 0] + Array(repeating: 1, count: 11), bitWidth: 1) == [0x05, 0xFD, 0x1F])
    }

    @Test func runValueTakesWholeBytes() {
        // Bit width 9: the repeated value takes two bytes, little-endian.
        #expect(HybridEncoder.encode(Array(repeating: 300, count: 9), bitWidth: 9) == [0x12, 0x2C, 0x01])
    }

    @Test func longLiteralRunsAreSplitAt63Groups() {
        let values = (0..<1000).map { UInt32($0 % 2) }
        let bytes = HybridEncoder.encode(values, bitWidth: 1)
        // 125 groups: 63 (header 127 = 0x7F), then 62 (header 125 = 0x7D); each group one byte 0b10101010.
        #expect(bytes.count == 2 + 125)
        #expect(bytes[0] == 0x7F && bytes[64] == 0x7D)
        #expect(bytes[1] == 0xAA)
    }

    /// Runs appended whole (as definition levels are) encode as the same values one at a time.
    @Test func runsAppendedWholeEncodeAsSingleValues() {
        var random = RoundTripTests.SplitMix(state: 7)
        for _ in 0..<200 {
            var runs = HybridEncoder(bitWidth: 3)
            var values: [UInt32] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let value = UInt32.random(in: 0...2, using: &random)
                let count = Int.random(in: 1...30, using: &random)
                runs.append(value, count: count)
                values.append(contentsOf: repeatElement(value, count: count))
            }
            #expect(runs.finish() == HybridEncoder.encode(values, bitWidth: 3))
        }
    }

    @Test func bitWidths() {
        #expect(HybridEncoder.bitWidth(forMaximum: 0) == 0)
        #expect(HybridEncoder.bitWidth(forMaximum: 1) == 1)
        #expect(HybridEncoder.bitWidth(forMaximum: 255) == 8)
        #expect(HybridEncoder.bitWidth(forMaximum: 256) == 9)
    }
}

@Suite struct DecimalConversionTests {
    @Test func smallPrecisionIsAnInteger() throws {
        #expect(try DecimalConversion.value(of: Decimal(string: "-12.5")!, precision: 9, scale: 2) == .int64(-1250))
        #expect(try DecimalConversion.value(of: Decimal(string: "3")!, precision: 18, scale: 3) == .int64(3000))
    }

    @Test func widePrecisionIsBigEndianTwosComplement() throws {
        // 1.23 at scale 2 is 123 = 0x7B; -1 is all ones. Precision 38 takes 16 bytes.
        #expect(try DecimalConversion.value(of: Decimal(string: "1.23")!, precision: 38, scale: 2) == .bytes(Array(repeating: 0, count: 15) + [0x7B]))
        #expect(try DecimalConversion.value(of: Decimal(string: "-1")!, precision: 38, scale: 0) == .bytes(Array(repeating: 0xFF, count: 16)))
        // Precision 20 takes 9 bytes: 256 = 0x01 0x00.
        #expect(try DecimalConversion.value(of: Decimal(256), precision: 20, scale: 0) == .bytes(Array(repeating: 0, count: 7) + [0x01, 0x00]))
    }

    @Test func tooManyDigitsAreRefused() throws {
        #expect(throws: DecimalConversion.Failure.self) { try DecimalConversion.value(of: Decimal(string: "1.234")!, precision: 38, scale: 2) }
        #expect(throws: DecimalConversion.Failure.self) { try DecimalConversion.value(of: Decimal(string: "1000")!, precision: 3, scale: 0) }
        #expect(try DecimalConversion.value(of: Decimal(string: "1.200")!, precision: 5, scale: 2) == .int64(120))
    }

    @Test func byteWidths() {
        #expect(ParquetColumn.byteWidth(ofPrecision: 9) == 4)
        #expect(ParquetColumn.byteWidth(ofPrecision: 10) == 5)
        #expect(ParquetColumn.byteWidth(ofPrecision: 18) == 8)
        #expect(ParquetColumn.byteWidth(ofPrecision: 38) == 16)
    }
}

/// What a column buffer takes: each refused value leaves the buffer as it was, and the values
/// it takes are stored where the encoder reads them, in row order, with the nulls counted.
@Suite struct ColumnBufferTests {
    @Test func aNarrowDecimalTakesOnlyIntegersThatFitThirtyTwoBits() throws {
        var buffer = ParquetColumnBuffer(ParquetColumn("price", kind: .decimal(precision: 9, scale: 2)))
        try buffer.append(.int64(Int64(Int32.max)))
        try buffer.append(.int64(Int64(Int32.min)))
        #expect(throws: ParquetError.self) { try buffer.append(.int64(Int64(Int32.max) + 1)) }
        #expect(throws: ParquetError.self) { try buffer.append(.double(1)) }
        try buffer.append(.null)
        #expect(buffer.integers == [Int64(Int32.max), Int64(Int32.min)])
        #expect(buffer.isPresent == [true, true, false])
        #expect((buffer.rowCount, buffer.nullCount) == (3, 1))
    }

    @Test func aRequiredColumnRefusesANullAndKeepsNoLevels() throws {
        var buffer = ParquetColumnBuffer(ParquetColumn("ok", kind: .bool, optional: false))
        try buffer.append(.bool(true))
        #expect(throws: ParquetError.self) { try buffer.append(.null) }
        #expect(throws: ParquetError.self) { try buffer.append(.int64(1)) }
        try buffer.append(.bool(false))
        #expect(buffer.booleans == [true, false])
        #expect(buffer.isPresent.isEmpty)
        #expect((buffer.rowCount, buffer.nullCount) == (2, 0))
    }

    @Test func appendedRowsOfAnotherBufferKeepTheirBytesAndEnds() throws {
        let column = ParquetColumn("name", kind: .string)
        var first = ParquetColumnBuffer(column)
        try first.append(.string("ab"))
        var second = ParquetColumnBuffer(column)
        for value: ParquetValue in [.string("c"), .null, .string("de"), .string("")] { try second.append(value) }
        first.append(contentsOf: second, rows: 1..<4)
        #expect(first.bytes == Array("abde".utf8))
        #expect(first.ends == [2, 4, 4])
        #expect(first.isPresent == [true, false, true, true])
        #expect((first.rowCount, first.nullCount) == (4, 1))
    }
}

@Suite struct CompressionLevelTests {
    /// The same rows written at `level` of `codec`.
    static func file(_ codec: ParquetCompression, level: Int?) throws -> [UInt8] {
        var options = ParquetWriterOptions()
        options.compression = codec
        options.compressionLevel = level
        var writer = try ParquetWriter(columns: [ParquetColumn("text", kind: .string, optional: false)], options: options)
        for index in 0..<4_000 { try writer.write(row: [.string("record \(index * 7919 % 4_001) of \(index % 13)")]) }
        try writer.finish()
        return writer.bufferedBytes
    }

    @Test func theLevelReachesTheCodec() throws {
        #expect(try Self.file(.zstd, level: 1) != Self.file(.zstd, level: 19))
        #expect(try Self.file(.gzip, level: 1) != Self.file(.gzip, level: 9))
    }

    @Test func noLevelIsEachCodecsDefault() throws {
        #expect(ParquetCompression.zstd.defaultLevel == 1)
        #expect(ParquetCompression.gzip.defaultLevel == 6)
        #expect(try Self.file(.zstd, level: nil) == Self.file(.zstd, level: 1))
        #expect(try Self.file(.gzip, level: nil) == Self.file(.gzip, level: 6))
    }

    @Test func aLevelTheCodecLacksIsRefused() {
        let refusals: [(ParquetCompression, Int, String)] = [
            (.zstd, 0, "zstd compression levels are 1–22, not 0"), (.zstd, 23, "zstd compression levels are 1–22, not 23"),
            (.gzip, 0, "gzip compression levels are 1–9, not 0"), (.gzip, 10, "gzip compression levels are 1–9, not 10"),
            (.snappy, 3, "snappy compression has no levels (level 3 was given)"),
            (.none, 1, "none compression has no levels (level 1 was given)"),
        ]
        for (codec, level, message) in refusals {
            var options = ParquetWriterOptions()
            options.compression = codec
            options.compressionLevel = level
            #expect(throws: ParquetError.invalidOption(message)) {
                try ParquetWriter(columns: [ParquetColumn("a", kind: .int64)], options: options)
            }
        }
    }
}
