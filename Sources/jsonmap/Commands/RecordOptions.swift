import ArgumentParser
import Foundation
import JSONMapper
import JsonmapSpec

/// The options `convert` and `validate` share: inputs, the schema, rejects, limits, workers,
/// framing, column names and reporting.
struct RecordOptions: ParsableArguments {
    @Argument(help: "Input files, read one after another; '-' or none reads standard input.")
    var inputs: [String] = []

    @Option(name: .long, help: ArgumentHelp("A spec file (JSON or YAML) listing the output columns.", valueName: "file"))
    var spec: String?

    @Option(name: .long, help: ArgumentHelp(
        "A column given inline, NAME=PATH[:TYPE][!] ('!': required; PATH may list fallbacks with '|'). Repeatable.",
        valueName: "field"))
    var field: [String] = []

    @OptionGroup var explode: ExplodeOptions

    @Option(name: .long, help: ArgumentHelp(
        "Write one JSON line per rejected record to this file: input, line, offset, error, and the record's bytes "
            + "as text in 'record' (base64 in 'recordBase64' when they are not UTF-8).",
        valueName: "file"))
    var rejects: String?

    @Option(name: .long, help: ArgumentHelp("Stop the run once this many records have been rejected.", valueName: "n"))
    var maxRejects: Int?

    @Option(name: .long, help: ArgumentHelp("Threads that decode records (default: the active cores).", valueName: "n"))
    var workers: Int?

    @Option(name: .long, help: ArgumentHelp("How records are laid out.", valueName: "framing"))
    var framing: Framing = .auto

    @Option(name: .long, help: ColumnsOption.help)
    var columns: ColumnsOption?

    @Flag(name: .long, help: "Show a progress bar on stderr even when it is not a terminal.")
    var progress = false

    @Flag(name: [.long, .short], help: "Do not print the summary on stderr.")
    var quiet = false

    enum Framing: String, ExpressibleByArgument, CaseIterable {
        case auto, lines, array, concatenated

        var recordFraming: JSONRecordFraming {
            switch self {
            case .auto: .automatic
            case .lines: .jsonLines
            case .array: .array
            case .concatenated: .concatenated
            }
        }
    }

    func validate() throws {
        guard (spec == nil) != field.isEmpty else {
            throw ValidationError("give the columns with either --spec FILE or --field NAME=PATH[:TYPE][!] (not both)")
        }
        if let maxRejects, maxRejects < 1 { throw ValidationError("--max-rejects must be at least 1") }
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
        try explode.validate()
    }

    /// The schema of `--spec` or of the `--field`s, with the explode of `--explode` or
    /// `--explode-outer` (or of the spec).
    func schema() throws(CommandFailure) -> JSONSchema {
        if let spec {
            do { return try SpecFile.schema(at: spec, explode: explode.value) } catch { throw .usage(error.message) }
        }
        return try FieldOption.schema(from: field, explode: explode.value)
    }

    /// Opens the inputs, before any output is created (a missing input leaves nothing behind).
    func openInputs() throws(CommandFailure) -> [InputFile] {
        try InputFile.open(inputs)
    }

    /// Reads every input through the schema, handing each row to `handle`, with rejects,
    /// progress and the summary; commits the outputs of a complete run and discards them
    /// otherwise. Exits with status 1 when records were rejected, 3 when an input was damaged.
    ///
    /// A damaged input (its records end before its bytes do) does not make the run
    /// incomplete: every record before the damage has been written or rejected, which is what
    /// standard output has received as well, so a file output is committed with those rows
    /// and the exit status, with one line per damaged input on stderr, says what was left.
    func execute<Output: Sendable>(inputs: [InputFile], schema: JSONSchema, outputs: [OutputFile], verb: String,
                                   transform: @escaping @Sendable (JSONRow) throws(JSONMapperError) -> Output,
                                   handle: (Output) throws -> Void, beforeWaiting: () throws -> Void = {},
                                   finish: () throws -> Void) throws {
        let rejectsLog = try rejects.map { (path) throws(CommandFailure) in RejectsLog(output: try OutputFile.open(path, kind: "rejects file")) }
        let settings = RecordRun.Settings(framing: framing.recordFraming, columns: columns?.columns ?? .none,
                                          workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, maxRejects: maxRejects)
        let run = RecordRun(schema: schema, settings: settings, rejects: rejectsLog)
        let bar = progress || (!quiet && isatty(STDERR_FILENO) != 0)
            ? ProgressBar(status: run.status, totalBytes: inputs.allSatisfy { $0.size != nil } ? inputs.reduce(0) { $0 + ($1.size ?? 0) } : nil)
            : nil
        let started = Date()
        bar?.start()
        do {
            try run.run(inputs, transform: transform, handle: handle, beforeWaiting: beforeWaiting)
            if !run.isStopped { try finish() }
            bar?.finish()
        } catch {
            bar?.finish()
            outputs.forEach { $0.discard() }
            rejectsLog?.discard()
            throw error
        }
        // A stopped run's output is incomplete: it is not committed (its rejects are).
        if run.isStopped { outputs.forEach { $0.discard() } } else { try outputs.forEach { try $0.commit() } }
        try rejectsLog?.commit()
        if !quiet {
            FileHandle.standardError.write(Data((Summary.line(run.totals, seconds: Date().timeIntervalSince(started), handled: verb) + "\n").utf8))
        }
        for damage in run.damages {
            FileHandle.standardError.write(Data("jsonmap: \(damage.message)\n".utf8))
        }
        if run.isStopped {
            let rest = outputs.first.map { $0.isStandardOutput ? "standard output is incomplete" : "\($0.name) was not written" }
            throw CommandFailure(message: "stopped after \(run.totals.rejected) rejected records (--max-rejects \(maxRejects ?? 0)); "
                                 + (rest ?? "the rest was not read"), status: CommandFailure.rejectedStatus)
        }
        if !run.damages.isEmpty { throw ExitCode(CommandFailure.damagedStatus) }
        if run.totals.rejected > 0 { throw ExitCode(CommandFailure.rejectedStatus) }
    }
}
