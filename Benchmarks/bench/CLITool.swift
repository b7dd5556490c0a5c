import Foundation

/// A converter in the CLI comparison, and how it turns the event file into the 8-column CSV:
/// `id, type, created_at, actor.login, repo.name, payload.size as int, public, count of
/// payload.commits`, records without `id` left out.
enum CLITool: String, CaseIterable {
    case jsonmap
    /// jsonmap with one worker: what the parallel JSON Lines decoding adds.
    case jsonmapOneWorker = "jsonmap-1-worker"
    case duckdbTwoThreads = "duckdb-2-threads"
    case duckdbOneThread = "duckdb-1-thread"
    case jq
    /// The same events gzip-compressed: jsonmap (2 workers) reading the `.gz`, DuckDB (2
    /// threads) reading it itself, and `zcat | jq`.
    case jsonmapGzip = "jsonmap-gzip"
    case duckdbGzip = "duckdb-2-threads-gzip"
    case zcatJq = "zcat-jq-gzip"
    /// yajl alone on each line, do-nothing callbacks, one thread (``LineFloor``): what
    /// jsonmap with one worker is measured against. It writes no CSV.
    case yajlLineFloor = "yajl-floor-per-line"

    /// The reference the ratios are taken against, and the targets' names.
    static let duckdbReference = CLITool.duckdbTwoThreads

    /// Whether this is jsonmap: it writes rejects, accounts for every record, and exits with 1.
    var isJSONMap: Bool { self == .jsonmap || self == .jsonmapOneWorker || self == .jsonmapGzip }

    /// For a jsonmap row, the DuckDB and jq rows its ratios are taken against: those that read
    /// the same file.
    var anchors: (duckdb: CLITool, jq: CLITool)? {
        switch self {
        case .jsonmap, .jsonmapOneWorker: (Self.duckdbReference, .jq)
        case .jsonmapGzip: (.duckdbGzip, .zcatJq)
        default: nil
        }
    }

    /// Whether the tool writes the CSV: all but the floor.
    var writesCSV: Bool { self != .yajlLineFloor }

    /// Whether the command writes its CSV to standard output (jq does).
    var writesToStandardOutput: Bool { self == .jq || self == .zcatJq }

    /// Files every command reads besides the event file.
    struct Inputs {
        let jsonmap: String
        let spec: String
        let duckdbScript: String
        let rejects: String
        /// The event file gzip-compressed.
        let gzip: String
    }

    var writesHeader: Bool { !writesToStandardOutput }

    /// This bench binary, which runs the floor.
    static var benchBinary: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// The command line converting `input` to CSV at `output` (jq writes to stdout).
    func arguments(input: String, output: String, _ inputs: Inputs) -> [String] {
        switch self {
        case .jsonmap, .jsonmapOneWorker:
            let workers = self == .jsonmap ? [] : ["--workers", "1"]
            return [inputs.jsonmap, "convert", input, "--spec", inputs.spec, "--to", "csv", "-o", output,
                    "--rejects", inputs.rejects, "--quiet"] + workers
        case .duckdbTwoThreads, .duckdbOneThread:
            return ["python3", inputs.duckdbScript, input, output, self == .duckdbTwoThreads ? "2" : "1"]
        case .jq:
            return ["jq", "-R", "-r", Self.jqProgram, input]
        case .jsonmapGzip:
            return [inputs.jsonmap, "convert", inputs.gzip, "--spec", inputs.spec, "--to", "csv", "-o", output,
                    "--rejects", inputs.rejects, "--quiet", "--workers", "2"]
        case .duckdbGzip:
            // DuckDB reads the .gz itself (its compression is told by the extension).
            return ["python3", inputs.duckdbScript, inputs.gzip, output, "2"]
        case .zcatJq:
            return ["sh", "-c", "zcat \"$0\" | jq -R -r \"$1\"", inputs.gzip, Self.jqProgram]
        case .yajlLineFloor:
            return [Self.benchBinary, "--line-floor", input]
        }
    }

    /// Why the tool cannot run here, and the command that installs it; nil when it can.
    func missing(jsonmapPath: String?) -> (reason: String, install: String)? {
        switch self {
        case .jsonmap, .jsonmapOneWorker, .jsonmapGzip:
            return jsonmapPath == nil ? ("jsonmap is not built", "swift build -c release --product jsonmap") : nil
        case .duckdbTwoThreads, .duckdbOneThread, .duckdbGzip:
            let probe = try? MeasuredCommand.run(["python3", "-c", "import duckdb"], in: FileManager.default.temporaryDirectory.path)
            return probe?.status == 0 ? nil : ("the duckdb Python package is not installed", "pip install duckdb")
        case .jq:
            return MeasuredCommand.isInstalled("jq") ? nil : ("jq is not installed", "apt-get install -y jq")
        case .zcatJq:
            return MeasuredCommand.isInstalled("jq") && MeasuredCommand.isInstalled("zcat")
                ? nil : ("jq or zcat is not installed", "apt-get install -y jq gzip")
        case .yajlLineFloor:
            return nil
        }
    }

    /// jsonmap's spec for the eight columns.
    static let spec = """
        {"columns": [
          {"name": "id", "path": "id", "type": "string", "required": true},
          {"name": "type", "path": "type", "type": "string"},
          {"name": "created_at", "path": "created_at", "type": "string"},
          {"name": "actor_login", "path": "actor.login", "type": "string"},
          {"name": "repo_name", "path": "repo.name", "type": "string"},
          {"name": "payload_size", "path": "payload.size", "type": "int"},
          {"name": "public", "path": "public", "type": "bool"},
          {"name": "commits", "path": "payload.commits", "type": "count"}
        ], "coercion": "lenient"}
        """

    /// DuckDB's query, as its documentation recommends for NDJSON with bad lines: explicit
    /// column types and `ignore_errors` (which drops malformed lines without a trace).
    static let duckdbScript = """
        import sys
        import duckdb

        source, output, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
        quote = lambda path: "'" + path.replace("'", "''") + "'"
        connection = duckdb.connect()
        connection.execute(f"SET threads = {threads}")
        connection.execute(f\"\"\"
            COPY (
                SELECT id, type, created_at, actor.login, repo.name,
                       TRY_CAST(payload.size AS BIGINT), public, len(payload.commits)
                FROM read_json({quote(source)}, format = 'newline_delimited', ignore_errors = true,
                               columns = {{id: 'VARCHAR', type: 'VARCHAR', created_at: 'VARCHAR',
                                           actor: 'STRUCT(login VARCHAR)', repo: 'STRUCT(name VARCHAR)',
                                           payload: 'STRUCT(size VARCHAR, commits JSON[])', public: 'BOOLEAN'}})
                WHERE id IS NOT NULL
            ) TO {quote(output)} (HEADER, DELIMITER ',')
        \"\"\")
        """

    /// jq's program: `fromjson?` so that a malformed line is skipped instead of ending the run.
    static let jqProgram = """
        fromjson? | select(.id != null)
        | [.id, .type, .created_at, .actor.login, .repo.name,
           (.payload.size | if . == null then null else tonumber end), .public,
           (.payload.commits | if . == null then null else length end)]
        | @csv
        """
}
