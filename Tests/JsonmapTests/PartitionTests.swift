import Foundation
import Testing

/// `--partition-by`: Hive-style directories read back with pyarrow's and DuckDB's hive
/// partitioning, values that need escaping, nulls, the open-file bound, and the directory's
/// atomic commit.
@Suite("jsonmap convert --partition-by")
struct PartitionTests {
    static let kinds: [String?] = ["push", "a/b", "x=y", "50% off", "zoë", nil, "", "q?\"#"]
    static let fields = ["--field", "id=id:int!", "--field", "kind=kind", "--field", "year=year:int", "--field", "v=v:double"]

    static func records(_ count: Int) -> String {
        (0..<count).map { i in
            var members = ["\"id\":\(i)", "\"year\":\(2020 + i % 3)", "\"v\":\(Double(i) / 4)"]
            if let kind = kinds[i % kinds.count] { members.append("\"kind\":\(ParquetConvertTests.json(kind))") }
            return "{" + members.joined(separator: ",") + "}\n"
        }.joined()
    }

    /// The rows a reader should see: the partition value as text, null for null and empty.
    static func expectedRows(_ count: Int) -> [[String: String?]] {
        (0..<count).map { i in
            let kind = kinds[i % kinds.count]
            return ["id": "\(i)", "kind": kind?.isEmpty == false ? kind : nil, "year": "\(2020 + i % 3)", "v": "\(Double(i) / 4)"]
        }
    }

    static func rows(_ report: [String: Any]) -> [[String: String?]] {
        (report["rows"] as? [[String: Any]] ?? []).map { row in row.mapValues { $0 as? String } }
    }

    @Test(arguments: ["parquet", "csv"])
    func directoriesReadBackWithHivePartitioning(format: String) throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.records(200))
        let result = try runner.run(["convert", "in.jsonl", "--to", format, "-o", "out", "--partition-by", "kind,year"] + Self.fields)
        #expect(result.status == 0, "\(result.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: runner.path("out")).sorted()
        #expect(folders == ["kind=50%25 off", "kind=__HIVE_DEFAULT_PARTITION__", "kind=a%2Fb", "kind=push", "kind=q%3F%22%23", "kind=x%3Dy", "kind=zoë"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.path("out/kind=a%2Fb/year=2021")) == ["part-0.\(format)"])
        let report = try ParquetReadBack.partitioned(runner.path("out"), orderBy: "id", format: format)
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        let expected = Self.expectedRows(200).sorted { ($0["id"]!! as String) < ($1["id"]!! as String) }
        #expect(Self.rows(report) == expected)
    }

    @Test func explodeAndCompressedInputCombineWithPartitions() throws {
        let runner = try JsonmapRunner()
        let records = (0..<120).map { i in
            "{\"id\":\(i),\"items\":[" + (0..<(i % 3)).map { "{\"sku\":\"s\($0)\",\"q\":\($0 * i)}" }.joined(separator: ",") + "]}\n"
        }.joined()
        try runner.write("in.jsonl", records)
        let zstd = Process()
        zstd.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zstd.arguments = ["zstd", "-q", runner.path("in.jsonl")]
        try zstd.run()
        zstd.waitUntilExit()
        let fields = ["--explode-outer", "items", "--field", "id=id:int", "--field", "pos=items:ordinal", "--field", "sku=items.sku",
                      "--field", "q=items.q:int"]
        let text = try runner.run(["convert", "in.jsonl.zst", "--to", "ndjson", "-o", "out.ndjson"] + fields)
        let parted = try runner.run(["convert", "in.jsonl.zst", "--to", "parquet", "-o", "out", "--partition-by", "sku"] + fields)
        #expect(text.status == 0 && parted.status == 0, "\(parted.stderr)")
        let report = try ParquetReadBack.partitioned(runner.path("out"), orderBy: "id")
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        // Every NDJSON row, its values as the readers' text, is a row of the partitioned files.
        let expected = (runner.read("out.ndjson") ?? "").split(separator: "\n").map { line -> [String: String?] in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            return object.mapValues { $0 is NSNull ? nil : "\($0)" }
        }
        let key = { (row: [String: String?]) in "\(row["id"].flatMap { $0 } ?? "")/\(row["pos"].flatMap { $0 } ?? "")" }
        #expect(Self.rows(report).sorted { key($0) < key($1) } == expected.sorted { key($0) < key($1) })
        #expect(expected.count == (0..<120).reduce(0) { $0 + max($1 % 3, 1) })
    }

    @Test func theOpenFileBoundStartsNewParts() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.records(90))
        let result = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out", "--partition-by", "year", "--max-open-files", "2"]
                                    + Self.fields)
        #expect(result.status == 0, "\(result.stderr)")
        // Years cycle 2020, 2021, 2022: with two files open, every row of a third year closes one.
        let parts = try FileManager.default.contentsOfDirectory(atPath: runner.path("out/year=2020"))
        #expect(parts.count > 1)
        let report = try ParquetReadBack.partitioned(runner.path("out"), orderBy: "id")
        #expect(report["mismatches"] as? [String] == [], "\(report)")
        #expect(Self.rows(report).count == 90)
    }

    @Test func anExistingDirectoryIsRefusedUnlessOverwritten() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.records(10))
        try FileManager.default.createDirectory(atPath: runner.path("out"), withIntermediateDirectories: false)
        try runner.write("out/old.txt", "old")
        let refused = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out", "--partition-by", "year"] + Self.fields)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("exists"))
        #expect(runner.read("out/old.txt") == "old")
        let replaced = try runner.run(["convert", "in.jsonl", "--to", "parquet", "-o", "out", "--partition-by", "year", "--overwrite"] + Self.fields)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(runner.read("out/old.txt") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.path("out")).sorted() == ["year=2020", "year=2021", "year=2022"])
        #expect(try runner.userFiles() == ["in.jsonl", "out"])
    }

    @Test func aStoppedRunLeavesNoDirectory() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.records(10) + "{\"kind\":\"k\"}\n")
        let result = try runner.run(["convert", "in.jsonl", "--to", "csv", "-o", "out", "--partition-by", "kind", "--max-rejects", "1"]
                                    + Self.fields)
        #expect(result.status == 1)
        #expect(try runner.userFiles() == ["in.jsonl"])
    }

    @Test func anInterruptedRunLeavesNoDirectory() throws {
        let runner = try JsonmapRunner()
        let pipe = Pipe()
        let process = try runner.start(["convert", "--to", "parquet", "-o", "out", "--partition-by", "year"] + Self.fields,
                                       stdinHandle: pipe.fileHandleForReading)
        // Records keep coming and the input stays open, so the run is mid-way when the signal lands.
        pipe.fileHandleForWriting.write(Data(Self.records(3000).utf8))
        let deadline = Date().addingTimeInterval(20)
        while try runner.userFiles().filter({ $0.hasPrefix(".out.jsonmap-") }).isEmpty, Date() < deadline { usleep(10_000) }
        #expect(try !runner.userFiles().isEmpty, "the temporary directory never appeared")
        usleep(100_000)
        kill(process.processIdentifier, SIGTERM)
        let exitDeadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < exitDeadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? pipe.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(try runner.userFiles() == [])
    }

    @Test func partitionsNeedAnOutputDirectoryAndKnownColumns() throws {
        let runner = try JsonmapRunner()
        #expect(try runner.run(["convert", "--to", "csv", "--partition-by", "kind"] + Self.fields).status == 2)
        let unknown = try runner.run(["convert", "--to", "csv", "-o", "out", "--partition-by", "nope"] + Self.fields)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no column is named nope"))
        #expect(try runner.userFiles() == [])
    }
}
