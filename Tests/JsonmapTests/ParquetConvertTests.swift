import Foundation
import Testing

/// `jsonmap convert --to parquet`: every file is read back with pyarrow and DuckDB and
/// compared with the NDJSON output of the same input and spec.
@Suite("jsonmap convert --to parquet")
struct ParquetConvertTests {
    static let fields = [
        "--field", "id=id:int!", "--field", "name=name", "--field", "n=n:int", "--field", "tags=tags:count",
        "--field", "score=score:double", "--field", "ok=ok:bool", "--field", "at=at:date",
        "--field", "price=price:decimal", "--field", "doc=doc:json",
    ]
    static let types = ["id": "int", "name": "string", "n": "int", "tags": "count", "score": "double", "ok": "bool",
                        "at": "date", "price": "decimal", "doc": "json"]

    /// Records with every column type, absent and null values, and text that needs care.
    static func records(_ count: Int) -> String {
        let names = ["ada", "zoë", "dev,ops", "say \"hi\"", "日本", "", "tab\there", "a\u{1F600}b"]
        return (0..<count).map { i in
            var members = ["\"id\":\(i)"]
            if i % 7 != 3 { members.append("\"name\":\(json(names[i % names.count]))") }
            if i % 5 != 0 { members.append("\"n\":\(i * 37 - 500)") } else { members.append("\"n\":null") }
            if i % 4 != 1 { members.append("\"tags\":[" + Array(repeating: "1", count: i % 6).joined(separator: ",") + "]") }
            if i % 6 != 2 { members.append("\"score\":\(Double(i) / 8 - 3.25)") }
            if i % 3 != 0 { members.append("\"ok\":\(i % 2 == 0)") }
            if i % 9 != 4 { members.append("\"at\":\"2024-0\(1 + i % 9)-1\(i % 10)T0\(i % 10):30:15\(i % 2 == 0 ? ".25" : "")Z\"") }
            if i % 8 != 5 { members.append("\"price\":\(i % 2 == 0 ? "-" : "")\(i).\(i % 100)") }
            if i % 10 != 7 { members.append("\"doc\":{\"k\":[\(i),\"v\",null,true],\"x\":{\"y\":1.5}}") }
            return "{" + members.joined(separator: ",") + "}\n"
        }.joined()
    }

    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    /// Converts `input` to NDJSON and to Parquet with the same arguments and compares them.
    @discardableResult
    static func convertAndCompare(_ runner: JsonmapRunner, input: String, extra: [String] = [], fields: [String] = fields,
                                  types: [String: String] = types, status: Int32 = 0) throws -> [String: Any] {
        try runner.write("in.jsonl", input)
        let text = try runner.run(["convert", "in.jsonl", "--to", "ndjson", "-o", "out.ndjson"] + fields)
        #expect(text.status == status, "\(text.stderr)")
        let parquet = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out.parquet"] + extra + fields)
        #expect(parquet.status == status, "\(parquet.stderr)")
        let report = try ParquetReadBack.compare(parquet: runner.path("out.parquet"), ndjson: runner.path("out.ndjson"), types: types)
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        return report
    }

    @Test func everyValueEqualsTheNDJSONOutput() throws {
        let runner = try JsonmapRunner()
        let report = try Self.convertAndCompare(runner, input: Self.records(500))
        #expect(report["rows"] as? Int == 500)
    }

