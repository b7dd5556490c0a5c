import ArgumentParser

/// `jsonmap validate`: the checks of `convert`, without output.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check JSON records against a spec, writing only rejects and the summary.",
        discussion: """
            Exit status 0 when every record maps, 1 when some were rejected (see --rejects), 2 for \
            a usage, spec or I/O error, 3 when an input was damaged (every record before the damage \
            is checked; stderr names the byte where reading stopped).

            Example:
              jsonmap validate --spec spec.yaml events.jsonl --rejects bad.jsonl
            """
    )

    @OptionGroup var options: RecordOptions

    func run() throws {
        let schema = try options.schema()
        try Conversion(options: options, schema: schema, inputs: try options.openInputs(), rows: NoRows(), verb: "valid").run()
    }
}
