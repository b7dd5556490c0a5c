import Foundation

// Argument parsing and orchestration: check every contender's output, then time them in
// interleaved rounds and report. Everything else lives in the files named after its concept.

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

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

#if DEBUG
note("""

    *************************************************************************
    *  WARNING: this is a DEBUG build of bench. Its numbers are meaningless. *
    *  Run:  swift run -c release bench                                      *
    *************************************************************************

    """)
if !options.allowDebug {
    fail("bench: refusing to report numbers from a debug build (pass --allow-debug to override)", code: 2)
}
#endif

// Select the suites and, within each, the contenders the filters leave.
var suites: [FileSuite] = []
for entry in corpusEntries() {
    let libraries = entry.libraries.filter { options.selects(file: entry.file, library: $0) }
    if libraries.isEmpty { continue }
    let suite: FileSuite
    do { suite = try entry.makeSuite() } catch { fail("bench: cannot load \(entry.file): \(error)") }
    suites.append(FileSuite(file: suite.file, data: suite.data,
                            contenders: suite.contenders.filter { libraries.contains($0.library) },
                            verify: suite.verify))
}
if suites.isEmpty {
    fail("bench: --filter \(options.filters.joined(separator: ", ")) matches no file or contender", code: 64)
}

// Correctness first: nothing is timed unless every contender agrees on every selected file.
var failures: [String] = []
var notes: [String] = []
for suite in suites {
    note("checking \(suite.file) …")
    let result = suite.verify()
    failures += result.failures
    // Notes only about the contenders that will be timed.
    notes += result.notes.filter { note in suite.contenders.contains { $0.library == note.library } }.map(\.text)
}
for line in notes { note("note: " + line) }
if !failures.isEmpty {
    fail("bench: CORRECTNESS CHECK FAILED, nothing was timed:\n" + failures.map { "  - " + $0 }.joined(separator: "\n"))
}

let plan = options.plan
var rows: [ResultRow] = []
for suite in suites {
    note("timing \(suite.file) (\(suite.data.count) bytes): warming up \(suite.contenders.map(\.library).joined(separator: ", "))")
    do {
        let measurement = try measure(suite.data, suite.contenders, plan: plan) { note("  " + $0) }
        rows += resultRows(file: suite.file, bytes: suite.data.count, measurement)
    } catch {
        fail("bench: \(suite.file) failed while timing: \(error)")
    }
}

let machine = Machine.current()
printTable(rows, machine: machine, notes: notes)

if let path = options.jsonPath {
    let report = JSONReport(
        machine: machine,
        settings: .init(mode: options.quick ? "quick" : "standard", filters: options.filters,
                        secondsPerFile: plan.secondsPerFile, fixedRounds: plan.fixedRounds,
                        unit: "MB/s of input bytes, 1 MB = 10^6 bytes",
                        statistic: "median over interleaved rounds; spread as p25/p75 and min/max"),
        date: ISO8601DateFormatter().string(from: Date()),
        notes: notes,
        results: rows)
    do { try report.write(to: path) } catch { fail("bench: cannot write \(path): \(error)") }
    note("wrote \(path)")
}
