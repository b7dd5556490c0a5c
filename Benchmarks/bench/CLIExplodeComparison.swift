import Foundation

/// The exploded conversion of `bench --cli`: one CSV row per commit of each push event of the
/// same event file (`id, repo.name, the commit's position from 0, sha, author.name,
/// message`), jsonmap's `explode` against DuckDB's `unnest` with two threads, each a child
/// process, in interleaved rounds.
///
/// Nothing is timed until DuckDB's rows equal jsonmap's, jsonmap wrote as many rows as the
/// generator wrote commits into records that convert, and rejected the records it must.
struct CLIExplodeComparison {
    enum Tool: String, CaseIterable {
        case jsonmap = "jsonmap-explode"
        case duckdb = "duckdb-unnest-2"
    }

    let rounds: Int

    /// What the comparison measured: a result row per tool that agreed, and notes.
    struct Outcome {
        var rows: [CLIResultRow] = []
        var notes: [String] = []
    }

    /// jsonmap's spec: the record's id (required, as in the flat conversion) and repo, the
    /// commit's position and three of its fields.
    static let spec = """
        {"explode": "payload.commits", "columns": [
          {"name": "id", "path": "id", "type": "string", "required": true},
          {"name": "repo_name", "path": "repo.name", "type": "string"},
          {"name": "n", "path": "payload.commits", "type": "ordinal"},
          {"name": "sha", "path": "payload.commits.sha", "type": "string"},
          {"name": "author", "path": "payload.commits.author.name", "type": "string"},
          {"name": "message", "path": "payload.commits.message", "type": "string"}
        ], "coercion": "lenient"}
        """

    /// DuckDB's query: `unnest` in the projection (beside `generate_subscripts` for the
    /// position), which keeps the input order as jsonmap's rows have it, with the same
    /// `read_json` options as the flat conversion.
    static let duckdbScript = """
        import sys
        import duckdb

        source, output, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
        quote = lambda path: "'" + path.replace("'", "''") + "'"
        connection = duckdb.connect()
        connection.execute(f"SET threads = {threads}")
        connection.execute(f\"\"\"
            COPY (
                SELECT id, repo_name, n, commit.sha, commit.author.name, commit.message FROM (
                    SELECT id, repo.name AS repo_name, generate_subscripts(payload.commits, 1) - 1 AS n,
                           unnest(payload.commits) AS commit
                    FROM read_json({quote(source)}, format = 'newline_delimited', ignore_errors = true,
                                   columns = {{id: 'VARCHAR', repo: 'STRUCT(name VARCHAR)',
                                               payload: 'STRUCT(commits STRUCT(sha VARCHAR, author STRUCT(name VARCHAR), message VARCHAR)[])'}})
                    WHERE id IS NOT NULL
                )
            ) TO {quote(output)} (HEADER, DELIMITER ',')
        \"\"\")
        """

    /// Checks and times the tools on `file`; DuckDB only when `withDuckDB` (it is installed).
    func run(file: EventFile, jsonmap: String, withDuckDB: Bool, in directory: String) throws -> Outcome {
        let spec = directory + "/explode-spec.json"
        let script = directory + "/duckdb_unnest.py"
        try Self.spec.write(toFile: spec, atomically: true, encoding: .utf8)
        try Self.duckdbScript.write(toFile: script, atomically: true, encoding: .utf8)
        let rejects = directory + "/explode-rejects.jsonl"
        func arguments(_ tool: Tool, output: String) -> [String] {
            switch tool {
            case .jsonmap: [jsonmap, "convert", file.path, "--spec", spec, "--to", "csv", "-o", output, "--rejects", rejects, "--quiet"]
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
        var reference: CSVTable?
        let tools = withDuckDB ? Tool.allCases : [.jsonmap]
        for tool in tools {
            note("checking \(tool.rawValue) …")
            let output = directory + "/\(tool.rawValue).csv"
            let run = try measured(tool, output: output)
            var table = try CSVTable(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            if !table.rows.isEmpty { table.rows.removeFirst() }
            try? FileManager.default.removeItem(atPath: output)
            var measurement = CLIMeasurements(rows: table.rows.count)
            measurement.add(run)
            if tool == .jsonmap {
                let rejected = try Data(contentsOf: URL(fileURLWithPath: rejects)).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                guard table.rows.count == file.counts.commits, rejected == file.counts.rejected else {
                    throw CLIComparisonError("jsonmap-explode wrote \(table.rows.count) rows and \(rejected) rejects; the file holds "
                        + "\(file.counts.commits) commits in records that convert and \(file.counts.rejected) records to reject")
                }
                measurement.rejected = rejected
                reference = table
            } else if let reference, let difference = table.firstDifference(from: reference) {
                outcome.notes.append("\(tool.rawValue) disagrees with jsonmap-explode, not timed: \(difference)")
                note("  MISMATCH: \(difference)")
                continue
            }
            measurements[tool] = measurement
        }

        let timed = tools.filter { measurements[$0] != nil }
        for round in 0..<rounds {
            note("explode round \(round + 1)/\(rounds)")
            for tool in timed.indices.map({ timed[($0 + round) % timed.count] }) {
                let output = directory + "/\(tool.rawValue).csv"
                let run = try measured(tool, output: output)
                try? FileManager.default.removeItem(atPath: output)
                measurements[tool]?.add(run, round: round)
                note(String(format: "  %@ %.2f s", tool.rawValue, run.seconds))
            }
        }
        for tool in timed {
            guard let measurement = measurements[tool] else { continue }
            outcome.rows.append(Self.row(tool, measurement, bytes: file.bytes, duckdb: tool == .jsonmap ? measurements[.duckdb] : nil,
                                         read: tool == .jsonmap ? file.counts.lines : nil))
        }
        return outcome
    }

    /// The tool's result row; `read`: the records jsonmap read (its rows are commits, not records).
    private static func row(_ tool: Tool, _ measurement: CLIMeasurements, bytes: Int, duckdb: CLIMeasurements?, read: Int?) -> CLIResultRow {
        let seconds = measurement.secondsByRound.isEmpty ? nil : Stats(Array(measurement.secondsByRound.values)).median
        return CLIResultRow(library: tool.rawValue, mbps: seconds.map { Double(bytes) / $0 / 1e6 }, seconds: seconds,
                            runs: measurement.secondsByRound.count, peakRSSMB: measurement.peakRSSBytes.map { Double($0) / 1e6 },
                            rows: measurement.rows, ratioVsDuckDB: measurement.ratio(against: duckdb), ratioVsJq: nil, shareOfFloor: nil,
                            rejected: measurement.rejected, read: read)
    }

    /// The explode's accounting and targets, after the table.
    static func printTargets(_ rows: [CLIResultRow], file: EventFile) {
        guard let jsonmap = rows.first(where: { $0.library == Tool.jsonmap.rawValue }) else { return }
        print("")
        print("explode accounting: read \(file.counts.lines) records = mapped \(file.counts.rows) + rejected \(jsonmap.rejected ?? 0); "
            + "\(jsonmap.rows) rows written (one per commit)")
        func target(_ name: String, _ value: Double?, _ met: (Double) -> Bool) {
            print("target \(name): " + (value.map { (met($0) ? "met" : "MISSED") + String(format: " (%.2f)", $0) } ?? "not measured"))
        }
        target("explode ≥ 0.8× duckdb unnest with 2 threads", jsonmap.ratioVsDuckDB) { $0 >= 0.8 }
        target("explode peak RSS < 64 MB", jsonmap.peakRSSMB) { $0 < 64 }
    }
}
