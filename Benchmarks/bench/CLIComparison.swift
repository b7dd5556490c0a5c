import Foundation

/// `bench --cli`: jsonmap against DuckDB and jq converting one generated JSON Lines event file
/// (≥ 250 MB) to an 8-column CSV, each tool a child process, in interleaved rounds; the same
/// file gzip-compressed (`gzip -6`), read by jsonmap and DuckDB themselves and by jq through
/// `zcat`; the same file exploded to one row per commit against DuckDB's `unnest`
/// (`CLIExplodeComparison`); and the same columns as Parquet with zstd against DuckDB's
/// `COPY … TO` Parquet, with each file's size (`CLIParquetComparison`).
///
/// Nothing is timed until every tool's rows equal jsonmap's, and jsonmap's rows and rejects
/// equal what the generator knows the file holds. A missing tool is reported as skipped, with
/// the command that installs it.
struct CLIComparison {
    static let minimumBytes = 250_000_000

    let rounds: Int
    let jsonPath: String?
    let svgPath: String?

    init(options: Options) {
        rounds = options.rounds ?? (options.quick ? 1 : 3)
        jsonPath = options.jsonPath
        svgPath = options.svgPath
    }

    func run() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-bench-cli-\(getpid())").path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try compare(in: directory)
        } catch {
            fail("bench --cli: \(error)")
        }
    }

    private func compare(in directory: String) throws {
        let jsonmap = try JSONMapBinary.locate()
        var tools: [CLITool] = []
        var skipped: [CLISkippedTool] = []
        for tool in CLITool.allCases {
            if let missing = tool.missing(jsonmapPath: jsonmap) {
                skipped.append(CLISkippedTool(library: tool.rawValue, reason: missing.reason, install: missing.install))
                note("skipped \(tool.rawValue): \(missing.reason) (install: \(missing.install))")
            } else {
                tools.append(tool)
            }
        }
        guard let jsonmap, tools.contains(.jsonmap) else { throw CLIComparisonError("jsonmap is needed as the reference, and it is missing") }

        note("generating the event file (≥ \(Self.minimumBytes / 1_000_000) MB) …")
        let file = try EventFile.generate(at: directory + "/events.jsonl", minimumBytes: Self.minimumBytes)
        note("  \(file.bytes) bytes, \(file.counts.lines) records, \(file.counts.malformed) malformed, \(file.counts.withoutID) without id")
        let gzip = file.path + ".gz"
        note("compressing it (gzip -6) …")
        let compression = try MeasuredCommand.run(["gzip", "-6", "-c", file.path], standardOutput: gzip, in: directory)
        guard compression.status == 0 else { throw CLIComparisonError("gzip failed: \(compression.standardError.suffix(2000))") }
        let inputs = CLITool.Inputs(jsonmap: jsonmap, spec: directory + "/spec.json", duckdbScript: directory + "/duckdb_convert.py",
                                    rejects: directory + "/rejects.jsonl", gzip: gzip)
        try CLITool.spec.write(toFile: inputs.spec, atomically: true, encoding: .utf8)
        try CLITool.duckdbScript.write(toFile: inputs.duckdbScript, atomically: true, encoding: .utf8)

        let checked = try check(tools, file: file, inputs: inputs, directory: directory)
        var results = checked.results
        let timed = tools.filter { !checked.mismatched.contains($0) }
        try time(timed, file: file, inputs: inputs, directory: directory, into: &results)
        let exploded = try CLIExplodeComparison(rounds: rounds)
            .run(file: file, jsonmap: jsonmap, withDuckDB: tools.contains(.duckdbTwoThreads), in: directory)
        let parquet = try CLIParquetComparison(rounds: rounds)
            .run(file: file, jsonmap: jsonmap, spec: inputs.spec, withDuckDB: tools.contains(.duckdbTwoThreads), in: directory)
        let rows = results.sorted { CLITool.allCases.firstIndex(of: $0.key)! < CLITool.allCases.firstIndex(of: $1.key)! }
            .map { $0.value.row(tool: $0.key, bytes: file.bytes, against: results) } + exploded.rows + parquet.rows
        let notes = checked.notes + exploded.notes + parquet.notes
        printCLITable(rows, file: file, skipped: skipped, notes: notes)
        CLIExplodeComparison.printTargets(rows, file: file)
        CLIParquetComparison.printTargets(rows)
        if let svgPath {
            try cliChart(rows, machine: .current()).write(toFile: svgPath, atomically: true, encoding: .utf8)
            note("wrote \(svgPath)")
        }
        if let jsonPath {
            try CLIReport(machine: .current(), date: ISO8601DateFormatter().string(from: Date()), rounds: rounds,
                          file: .init(file), notes: notes, results: rows, skipped: skipped).writeJSON(to: jsonPath)
            note("wrote \(jsonPath)")
        }
    }

    /// One run of each tool, compared cell by cell with jsonmap's; jsonmap's own output with the
    /// generator's counts. A tool that disagrees is reported and not timed.
    private func check(_ tools: [CLITool], file: EventFile, inputs: CLITool.Inputs, directory: String) throws
        -> (results: [CLITool: CLIMeasurements], mismatched: Set<CLITool>, notes: [String]) {
        var results: [CLITool: CLIMeasurements] = [:]
        var reference: CSVTable?
        var mismatched: Set<CLITool> = []
        var notes: [String] = []
        for tool in tools {
            note("checking \(tool.rawValue) …")
            let output = directory + "/\(tool.rawValue).csv"
            let run = try runTool(tool, file: file, inputs: inputs, output: output)
            guard tool.writesCSV else {
                var measurements = CLIMeasurements(rows: 0)
                measurements.add(run)
                results[tool] = measurements
                continue
            }
            var table = try CSVTable(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            if tool.writesHeader, !table.rows.isEmpty { table.rows.removeFirst() }
            try? FileManager.default.removeItem(atPath: output)
            var measurements = CLIMeasurements(rows: table.rows.count)
            measurements.add(run)
            if tool.isJSONMap {
                measurements.rejected = try lineCount(inputs.rejects)
                try checkAccounting(tool, rows: table.rows.count, rejected: measurements.rejected!, status: run.status, file: file)
            }
            if let reference {
                if let difference = table.firstDifference(from: reference) {
                    mismatched.insert(tool)
                    notes.append("\(tool.rawValue) disagrees with jsonmap, not timed: \(difference)")
                    note("  MISMATCH: \(difference)")
                }
            } else {
                reference = table
            }
            results[tool] = measurements
        }
        return (results.filter { !mismatched.contains($0.key) }, mismatched, notes)
    }

    /// jsonmap loses nothing: rows + rejects = records read, each as the generator counted.
    private func checkAccounting(_ tool: CLITool, rows: Int, rejected: Int, status: Int32, file: EventFile) throws {
        guard rows == file.counts.rows, rejected == file.counts.rejected, rows + rejected == file.counts.lines else {
            throw CLIComparisonError("\(tool.rawValue) wrote \(rows) rows and \(rejected) rejects; the file holds \(file.counts.lines) records, "
                + "of which \(file.counts.rows) convert and \(file.counts.rejected) must be rejected")
        }
        guard status == 1 else { throw CLIComparisonError("\(tool.rawValue) exited with \(status), not 1 (records were rejected)") }
    }

    /// Interleaved rounds, rotating the order so no tool always runs after the same one.
    private func time(_ tools: [CLITool], file: EventFile, inputs: CLITool.Inputs, directory: String,
                      into results: inout [CLITool: CLIMeasurements]) throws {
        for round in 0..<rounds {
            let order = tools.indices.map { tools[($0 + round) % tools.count] }
            note("round \(round + 1)/\(rounds)")
            for tool in order {
                let output = directory + "/\(tool.rawValue).csv"
                let run = try runTool(tool, file: file, inputs: inputs, output: output)
                try? FileManager.default.removeItem(atPath: output)
                results[tool]?.add(run, round: round)
                note(String(format: "  %@ %.2f s", tool.rawValue, run.seconds))
            }
        }
    }

    private func runTool(_ tool: CLITool, file: EventFile, inputs: CLITool.Inputs, output: String) throws -> MeasuredRun {
        let directory = (output as NSString).deletingLastPathComponent
        let run = tool.writesToStandardOutput
            ? try MeasuredCommand.run(tool.arguments(input: file.path, output: output, inputs), standardOutput: output, in: directory)
            : try MeasuredCommand.run(tool.arguments(input: file.path, output: output, inputs), in: directory)
        let expected: Set<Int32> = tool.isJSONMap ? [1] : [0]
        guard expected.contains(run.status) else {
            throw CLIComparisonError("\(tool.rawValue) exited with \(run.status): \(run.standardError.suffix(2000))")
        }
        return run
    }

    private func lineCount(_ path: String) throws -> Int {
        try Data(contentsOf: URL(fileURLWithPath: path)).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

/// Where the jsonmap binary is: beside this bench binary (one `swift build` builds both). When
/// it is not there yet, it is built with the same configuration.
enum JSONMapBinary {
    static func locate() throws -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = executable.deletingLastPathComponent().appendingPathComponent("jsonmap").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        guard let root = packageRoot(above: executable) else { return nil }
        note("building jsonmap (swift build -c \(buildConfiguration) --product jsonmap) …")
        let build = try MeasuredCommand.run(["swift", "build", "-c", buildConfiguration, "--product", "jsonmap", "--package-path", root],
                                            in: FileManager.default.temporaryDirectory.path)
        guard build.status == 0 else { throw CLIComparisonError("building jsonmap failed:\n\(build.standardError.suffix(4000))") }
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }

    /// The package directory holding the build folder this binary was built in.
    private static func packageRoot(above executable: URL) -> String? {
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory.path }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}

struct CLIComparisonError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
