import ArgumentParser
import Foundation
import JSONMapper
import JSONMapperCompression
import JSONMapperParquet

/// `jsonmap convert`: records in, rows out.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert JSON records to CSV, TSV, NDJSON, a JSON array or Parquet.",
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

            --to parquet writes a Parquet file (format version 1, data pages v1): string as \
            STRING, int and count as INT64, double as DOUBLE, bool as BOOLEAN, date as \
            TIMESTAMP(MICROS, UTC), decimal as DECIMAL(--decimal P,S), json as JSON. A required \
            column is REQUIRED, every other OPTIONAL (null where the record had no value). Row \
            groups of --row-group-size rows are written as they fill, so memory holds one row \
            group, and standard output works too. Pages are compressed with --compression: zstd \
            (default), snappy, gzip or none; --compression-level sets zstd's level (1-22, default \
            1, as Arrow's writers) or gzip's (1-9, default 6).

            --partition-by COL[,COL...] writes a directory (-o DIR) of Hive-style folders, \
            col=value/part-N.EXT, the partition columns left out of the files. In names and \
            values, control characters, DEL and the characters "#%'*/:=?\\{[]^ are written as %XX \
            (Hive's escaping); a null or empty value is __HIVE_DEFAULT_PARTITION__. At most \
            --max-open-files files are open at once: past that the least recently written is \
            closed and its partition continues in a new part. \
            The directory is written under a temporary name and renamed when the run completes; \
            an existing one is refused unless --overwrite.

            Examples:
              jsonmap convert in.jsonl --spec spec.yaml --to csv -o out.csv
              jsonmap convert a.jsonl b.json --spec s.json --to ndjson --rejects r.jsonl
              jsonmap convert --field id=id! --field n=size:int --to tsv < in.jsonl
              jsonmap convert events.jsonl --explode payload.commits --to csv --field sha=payload.commits.sha
              jsonmap convert events.jsonl.gz --spec spec.yaml --to csv -o events.csv.zst
              jsonmap convert events.jsonl --spec spec.yaml --to parquet -o events.parquet
              jsonmap convert events.jsonl --spec spec.yaml --to parquet --partition-by type -o events/
            """
    )

    @OptionGroup var options: RecordOptions

    @Option(name: .long, help: ArgumentHelp("The output format (default: the spec's 'to').", valueName: "format"))
    var to: OutputFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; '-' or none writes standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Leave out the header row of CSV and TSV.")
    var noHeader = false

    @Option(name: .long, help: ArgumentHelp(
        "Compress the output (default: as its name ends, .gz or .zst; none for other names and standard output).",
        valueName: "gzip|zstd"))
    var compress: CompressionFormat?

    @Option(name: .long, help: ArgumentHelp(
        "Parquet page compression (default zstd).", valueName: "zstd|snappy|gzip|none"))
    var compression: ParquetCompression?

    @Option(name: .long, help: ArgumentHelp(
        "Parquet zstd level (1-22, default 1) or gzip level (1-9, default 6).", valueName: "level"))
    var compressionLevel: Int?

    @Option(name: .long, help: ArgumentHelp("Rows per Parquet row group (default 122880).", valueName: "rows"))
    var rowGroupSize: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Precision and scale of Parquet decimal columns (default 38,9); a value with more digits is rejected.",
        valueName: "P,S"))
    var decimal: DecimalOption?

    @Option(name: .long, help: ArgumentHelp(
        "Write a directory (-o DIR) of Hive-style col=value/ folders, one level per column.", valueName: "col,..."))
    var partitionBy: String?

    @Option(name: .long, help: ArgumentHelp("With --partition-by, the most files open at once (default 100).", valueName: "n"))
    var maxOpenFiles = 100

    @Flag(name: .long, help: "With --partition-by, replace an existing output directory.")
    var overwrite = false

    func validate() throws {
        if let rowGroupSize, rowGroupSize < 1 { throw ValidationError("--row-group-size must be at least 1") }
        if maxOpenFiles < 1 { throw ValidationError("--max-open-files must be at least 1") }
        if partitionBy != nil, output == nil || output == "-" {
            throw ValidationError("--partition-by writes a directory: give it with -o DIR")
        }
        if partitionBy == nil, overwrite { throw ValidationError("--overwrite applies to --partition-by only") }
        if let compress, let named = output.flatMap(CompressionFormat.forFileName), named != compress {
            throw ValidationError("--compress \(compress.rawValue) disagrees with the output's name \(output ?? "")")
        }
    }

    func run() throws {
        let to = try outputFormat()
        let schema = try options.schema()
        let inputs = try options.openInputs()
        if let partitionBy {
            return try runPartitioned(schema: schema, inputs: inputs, to: to, by: partitionBy.split(separator: ",").map(String.init))
        }
        switch to {
        case .parquet:
            let output = try OutputFile.open(self.output, compression: .some(nil))
            let rows = EncodedRows(to: output, encoder: ParquetEncoder(writer: try parquetWriter(schema: schema)))
            try Conversion(options: options, schema: schema, inputs: inputs, rows: rows, verb: "written").run()
        case .csv, .tsv, .ndjson, .json:
            let output = try OutputFile.open(self.output, compression: compress.map { .some($0) })
            let format = to.textFormat!
            let encoder = TextEncoder(writer: JSONRowWriter(schema: schema, format: format), header: format == .json || !noHeader)
            let rows = EncodedRows(to: output, encoder: encoder)
            try Conversion(options: options, schema: schema, inputs: inputs, rows: rows, verb: "written").run()
        }
    }

    /// `--to`, or else the spec's `to`, checked against the options that apply to one format.
    private func outputFormat() throws(CommandFailure) -> OutputFormat {
        var named = to
        if named == nil { named = try options.specOutputFormat().flatMap(OutputFormat.init(rawValue:)) }
        guard let format = named else {
            throw .usage("give the output format with --to (or 'to:' in the spec)")
        }
        if format != .parquet, compression != nil || compressionLevel != nil || rowGroupSize != nil || decimal != nil {
            throw .usage("--compression, --compression-level, --row-group-size and --decimal apply to Parquet output only")
        }
        if format == .parquet, compress != nil {
            throw .usage("Parquet compresses its pages: give --compression, not --compress")
        }
        return format
    }

    private func runPartitioned(schema: JSONSchema, inputs: [InputFile], to: OutputFormat, by names: [String]) throws {
        let keys = try PartitionKeys(names, of: schema)
        let directory = try OutputDirectory(path: output ?? "", overwrite: overwrite)
        do {
            switch to {
            case .parquet:
                let writer = try parquetWriter(schema: try PartitionKeys.schema(of: keys.restIndices, in: schema))
                let rows = PartitionedRows(into: directory, keys: keys, encoder: { ParquetEncoder(writer: writer) },
                                           fileExtension: "parquet", compression: nil, maxOpenFiles: maxOpenFiles)
                try Conversion(options: options, schema: schema, inputs: inputs, rows: rows, verb: "written").run()
            case .csv, .tsv, .ndjson, .json:
                let format = to.textFormat!
                let writer = JSONRowWriter(schema: try PartitionKeys.schema(of: keys.restIndices, in: schema), format: format)
                let header = format == .json || !noHeader
                let rows = PartitionedRows(into: directory, keys: keys, encoder: { TextEncoder(writer: writer, header: header) },
                                           fileExtension: format.rawValue, compression: compress, maxOpenFiles: maxOpenFiles)
                try Conversion(options: options, schema: schema, inputs: inputs, rows: rows, verb: "written").run()
            }
        } catch {
            directory.discard()
            throw error
        }
    }

    /// The Parquet writer of `schema`'s rows, as the options say.
    private func parquetWriter(schema: JSONSchema) throws(CommandFailure) -> JSONParquetWriter {
        var parquet = ParquetWriterOptions()
        if let compression { parquet.compression = compression }
        parquet.compressionLevel = compressionLevel
        if let rowGroupSize { parquet.rowGroupSize = rowGroupSize }
        do throws(ParquetError) {
            return try JSONParquetWriter(schema: schema, options: parquet,
                                         decimalPrecision: decimal?.precision ?? 38, decimalScale: decimal?.scale ?? 9)
        } catch {
            throw .usage("\(error)")
        }
    }
}

/// What `--to` writes: a text layout of ``JSONRowFormat`` or Parquet.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, tsv, ndjson, json, parquet

    /// The text layout, for every format but Parquet.
    var textFormat: JSONRowFormat? { JSONRowFormat(rawValue: rawValue) }
}

/// `--decimal P,S`: a precision and a scale.
struct DecimalOption: ExpressibleByArgument {
    let precision: Int
    let scale: Int

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let precision = Int(parts[0]), let scale = Int(parts[1]),
              (1...ParquetColumn.maximumDecimalPrecision).contains(precision), (0...precision).contains(scale) else { return nil }
        self.precision = precision
        self.scale = scale
    }
}

extension ParquetCompression: ExpressibleByArgument {}

extension CompressionFormat: ExpressibleByArgument {}
