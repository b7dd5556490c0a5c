@testable import JSONMapperParquet
import Foundation
import JSONMapper
import Testing

/// Files written by ``ParquetWriter`` read back with pyarrow (python3; `scripts/test` installs
/// it when missing, and a missing pyarrow fails these tests): a property test over random
/// columns, values, row group and page sizes and codecs, and the schema-row writer.
@Suite struct RoundTripTests {
    /// A deterministic generator, so a failure names its seed and replays.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let kinds: [ParquetColumn.Kind] = [.string, .json, .int64, .double, .bool, .timestampMicros,
                                              .decimal(precision: 9, scale: 2), .decimal(precision: 18, scale: 0),
                                              .decimal(precision: 38, scale: 10), .decimal(precision: 25, scale: 5)]

    /// A random value of `kind` and its canonical text, as the reader script prints it.
    static func value(of kind: ParquetColumn.Kind, using random: inout SplitMix) -> (ParquetValue, String) {
        switch kind {
        case .string:
            let alphabet = Array("ab zé日😀\"\\,\n") + ["x"]
            let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (.string(text), text)
        case .json:
            let text = "{\"k\":\(Int.random(in: -5...5, using: &random))}"
            return (.string(text), text)
        case .int64, .timestampMicros:
            let number = Bool.random(using: &random) ? Int64.random(in: -1000...1000, using: &random) : Int64.random(in: -(1 << 52)...(1 << 52), using: &random)
            return (.int64(number), "\(number)")
        case .double:
            let specials: [Double] = [0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
            let number = Bool.random(using: &random) ? specials.randomElement(using: &random)! : Double.random(in: -1e6...1e6, using: &random)
            return (.double(number), "\(Int64(bitPattern: number.bitPattern))")
        case .bool:
            let flag = Bool.random(using: &random)
            return (.bool(flag), flag ? "true" : "false")
        case .decimal(let precision, _):
            let digits = Int.random(in: 1...precision, using: &random)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            text = String(text.drop { $0 == "0" })
            if text.isEmpty { text = "0" }
            if text != "0", Bool.random(using: &random) { text = "-" + text }
            // Digits straight to bytes: `Decimal` itself keeps fewer digits than a precision of 38.
            let magnitude = text.drop { $0 == "-" }.map { UInt8($0.wholeNumberValue!) }
            let value: ParquetValue = precision <= 18
                ? .int64(Int64(text)!)
                : .bytes(DecimalConversion.bigEndian(magnitude, isNegative: text.hasPrefix("-"), width: ParquetColumn.byteWidth(ofPrecision: precision)))
            return (value, text)
        }
    }

    @Test(arguments: 0..<24)
    func randomFilesReadBackThroughPyarrow(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 7919)
        let columns = (0..<Int.random(in: 1...6, using: &random)).map { index in
            ParquetColumn("c\(index)", kind: Self.kinds.randomElement(using: &random)!, optional: Bool.random(using: &random))
        }
        var options = ParquetWriterOptions()
        options.rowGroupSize = Int.random(in: 1...80, using: &random)
        options.pageRowLimit = Int.random(in: 1...50, using: &random)
        options.pageSize = Int.random(in: 1...256, using: &random)
        options.compression = ParquetCompression.allCases.randomElement(using: &random)!
        options.compressionLevel = options.compression.levels.map { Int.random(in: $0, using: &random) }
        options.dictionarySizeLimit = Int.random(in: 0...400, using: &random)
        let rowCount = Int.random(in: 0...240, using: &random)
        var writer = try ParquetWriter(columns: columns, options: options)
        var expected: [[String?]] = []
        var block = ParquetRowBlock(columns)
        for _ in 0..<rowCount {
            var row: [ParquetValue] = []
            var texts: [String?] = []
            for column in columns {
                if column.isOptional, Int.random(in: 0..<4, using: &random) == 0 {
                    row.append(.null)
                    texts.append(nil)
                } else {
                    let (value, text) = Self.value(of: column.kind, using: &random)
                    row.append(value)
                    texts.append(text)
                }
            }
            // Rows go one by one or through blocks, as a worker's would, in order.
            if Bool.random(using: &random) {
                try writer.write(block)
                block.removeAll()
                try writer.write(row: row)
            } else {
                try block.append(row: row)
                if block.rowCount >= 7 {
                    try writer.write(block)
                    block.removeAll()
                }
            }
            expected.append(texts)
            if block.rowCount > 0, Bool.random(using: &random) {
                try writer.write(block)
                block.removeAll()
            }
        }
        try writer.write(block)
        // A copy holds the same row group in flight, and writes the same file.
        var twin = writer
        try writer.finish()
        try twin.finish()
        #expect(twin.bufferedBytes == writer.bufferedBytes, "seed \(seed)")
        let report = try PyarrowReader.read(writer.bufferedBytes)
        let rows = PyarrowReader.rows(report)
        #expect(rows.count == expected.count, "seed \(seed)")
        if let index = rows.indices.first(where: { $0 < expected.count && rows[$0] != expected[$0] }) {
            Issue.record("seed \(seed), columns \(columns), options \(options): row \(index) reads \(rows[index]), wrote \(expected[index])")
        }
        let groups = report["groups"] as? [Int] ?? []
        let size = options.rowGroupSize
        #expect(groups == Array(repeating: size, count: rowCount / size) + (rowCount % size > 0 ? [rowCount % size] : []), "seed \(seed)")
        #expect(report["statistics"] as? [String] == [], "seed \(seed)")
    }

    @Test func schemaRowsRoundTrip() throws {
        let schema = try JSONSchema(columns: [
            JSONColumn("id", path: "id", type: .int, required: true),
            JSONColumn("name", path: "name"),
            JSONColumn("at", path: "at", type: .date()),
        ])
        var writer = try JSONParquetWriter(schema: schema)
        try writer.write(JSONRow(cells: [.int(1), .string("ada"), .date(Date(timeIntervalSince1970: 1.5))]))
        try writer.write(JSONRow(cells: [.int(2), .null, .null]))
        #expect(throws: JSONMapperError.self) { try writer.write(JSONRow(cells: [.null, .null, .null])) }
        try writer.finish()
        let report = try PyarrowReader.read(writer.bufferedBytes)
        #expect(PyarrowReader.rows(report) == [["1", "ada", "1500000"], ["2", nil, nil]])
    }

    @Test func stringBoundsAreCutAtCharacters() {
        let long = Array(String(repeating: "é", count: 600).utf8)[...]
        let (low, lowExact) = ColumnStatistics.lowerBound(long)
        #expect(!lowExact && low.count == ColumnStatistics.truncationLength && String(validating: low, as: UTF8.self) != nil)
        let high = ColumnStatistics.upperBound(long)
        // "é" (U+00E9) raised is "ê" (U+00EA): bigger than every value with the cut prefix.
        #expect(high?.isExact == false)
        #expect(high.map { String(decoding: $0.bytes, as: UTF8.self).hasSuffix("ê") } == true)
        #expect(high.map { long.lexicographicallyPrecedes($0.bytes) } == true)
    }
}

