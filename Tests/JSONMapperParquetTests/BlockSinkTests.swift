@testable import JSONMapperParquet
import Foundation
import JSONMapper
import Testing

/// Parquet through the record path's block sink (``ParquetBlockSink``: the planned way's cells
/// straight into typed columns, a block per run) writes the file a row at a time writes
/// (``JSONParquetWriter/write(_:)-(JSONRow)`` of the general way's rows), byte for byte, with
/// the same rejections: over records that convert, that the planned way hands to the general
/// way, and that the Parquet columns cannot take.
@Suite struct BlockSinkTests {
    static let columns = [
        JSONColumn("id", path: "id", type: .int, required: true),
        JSONColumn("name", paths: ["user.name", "name"]),
        JSONColumn("score", path: "score", type: .double),
        JSONColumn("ok", path: "ok", type: .bool, default: true),
        JSONColumn("when", path: "when", type: .date()),
        JSONColumn("tags", path: "tags", type: .count),
        JSONColumn("raw", path: "raw", type: .json),
        JSONColumn("price", path: "price", type: .decimal),
    ]

    static func records(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = RoundTripTests.SplitMix(state: seed)
        let names = [#""ann""#, #""b,\"o\"b""#, #""日本""#, "12", "null", "true", #""""#]
        let scores = ["1.5", "-0.0", "1e300", #""2.25""#, "null", #""x""#]
        let whens = [#""2024-02-29T10:20:30Z""#, "1700000000", #""not a date""#, "null"]
        let prices = ["12.5", "123456789012345678901234567890123456789", "null", #""3""#]
        var lines: [String] = []
        for index in 0..<count {
            var members: [String] = []
            if Int.random(in: 0..<30, using: &random) != 0 { members.append("\"id\":\(index)") }
            if Bool.random(using: &random) { members.append("\"user\":{\"name\":\(names.randomElement(using: &random)!)}") }
            if Bool.random(using: &random) { members.append("\"name\":\(names.randomElement(using: &random)!)") }
            members.append("\"score\":\(scores.randomElement(using: &random)!)")
            if Bool.random(using: &random) { members.append("\"ok\":\(Bool.random(using: &random))") }
            members.append("\"when\":\(whens.randomElement(using: &random)!)")
            members.append("\"tags\":" + (Bool.random(using: &random) ? "[1,[2],{}]" : "[]"))
            if Bool.random(using: &random) { members.append(#""raw":{"a":[1,"x"]}"#) }
            members.append("\"price\":\(prices.randomElement(using: &random)!)")
            lines.append("{" + members.joined(separator: ",") + "}")
            if Int.random(in: 0..<40, using: &random) == 0 { lines.append("{\"id\":") }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The file and the rejections, through runs of blocks.
    static func throughBlocks(_ bytes: [UInt8], _ schema: JSONSchema, options: ParquetWriterOptions, workers: Int) throws -> ([UInt8], [String]) {
        var writer = try JSONParquetWriter(schema: schema, options: options, decimalPrecision: 20, decimalScale: 2)
        var rejections: [String] = []
        let runs = JSONRecordDecoder(framing: .jsonLines, workers: workers)
            .rowRuns(schema, into: writer.blockSink, from: .bytes(bytes)) { rejections.append("\($0.index) \($0.error)") }
        for result in runs { try writer.write(result.get().value.rows) }
        try writer.finish()
        return (writer.bufferedBytes, rejections)
    }

    /// The file and the rejections, a row of the general way at a time (converted on the worker).
    static func rowByRow(_ bytes: [UInt8], _ schema: JSONSchema, options: ParquetWriterOptions) throws -> ([UInt8], [String]) {
        var writer = try JSONParquetWriter(schema: schema, options: options, decimalPrecision: 20, decimalScale: 2)
        var rejections: [String] = []
        let mapping = writer.mapping
        let rows = JSONRecordDecoder(framing: .jsonLines, workers: 1).records(schema, from: .bytes(bytes), transform: { (row) throws(JSONMapperError) in
            try mapping.values(of: row)
        }, onRejection: { rejections.append("\($0.index) \($0.error)") })
        for result in rows { try writer.write(values: result.get().value) }
        try writer.finish()
        return (writer.bufferedBytes, rejections)
    }

    @Test(arguments: [1, 2])
    func blocksWriteTheFileRowsWrite(workers: Int) throws {
        let schema = try JSONSchema(columns: Self.columns)
        var options = ParquetWriterOptions()
        options.rowGroupSize = 70
        for seed in 1...6 {
            let bytes = Self.records(400, seed: UInt64(seed))
            let expected = try Self.rowByRow(bytes, schema, options: options)
            let actual = try Self.throughBlocks(bytes, schema, options: options, workers: workers)
            #expect(!expected.1.isEmpty, "some records are rejected")
            #expect(actual.1 == expected.1, "seed \(seed)")
            #expect(actual.0 == expected.0, "seed \(seed): the files differ")
        }
    }
}

/// A block cut back to a row (``ParquetRowBlock/removeRows(from:)``, a failed record's rows)
/// holds what it held at that row, in every column kind, optional or required, nulls and all,
/// also when the record failed partway through a row (its later columns have one row fewer).
@Suite struct RowRemovalTests {
    @Test(arguments: 0..<40)
    func aBlockCutBackHoldsWhatItHeldAtThatRow(seed: Int) throws {
        var random = RoundTripTests.SplitMix(state: UInt64(seed) &+ 101)
        let columns = (0..<Int.random(in: 1...6, using: &random)).map { index in
            ParquetColumn("c\(index)", kind: RoundTripTests.kinds.randomElement(using: &random)!, optional: Bool.random(using: &random))
        }
        func randomRow() -> [ParquetValue] {
            columns.map { column in
                column.isOptional && Int.random(in: 0..<4, using: &random) == 0
                    ? .null : RoundTripTests.value(of: column.kind, using: &random).0
            }
        }
        var block = ParquetRowBlock(columns)
        for _ in 0..<Int.random(in: 0...20, using: &random) { try block.append(row: randomRow()) }
        let kept = block
        // The failed record: whole rows, then a row cut short after some of its columns.
        for _ in 0..<Int.random(in: 0...5, using: &random) { try block.append(row: randomRow()) }
        let partial = randomRow()
        for index in 0..<Int.random(in: 0..<columns.count, using: &random) { block.store(partial[index], column: index) }
        block.removeRows(from: kept.rowCount)
        for (actual, expected) in zip(block.columns, kept.columns) {
            #expect(actual.rowCount == expected.rowCount && actual.nullCount == expected.nullCount)
            #expect(actual.isPresent == expected.isPresent && actual.integers == expected.integers)
            #expect(actual.doubles.map(\.bitPattern) == expected.doubles.map(\.bitPattern) && actual.booleans == expected.booleans)
            #expect(actual.bytes == expected.bytes && actual.ends == expected.ends)
        }
    }
}
