import Foundation

/// The bench command: checks every contender's output, times them in interleaved rounds,
/// probes allocations and memory in child processes, and reports. The steps live in the files
/// named after their concept; this type only orders them, and holds no state but its options.
@main
struct Bench {
    let options: Options

    static func main() {
        let options: Options
        do {
            options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("bench: \(error)\n\n\(Options.usage)", code: 64)
        }
        if options.help {
            print(Options.usage)
            exit(0)
        }
        if let probe = options.probe { probeMain(probe) }
        if let path = options.lineFloor { LineFloor.run(path: path) }
        refuseDebugBuild(allowed: options.allowDebug)
        if options.cli {
            CLIComparison(options: options).run()
        } else {
            Bench(options: options).run()
        }
    }

    /// A debug build's numbers are meaningless: say so, and stop unless told otherwise.
    private static func refuseDebugBuild(allowed: Bool) {
        #if DEBUG
        note("""

            *************************************************************************
            *  WARNING: this is a DEBUG build of bench. Its numbers are meaningless. *
            *  Run:  swift run -c release bench                                      *
            *************************************************************************

            """)
        if !allowed {
            fail("bench: refusing to report numbers from a debug build (pass --allow-debug to override)", code: 2)
        }
        #endif
    }

    func run() {
        let started = Date()
        let (suites, absent) = selectSuites()
        for line in absent { note("note: " + line) }
        if suites.isEmpty {
            fail("bench: --filter \(options.filters.joined(separator: ", ")) matches no file or contender", code: 64)
        }
        let timed = time(suites)
        var rows = reportOrder(timed.rows, suites: suites)
        var notes = absent + timed.notes
        let timedSeconds = Date().timeIntervalSince(started)
        let probeNote = probe(&rows, notes: &notes)
        StreamCorpus.removeGeneratedFile()
        report(rows, suites: suites, notes: notes, probeNote: probeNote, started: started, timedSeconds: timedSeconds)
    }

    /// The files and, within each, the contenders the filters leave (with the references they
    /// are compared with), and a line for each selected file that is not there.
    private func selectSuites() -> (suites: [FileSuite], absent: [String]) {
        var suites: [FileSuite] = []
        var absent: [String] = []
        for entry in corpusEntries() {
            var selected = entry.contenderIDs.filter { options.selects(file: entry.file, $0) }
            if selected.isEmpty { continue }
            // A selected contender brings its references along (same file and operation), so
            // that its ratios can be computed.
            let references = selected.flatMap { id in
                [id.operation.reference?.library, id.operation.floor, id.library.walkAllCounterpart, id.library.oneWorkerCounterpart,
                 id.library.fileSourceCounterpart, id.library.handWrittenMappingCounterpart]
                    .compactMap { $0 }.map { ContenderID(id.operation, $0) }
            }
            selected += entry.contenderIDs.filter { references.contains($0) && !selected.contains($0) }
            do {
                switch try entry.makeSuite() {
                case .success(let suite): suites.append(suite.selecting { selected.contains($0.id) })
                case .failure(let missing): absent.append(missing.reason)
                }
            } catch {
                fail("bench: cannot load \(entry.file): \(error)")
            }
        }
        return (suites, absent)
    }

    /// File by file: check, then time. Nothing of a file is timed unless all its contenders
    /// agree, and a disagreement stops the run (no table). One interleaved phase per operation:
    /// ratios are only taken within an operation. The decode-dictionary phase comes first and
    /// reuses the trees the check parsed; they are dropped before the decode phase, so no tree
    /// sits in memory while bytes are decoded.
    private func time(_ suites: [FileSuite]) -> (rows: [ResultRow], notes: [String]) {
        let plan = options.plan
        var notes: [String] = []
        var rows: [ResultRow] = []
        for suite in suites {
            let checkStart = Date()
            let result = suite.verify()
            note(String(format: "checked %@ (%.1f s)", suite.file, Date().timeIntervalSince(checkStart)))
            // Notes only about the contenders that will be timed.
            let suiteNotes = result.notes.filter { note in suite.contenders.contains { note.libraries.contains($0.library) } }.map(\.text)
            for line in suiteNotes { note("note: " + line) }
            notes += suiteNotes
            if !result.failures.isEmpty {
                fail("bench: CORRECTNESS CHECK FAILED on \(suite.file), nothing more was timed:\n"
                    + result.failures.map { "  - " + $0 }.joined(separator: "\n"))
            }
            let records = result.records.map { Records(noun: suite.recordNoun, count: $0) }
            for operation in [Operation.decodeDictionary, .decode, .encode, .stream] {
                let group = suite.contenders.filter { $0.operation == operation }
                if group.isEmpty { continue }
                note("timing \(suite.file) (\(suite.bytes) bytes) \(operation.rawValue): \(group.map(\.library.rawValue).joined(separator: ", "))")
                do {
                    let runs = try group.map { try $0.prepare() }
                    let weight = suite.weight * Double(group.count) / Double(suite.contenders.count)
                    let phaseStart = Date()
                    var suitePlan = plan
                    if let minRounds = suite.minRounds { suitePlan.minRounds = min(plan.minRounds, minRounds) }
                    let measurement = try measure(group, runs, plan: suitePlan, weight: weight) { note("  " + $0) }
                    note(String(format: "  %.1f s", Date().timeIntervalSince(phaseStart)))
                    rows += resultRows(file: suite.file, bytes: suite.bytes, records: records, measurement)
                } catch {
                    fail("bench: \(suite.file) failed while timing: \(error)")
                }
                suite.release()
            }
        }
        return (rows, notes)
    }

