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

    /// The output format the spec names (`to:`), or `nil` without a spec or without one.
    func specOutputFormat() throws(CommandFailure) -> String? {
        guard let spec else { return nil }
        do { return try SpecFile.outputFormat(at: spec) } catch { throw .usage(error.message) }
    }

    /// Opens the inputs, before any output is created (a missing input leaves nothing behind).
    func openInputs() throws(CommandFailure) -> [InputFile] {
        try InputFile.open(inputs)
    }

    /// How records are read: framing, column names, workers, and the rejects limit.
    var settings: RecordRun.Settings {
        RecordRun.Settings(framing: framing.recordFraming, columns: columns?.columns ?? .none,
                           workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, maxRejects: maxRejects)
    }

    /// Whether a progress bar is drawn: asked for, or stderr is a terminal and the summary is wanted.
    var showsProgress: Bool { progress || (!quiet && isatty(STDERR_FILENO) != 0) }
}