    @Test func columnTypesAreTheDeclaredOnes() throws {
        let runner = try JsonmapRunner()
        try Self.convertAndCompare(runner, input: Self.records(20))
        let metadata = try ParquetReadBack.metadata(runner.path("out.parquet"))
        let columns = try #require(metadata["columns"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: columns.map { ($0["name"] as! String, $0) })
        func expectColumn(_ name: String, _ physical: String, _ logical: String, _ converted: String, required: Bool = false) {
            #expect(byName[name]?["physical"] as? String == physical, "\(name)")
            #expect(byName[name]?["logical"] as? String == logical, "\(name): \(byName[name] ?? [:])")
            #expect(byName[name]?["converted"] as? String == converted, "\(name)")
            #expect(byName[name]?["max_definition_level"] as? Int == (required ? 0 : 1), "\(name)")
        }
        expectColumn("id", "INT64", "None", "NONE", required: true)
        expectColumn("name", "BYTE_ARRAY", "String", "UTF8")
        expectColumn("n", "INT64", "None", "NONE")
        expectColumn("tags", "INT64", "None", "NONE")
        expectColumn("score", "DOUBLE", "None", "NONE")
        expectColumn("ok", "BOOLEAN", "None", "NONE")
        expectColumn("at", "INT64", "Timestamp(isAdjustedToUTC=true, timeUnit=microseconds, is_from_converted_type=false, force_set_converted_type=false)", "TIMESTAMP_MICROS")
        expectColumn("price", "FIXED_LEN_BYTE_ARRAY", "Decimal(precision=38, scale=9)", "DECIMAL")
        expectColumn("doc", "BYTE_ARRAY", "JSON", "JSON")
        #expect(byName["price"]?["length"] as? Int == 16)
        #expect(metadata["format_version"] as? String == "1.0")
        #expect((metadata["created_by"] as? String)?.hasPrefix("jsonmap version ") == true)
        let arrow = try #require(metadata["arrow_types"] as? [String: String])
        #expect(arrow["at"] == "timestamp[us, tz=UTC]")
        #expect(arrow["price"] == "decimal128(38, 9)")
    }

    @Test(arguments: ["9,2", "18,3", "20,4"])
    func decimalPrecisionChoosesThePhysicalType(decimal: String) throws {
        let runner = try JsonmapRunner()
        let input = "{\"p\":1.5}\n{\"p\":-12345.25}\n{}\n{\"p\":0}\n"
        try Self.convertAndCompare(runner, input: input, extra: ["--decimal", decimal], fields: ["--field", "p=p:decimal"], types: ["p": "decimal"])
        let metadata = try ParquetReadBack.metadata(runner.path("out.parquet"))
        let column = try #require((metadata["columns"] as? [[String: Any]])?.first)
        let physical = ["9,2": "INT32", "18,3": "INT64", "20,4": "FIXED_LEN_BYTE_ARRAY"][decimal]
        #expect(column["physical"] as? String == physical)
        #expect(column["precision"] as? Int == Int(decimal.split(separator: ",")[0]))
        #expect(column["scale"] as? Int == Int(decimal.split(separator: ",")[1]))
        let statistics = try ParquetReadBack.statistics(runner.path("out.parquet"))
        #expect(statistics["problems"] as? [String] == [], "\(statistics)")
    }

    @Test(arguments: [0, 1, 100, 101, 250])
    func rowGroupsEndWhereExpected(count: Int) throws {
        let runner = try JsonmapRunner()
        try Self.convertAndCompare(runner, input: Self.records(count), extra: ["--row-group-size", "100"])
        let metadata = try ParquetReadBack.metadata(runner.path("out.parquet"))
        let groups = (metadata["row_groups"] as? [[String: Any]] ?? []).map { $0["rows"] as? Int ?? -1 }
        let expected = [0: [], 1: [1], 100: [100], 101: [100, 1], 250: [100, 100, 50]][count]
        #expect(groups == expected)
        #expect(metadata["num_rows"] as? Int == count)
    }

    @Test func stringsAreDictionaryEncodedWhileItPays() throws {
        let runner = try JsonmapRunner()
        // "k": few distinct values (a dictionary pays); "u": distinct values, more than the
        // dictionary limit in all (plain).
        let input = (0..<30_000).map { i in
            "{\"k\":\"kind-\(i % 5)\",\"u\":\"\(String(repeating: "x", count: 30))-\(i)\"}\n"
        }.joined()
        let fields = ["--field", "k=k", "--field", "u=u"]
        try Self.convertAndCompare(runner, input: input, extra: ["--row-group-size", "40000"], fields: fields, types: ["k": "string", "u": "string"])
        let metadata = try ParquetReadBack.metadata(runner.path("out.parquet"))
        let group = try #require((metadata["row_groups"] as? [[String: Any]])?.first)
        let chunks = try #require(group["columns"] as? [[String: Any]])
        #expect(chunks[0]["has_dictionary_page"] as? Bool == true)
        #expect((chunks[0]["encodings"] as? [String])?.contains("RLE_DICTIONARY") == true)
        #expect((chunks[0]["data_page_offset"] as? Int ?? 0) > (chunks[0]["dictionary_page_offset"] as? Int ?? .max))
        #expect(chunks[1]["has_dictionary_page"] as? Bool == false)
        #expect(chunks[1]["dictionary_page_offset"] is NSNull)
        #expect((chunks[1]["encodings"] as? [String])?.contains("RLE_DICTIONARY") == false)
    }