/// pyarrow, in a python3 subprocess, reading a file's bytes: every value as canonical text
/// (integers and timestamps as integers, doubles as their bit patterns, decimals as unscaled
/// integers), the row groups' sizes, and each chunk's statistics checked against the data.
enum PyarrowReader {
    static func read(_ file: [UInt8]) throws -> [String: Any] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parquet-\(UUID().uuidString).parquet")
        try Data(file).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(message: "pyarrow could not read the file: \(errorText)")
        }
        return report
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The report's rows, each value's text or `nil` for a null.
    static func rows(_ report: [String: Any]) -> [[String?]] {
        (report["rows"] as? [[Any]] ?? []).map { $0.map { $0 as? String } }
    }

    static let script = #"""
import sys, json, struct, decimal
import pyarrow as pa
import pyarrow.parquet as pq
import pyarrow.compute as pc

# 38-digit decimals: Python's default context keeps 28 digits.
decimal.getcontext().prec = 80
f = pq.ParquetFile(sys.argv[1])
table = f.read()

def text(column, value):
    if value is None:
        return None
    t = column.type
    if pa.types.is_boolean(t):
        return "true" if value else "false"
    if pa.types.is_floating(t):
        return str(struct.unpack("<q", struct.pack("<d", value))[0])
    if pa.types.is_decimal(t):
        return str(int(value.scaleb(t.scale)))
    return str(value)

columns = []
for column in table.columns:
    if pa.types.is_timestamp(column.type):
        column = column.cast(pa.int64())
    columns.append(column)
rows = []
for i in range(table.num_rows):
    rows.append([text(c, c[i].as_py()) for c in columns])

problems = []
md = f.metadata
for g in range(md.num_row_groups):
    group = f.read_row_group(g)
    for i in range(md.num_columns):
        st = md.row_group(g).column(i).statistics
        data = group.column(i)
        if isinstance(data.type, pa.BaseExtensionType):
            data = pa.chunked_array([chunk.storage for chunk in data.chunks], type=data.type.storage_type)
        if st is None or st.null_count != data.null_count:
            problems.append("group %d column %d null_count" % (g, i))
            continue
        values = data.drop_null()
        if pa.types.is_floating(data.type):
            values = values.filter(pc.invert(pc.is_nan(values)))
        if len(values) == 0:
            if st.has_min_max:
                problems.append("group %d column %d: min/max without values" % (g, i))
            continue
        if pa.types.is_string(data.type) or pa.types.is_binary(data.type):
            raw = sorted(v.encode("utf-8") if isinstance(v, str) else v for v in values.to_pylist())
            lo, hi = raw[0], raw[-1]
            got_lo = st.min.encode("utf-8") if isinstance(st.min, str) else st.min
            got_hi = st.max.encode("utf-8") if isinstance(st.max, str) else st.max
        else:
            mm = pc.min_max(values)
            lo, hi = mm["min"].as_py(), mm["max"].as_py()
            got_lo, got_hi = st.min, st.max
        if pa.types.is_floating(data.type) and lo == 0 and hi == 0:
            ok = got_lo == 0 and got_hi == 0
        else:
            ok = got_lo == lo and got_hi == hi
        if not ok:
            problems.append("group %d column %d: %r/%r, data %r/%r" % (g, i, got_lo, got_hi, lo, hi))
print(json.dumps({"rows": rows, "groups": [md.row_group(g).num_rows for g in range(md.num_row_groups)], "statistics": problems}))
"""#
}