    /// Rows in report order: per file, decode before decode-dictionary before encode.
    private func reportOrder(_ rows: [ResultRow], suites: [FileSuite]) -> [ResultRow] {
        let operationOrder: [Operation] = [.decode, .decodeDictionary, .encode, .stream]
        return suites.flatMap { suite in
            operationOrder.flatMap { operation in rows.filter { $0.file == suite.file && $0.operation == operation } }
        }
    }

    /// Allocations and peak memory, one child process per contender; returns the line that
    /// says how they were measured (or why not).
    private func probe(_ rows: inout [ResultRow], notes: inout [String]) -> String {
        guard options.probes ?? !options.quick else {
            return "allocations and peak memory not measured (" + (options.quick ? "--quick; add --probes" : "--no-probes") + ")"
        }
        // Longest first (a probe does about two runs plus the preparation), so two children stay busy.
        let jobs = rows.sorted { Double($0.bytes) / $0.mbps > Double($1.bytes) / $1.mbps }
            .map { ProbeJob(file: $0.file, id: ContenderID($0.operation, $0.library)) }
        note("probing allocations and peak memory (\(jobs.count) child processes) …")
        let probeStart = Date()
        let results = runProbes(jobs, allowDebug: options.allowDebug) { note("  " + $0) }
        note(String(format: "  probes: %.1f s", Date().timeIntervalSince(probeStart)))
        for index in rows.indices {
            let job = ProbeJob(file: rows[index].file, id: ContenderID(rows[index].operation, rows[index].library))
            guard let result = results[job] else { continue }
            rows[index].allocations = result.allocations
            rows[index].peakRSSGrowthBytes = result.peakRSSGrowthBytes
            if let error = result.error { notes.append("probe failed: \(job.file) \(job.id): \(error)") }
        }
        let counted = rows.contains { $0.allocations != nil }
        return "allocs/rec: allocation calls (malloc, calloc, realloc, aligned) on every thread in one warm run ÷ records, "
            + (counted ? "counted with glibc's malloc hooks (libc_malloc_debug.so preloaded) in a child process"
                       : "not available here (needs glibc's libc_malloc_debug.so)")
            + "; peak MB: growth of peak resident memory during one cold run in a fresh process, above the prepared input"
    }

    /// The table on stdout, and the `--json` and `--svg` files when asked for.
    private func report(_ rows: [ResultRow], suites: [FileSuite], notes: [String], probeNote: String,
                        started: Date, timedSeconds: Double) {
        let machine = Machine.current()
        let origins = suites.compactMap(\.origin)
        let memoryNote = ResidentMemory.maxRSS().map {
            String(format: "the bench process itself peaked at %.0f MB resident (getrusage ru_maxrss)", Double($0) / 1e6)
        }
        printTable(rows, machine: machine, notes: notes + [memoryNote].compactMap { $0 }, origins: origins, probeNote: probeNote)
        fflush(nil)  // the table (stdout) before the timing note (stderr)
        note(String(format: "bench: %.0f s (timing and checks %.0f s)", Date().timeIntervalSince(started), timedSeconds))

        if let path = options.jsonPath {
            let plan = options.plan
            let report = JSONReport(
                machine: machine,
                settings: .init(mode: options.quick ? "quick" : "standard", filters: options.filters,
                                secondsPerFile: plan.secondsPerFile, fixedRounds: plan.fixedRounds,
                                unit: "MB/s of the file's bytes (decode input; for encode, the source file's size), 1 MB = 10^6 bytes",
                                statistic: "median over interleaved rounds (rotated order, after warm-up); spread as p25/p75 and min/max",
                                ratios: "median over rounds of (reference time ÷ contender time) in the same round; "
                                    + "ratio_vs_JSONDecoder and ratio_vs_yajl for decode, ratio_vs_handwritten (handwritten-dictionary) "
                                    + "for decode-dictionary, ratio_vs_JSONEncoder for encode, ratio_vs_walk_all for the walk-choice rows; "
                                    + "for stream, ratio_vs_JSONDecoder (JSONDecoder-per-line), ratio_vs_yajl, and ratio_vs_one_worker "
                                    + "(JSONMapper-parallel and JSONMapper-parallel-transform against JSONMapper with one worker); "
                                    + "ratio_iqr holds their p25/p75",
                                probes: probeNote),
                date: ISO8601DateFormatter().string(from: Date()),
                notes: notes + origins.map { "synthetic: " + $0 },
                benchMaxRSSMB: ResidentMemory.maxRSS().map { Double($0 / 10_000) / 100 },
                results: rows)
            do { try report.writeJSON(to: path) } catch { fail("bench: cannot write \(path): \(error)") }
            note("wrote \(path)")
        }

        if let path = options.svgPath {
            do {
                try ratioChart(rows, machine: machine).write(toFile: path, atomically: true, encoding: .utf8)
                note("wrote \(path)")
            } catch {
                fail("bench: cannot write \(path): \(error)")
            }
        }
    }
}

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
