import Foundation

/// The Parquet conversion of `bench --cli`: the same event file and the same eight columns as
/// the CSV conversion, written as Parquet with zstd pages, jsonmap against DuckDB's
/// `COPY … TO 'x.parquet' (FORMAT parquet, COMPRESSION zstd)` with two threads, each a child
/// process, in interleaved rounds; and the size of each tool's file.
///
/// Nothing is timed until both files hold the same rows (read back with pyarrow) and
/// jsonmap's rows and rejects equal what the generator knows the file holds.
struct CLIParquetComparison {
    enum Tool: String, CaseIterable {
        case jsonmap = "jsonmap-parquet-zstd"
        case duckdb = "duckdb-parquet-zstd-2"
    }

    let rounds: Int

    /// What the comparison measured: a result row per tool that agreed, and notes.
    struct Outcome {
        var rows: [CLIResultRow] = []
        var notes: [String] = []
    }

    /// DuckDB's query: the CSV conversion's, copied to Parquet with zstd.
    static let duckdbScript = """
        import sys
        import duckdb

        source, output, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
        quote = lambda path: "'" + path.replace("'", "''") + "'"
        connection = duckdb.connect()
        connection.execute(f"SET threads = {threads}")
        connection.execute(f\"\"\"
            COPY (
                SELECT id, type, created_at, actor.login AS actor_login, repo.name AS repo_name,
                       TRY_CAST(payload.size AS BIGINT) AS payload_size, public, len(payload.commits) AS commits
                FROM read_json({quote(source)}, format = 'newline_delimited', ignore_errors = true,
                               columns = {{id: 'VARCHAR', type: 'VARCHAR', created_at: 'VARCHAR',
                                           actor: 'STRUCT(login VARCHAR)', repo: 'STRUCT(name VARCHAR)',
                                           payload: 'STRUCT(size VARCHAR, commits JSON[])', public: 'BOOLEAN'}})
                WHERE id IS NOT NULL
            ) TO {quote(output)} (FORMAT parquet, COMPRESSION zstd)
        \"\"\")
        """

    /// Prints the first row where two Parquet files differ (read with pyarrow, every cell as
    /// text, in file order), or nothing; and each file's row count.
    static let compareScript = """
        import sys
        import pyarrow.parquet as pq

        def rows(path):
            table = pq.read_table(path)
            columns = [[None if v is None else str(v) for v in c.to_pylist()] for c in table.columns]
            return list(zip(*columns)) if columns else []

        a, b = rows(sys.argv[1]), rows(sys.argv[2])
        print(len(a))
        if len(a) != len(b):
            print(f"{len(a)} rows against {len(b)}")
        else:
            for index, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    print(f"row {index}: {x} against {y}")
                    break
        """

