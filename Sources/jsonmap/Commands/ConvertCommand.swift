import ArgumentParser
import Foundation
import JSONMapper
import JSONMapperCompression

/// `jsonmap convert`: records in, rows out.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert JSON records to CSV, TSV, NDJSON or a JSON array.",
        discussion: """
            Each record is mapped through the columns of --spec or --field, in input order. A record \
            that cannot be mapped (malformed, a missing required value, a value its column's type \
            cannot take) is rejected, logged to --rejects, and counted in the summary on stderr. An \
            output file is written under a temporary name and renamed when the run completes, so a \
            failed or interrupted run leaves no partial file. A damaged array or concatenated input \
            ends that input's records, not the run: the rows of every record before the damage are \
            written (and a file committed, as standard output has them too), and the exit status is 3.

            With --explode PATH (or a spec's explode), each record gives one row per element of the \
            array at PATH: columns whose paths are under PATH read from the element, the others are \
            repeated, an 'ordinal' column holds the element's position from 0. The summary then counts \
            records (read = mapped + rejected) and rows written apart.

            gzip and zstd input is read decompressed, told by its first bytes (standard input \
            too); positions in errors and rejects are positions in the decompressed bytes. Output \
            and the rejects file are compressed when their names end in .gz or .zst, or with \
            --compress.

            Examples:
              jsonmap convert in.jsonl --spec spec.yaml --to csv -o out.csv
              jsonmap convert a.jsonl b.json --spec s.json --to ndjson --rejects r.jsonl
              jsonmap convert --field id=id! --field n=size:int --to tsv < in.jsonl
              jsonmap convert events.jsonl --explode payload.commits --to csv --field sha=payload.commits.sha
              jsonmap convert events.jsonl.gz --spec spec.yaml --to csv -o events.csv.zst
            """
    )

    @OptionGroup var options: RecordOptions

    @Option(name: .long, help: ArgumentHelp("The output format.", valueName: "format"))
    var to: JSONRowFormat

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; '-' or none writes standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Leave out the header row of CSV and TSV.")
    var noHeader = false

    @Option(name: .long, help: ArgumentHelp(
        "Compress the output (default: as its name ends, .gz or .zst; none for other names and standard output).",
        valueName: "gzip|zstd"))
    var compress: CompressionFormat?

    func validate() throws {
        if let compress, let named = output.flatMap(CompressionFormat.forFileName), named != compress {
            throw ValidationError("--compress \(compress.rawValue) disagrees with the output's name \(output ?? "")")
        }
    }

    func run() throws {
        let schema = try options.schema()
        let inputs = try options.openInputs()
        let output = try OutputFile.open(self.output, compression: compress.map { .some($0) })
        let rows = TextRows(to: output, writer: JSONRowWriter(schema: schema, format: to), header: to == .json || !noHeader)
        try Conversion(options: options, schema: schema, inputs: inputs, rows: rows, verb: "written").run()
    }
}

extension JSONRowFormat: ExpressibleByArgument {}

extension CompressionFormat: ExpressibleByArgument {}