    @Test func statisticsEqualWhatPyarrowComputes() throws {
        let runner = try JsonmapRunner()
        try Self.convertAndCompare(runner, input: Self.records(333), extra: ["--row-group-size", "64"])
        let report = try ParquetReadBack.statistics(runner.path("out.parquet"))
        #expect(report["problems"] as? [String] == [], "\(report)")
        #expect((report["checked"] as? Int ?? 0) >= 6 * 9)
    }

    @Test(arguments: ["zstd", "snappy", "gzip", "none"])
    func everyCodecReadsBack(codec: String) throws {
        let runner = try JsonmapRunner()
        try Self.convertAndCompare(runner, input: Self.records(300), extra: ["--compression", codec, "--row-group-size", "128"])
        let metadata = try ParquetReadBack.metadata(runner.path("out.parquet"))
        let chunk = try #require(((metadata["row_groups"] as? [[String: Any]])?.first?["columns"] as? [[String: Any]])?.first)
        #expect(chunk["compression"] as? String == ["zstd": "ZSTD", "snappy": "SNAPPY", "gzip": "GZIP", "none": "UNCOMPRESSED"][codec])
    }

    @Test(arguments: [("zstd", "19"), ("zstd", "1"), ("gzip", "1"), ("gzip", "9")])
    func compressionLevelsReadBack(codec: String, level: String) throws {
        let runner = try JsonmapRunner()
        try Self.convertAndCompare(runner, input: Self.records(300),
                                   extra: ["--compression", codec, "--compression-level", level, "--row-group-size", "128"])
    }