    /// Checks and times the tools on `file`; DuckDB only when `withDuckDB` (it is installed).
    func run(file: EventFile, jsonmap: String, spec: String, withDuckDB: Bool, in directory: String) throws -> Outcome {
        let script = directory + "/duckdb_parquet.py"
        let compare = directory + "/compare_parquet.py"
        try Self.duckdbScript.write(toFile: script, atomically: true, encoding: .utf8)
        try Self.compareScript.write(toFile: compare, atomically: true, encoding: .utf8)
        let rejects = directory + "/parquet-rejects.jsonl"
        func arguments(_ tool: Tool, output: String) -> [String] {
            switch tool {
            case .jsonmap:
                [jsonmap, "convert", file.path, "--spec", spec, "--to", "parquet", "--compression", "zstd", "-o", output,
                 "--rejects", rejects, "--quiet"]
            case .duckdb: ["python3", script, file.path, output, "2"]
            }
        }
        func measured(_ tool: Tool, output: String) throws -> MeasuredRun {
            let run = try MeasuredCommand.run(arguments(tool, output: output), in: directory)
            let expected: Int32 = tool == .jsonmap ? 1 : 0
            guard run.status == expected else { throw CLIComparisonError("\(tool.rawValue) exited with \(run.status): \(run.standardError.suffix(2000))") }
            return run
        }

        var outcome = Outcome()
        var measurements: [Tool: CLIMeasurements] = [:]
        var sizes: [Tool: Int] = [:]
        let tools = withDuckDB ? Tool.allCases : [.jsonmap]
        let reference = directory + "/\(Tool.jsonmap.rawValue).parquet"
        for tool in tools {
            note("checking \(tool.rawValue) …")
            let output = directory + "/\(tool.rawValue).parquet"
            let run = try measured(tool, output: output)
            sizes[tool] = (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            let report = directory + "/compare-\(tool.rawValue).txt"
            let check = try MeasuredCommand.run(["python3", compare, reference, output], standardOutput: report, in: directory)
            let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n")
            try? FileManager.default.removeItem(atPath: report)
            guard check.status == 0, let count = lines.first.flatMap({ Int($0) }) else {
                throw CLIComparisonError("reading \(tool.rawValue)'s Parquet file failed: \(check.standardError.suffix(2000))")
            }
            var measurement = CLIMeasurements(rows: count)
            measurement.add(run)
            if tool == .jsonmap {
                let rejected = try Data(contentsOf: URL(fileURLWithPath: rejects)).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                guard count == file.counts.rows, rejected == file.counts.rejected else {
                    throw CLIComparisonError("jsonmap-parquet wrote \(count) rows and \(rejected) rejects; the file holds "
                        + "\(file.counts.rows) records that convert and \(file.counts.rejected) to reject")
                }
                measurement.rejected = rejected
            } else if lines.count > 1 {
                outcome.notes.append("\(tool.rawValue) disagrees with jsonmap-parquet, not timed: \(lines[1])")
                note("  MISMATCH: \(lines[1])")
                continue
            }
            measurements[tool] = measurement
        }
        try? FileManager.default.removeItem(atPath: reference)

        let timed = tools.filter { measurements[$0] != nil }
        for round in 0..<rounds {
            note("parquet round \(round + 1)/\(rounds)")
            for tool in timed.indices.map({ timed[($0 + round) % timed.count] }) {
                let output = directory + "/\(tool.rawValue).parquet"
                let run = try measured(tool, output: output)
                try? FileManager.default.removeItem(atPath: output)
                measurements[tool]?.add(run, round: round)
                note(String(format: "  %@ %.2f s", tool.rawValue, run.seconds))
            }
        }
        for tool in timed {
            guard let measurement = measurements[tool] else { continue }
            outcome.rows.append(Self.row(tool, measurement, bytes: file.bytes, duckdb: tool == .jsonmap ? measurements[.duckdb] : nil,
                                         outputBytes: sizes[tool]))
        }
        return outcome
    }

    private static func row(_ tool: Tool, _ measurement: CLIMeasurements, bytes: Int, duckdb: CLIMeasurements?, outputBytes: Int?) -> CLIResultRow {
        let seconds = measurement.secondsByRound.isEmpty ? nil : Stats(Array(measurement.secondsByRound.values)).median
        return CLIResultRow(library: tool.rawValue, mbps: seconds.map { Double(bytes) / $0 / 1e6 }, seconds: seconds,
                            runs: measurement.secondsByRound.count, peakRSSMB: measurement.peakRSSBytes.map { Double($0) / 1e6 },
                            rows: measurement.rows, ratioVsDuckDB: measurement.ratio(against: duckdb), ratioVsJq: nil, shareOfFloor: nil,
                            rejected: measurement.rejected, read: measurement.rejected.map { measurement.rows + $0 },
                            outputBytes: outputBytes)
    }

    /// The files' sizes and the Parquet targets, after the table.
    static func printTargets(_ rows: [CLIResultRow]) {
        guard let jsonmap = rows.first(where: { $0.library == Tool.jsonmap.rawValue }) else { return }
        let duckdb = rows.first { $0.library == Tool.duckdb.rawValue }
        print("")
        for row in [jsonmap] + (duckdb.map { [$0] } ?? []) {
            print("parquet file of \(row.library): " + (row.outputBytes.map { "\($0) bytes" } ?? "not measured"))
        }
        let sizeRatio = zip(jsonmap.outputBytes, duckdb?.outputBytes).map { Double($0) / Double($1) }
        func target(_ name: String, _ value: Double?, _ met: (Double) -> Bool) {
            print("target \(name): " + (value.map { (met($0) ? "met" : "MISSED") + String(format: " (%.2f)", $0) } ?? "not measured"))
        }
        target("parquet ≥ 1.0× duckdb COPY to parquet with 2 threads", jsonmap.ratioVsDuckDB) { $0 >= 1.0 }
        target("parquet file ≤ 1.2× duckdb's (zstd)", sizeRatio) { $0 <= 1.2 }
        target("parquet peak RSS < 64 MB + one row group", jsonmap.peakRSSMB) { $0 < 64 }
    }
}

/// Two optionals as one, when both are there.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