    @Test func aCompressionLevelTheCodecLacksIsAUsageError() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.records(3))
        for (codec, level) in [("zstd", "0"), ("zstd", "23"), ("gzip", "10"), ("snappy", "3"), ("none", "1")] {
            let result = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out.parquet",
                                         "--compression", codec, "--compression-level", level] + Self.fields)
            #expect(result.status == 2, "\(codec) \(level): \(result.stderr)")
            #expect(result.stderr.contains("\(codec) compression"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: runner.path("out.parquet")))
        }
    }

    @Test func standardOutputCarriesTheSameFile() throws {
        let runner = try JsonmapRunner()
        let input = Self.records(200)
        try Self.convertAndCompare(runner, input: input)
        let piped = try runner.run(["convert", "--to", "parquet"] + Self.fields, stdin: input)
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes == FileManager.default.contents(atPath: runner.path("out.parquet")))
    }

    @Test func rejectsAndDamageAreAccountedAsForCSV() throws {
        let runner = try JsonmapRunner()
        // Record 3 lacks its required id, record 5's decimal has more digits than the column's
        // scale (rejected by the Parquet conversion only), then the input is damaged.
        let lines = (0..<10).map { i in
            i == 3 ? "{\"v\":\"1\"}" : i == 5 ? "{\"id\":5,\"v\":\"0.0000000001\"}" : "{\"id\":\(i),\"v\":\"\(i).5\"}"
        }
        try runner.write("in.json", "[" + lines.joined(separator: ",") + ",{\"id\": x}]")
        let fields = ["--field", "id=id:int!", "--field", "v=v:decimal"]
        let result = try runner.run(["convert", "in.json", "--to", "parquet", "-o", "out.parquet", "--rejects", "r.jsonl"] + fields)
        #expect(result.status == 3)
        #expect(result.stderr.contains("10 records read, 8 written, 2 rejected"), "\(result.stderr)")
        #expect(result.stderr.contains("reading stopped at byte"))
        #expect((runner.read("r.jsonl") ?? "").split(separator: "\n").count == 2)
        #expect((runner.read("r.jsonl") ?? "").contains("digits after the point"))
        // The file holds the 8 rows written: as NDJSON writes them for the same records without the rejected ones.
        let kept = lines.enumerated().filter { $0.offset != 3 && $0.offset != 5 }.map(\.element)
        try runner.write("kept.jsonl", kept.joined(separator: "\n") + "\n")
        #expect(try runner.run(["convert", "kept.jsonl", "--to", "ndjson", "-o", "out.ndjson"] + fields).status == 0)
        let report = try ParquetReadBack.compare(parquet: runner.path("out.parquet"), ndjson: runner.path("out.ndjson"), types: ["id": "int", "v": "decimal"])
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        #expect(report["rows"] as? Int == 8)
    }

    @Test func aFailedRunLeavesNoFile() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", "{\"id\":1}\n{\"v\":2}\n{\"v\":3}\n")
        let result = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out.parquet", "--max-rejects", "1", "--field", "id=id:int!"])
        #expect(result.status == 1)
        #expect(try runner.userFiles() == ["in.jsonl"])
    }

    @Test func explodeAndCompressedInputCombine() throws {
        let runner = try JsonmapRunner()
        let records = (0..<300).map { i in
            "{\"id\":\(i),\"items\":[" + (0..<(i % 4)).map { "{\"sku\":\"s\($0)\",\"q\":\($0 * i)}" }.joined(separator: ",") + "]}\n"
        }.joined()
        let fields = ["--explode-outer", "items", "--field", "id=id:int", "--field", "pos=items:ordinal", "--field", "sku=items.sku",
                      "--field", "q=items.q:int"]
        try runner.write("plain.jsonl", records)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", runner.path("plain.jsonl")]
        try gzip.run()
        gzip.waitUntilExit()
        let text = try runner.run(["convert", "plain.jsonl.gz", "--to", "ndjson", "-o", "out.ndjson"] + fields)
        let parquet = try runner.run(["convert", "plain.jsonl.gz", "--to", "parquet", "-o", "out.parquet", "--row-group-size", "50"] + fields)
        #expect(text.status == 0 && parquet.status == 0, "\(parquet.stderr)")
        let report = try ParquetReadBack.compare(parquet: runner.path("out.parquet"), ndjson: runner.path("out.ndjson"),
                                                 types: ["id": "int", "pos": "ordinal", "sku": "string", "q": "int"])
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        #expect(report["rows"] as? Int == (0..<300).reduce(0) { $0 + max($1 % 4, 1) })
    }

    @Test func aSpecNamesTheOutputFormat() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", "{\"id\":1,\"name\":\"a\"}\n{\"id\":2}\n")
        try runner.write("spec.yaml", "to: parquet\ncolumns:\n  - {name: id, type: int, required: true}\n  - {name: name}\n")
        let result = try runner.run(["convert", "in.jsonl", "--spec", "spec.yaml", "-o", "out.parquet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runner.run(["convert", "in.jsonl", "--spec", "spec.yaml", "--to", "ndjson", "-o", "out.ndjson"]).status == 0)
        let report = try ParquetReadBack.compare(parquet: runner.path("out.parquet"), ndjson: runner.path("out.ndjson"),
                                                 types: ["id": "int", "name": "string"])
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        try runner.write("bad.yaml", "to: xml\ncolumns:\n  - {name: id}\n")
        let bad = try runner.run(["convert", "in.jsonl", "--spec", "bad.yaml"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.yaml: to (line 1"), "\(bad.stderr)")
        #expect(bad.stderr.contains("unknown output format \"xml\""))
        let none = try runner.run(["convert", "in.jsonl", "--field", "id=id"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--to"))
    }

    @Test func parquetOptionsNeedParquet() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--to", "csv", "--compression", "gzip", "--field", "a=a"])
        #expect(result.status == 2)
        let level = try runner.run(["convert", "--to", "csv", "--compression-level", "3", "--field", "a=a"])
        #expect(level.status == 2)
        #expect(level.stderr.contains("--compression-level"))
        let compress = try runner.run(["convert", "--to", "parquet", "--compress", "gzip", "--field", "a=a"])
        #expect(compress.status == 2)
        let help = try runner.run(["convert", "--help"])
        #expect(help.stdout.contains("--compression <zstd|snappy|gzip|none>"))
    }
}
