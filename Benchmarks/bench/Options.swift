import Foundation

/// Command-line options, parsed by hand.
struct Options {
    var quick = false
    var jsonPath: String?
    /// `--line-floor FILE`: run the CLI comparison's floor on FILE (see ``LineFloor``), and exit.
    var lineFloor: String?
    var svgPath: String?
    var filters: [String] = []
    var rounds: Int?
    var secondsPerFile: Double?
    /// Run the allocation and memory probes (default: yes, except with --quick).
    var probes: Bool?
    var allowDebug = false
    /// Run the CLI comparison (jsonmap against DuckDB and jq) instead of the library bench.
    var cli = false
    var help = false
    /// Internal: run as a probe child for one contender (see Probe.swift).
    var probe: ProbeJob?

    static let usage = """
    usage: bench [options]

    Compares JSONMapper with Foundation and yajl on the bundled corpus (twitter.json,
    citm_catalog.json, canada.json, github_events.json, gsoc-2018.json) and on two synthetic
    files generated at run time (synthetic-wide: 5,000 records × 60 keys of which the model maps
    5; synthetic-narrow: the same records with only those 5 keys). The codable-shape suites
    time JSONMapper-Codable against JSONDecoder and JSONEncoder on the shapes Codable code
    takes (a try-each "any JSON" enum, optionals, nested containers, super decoders, keys out
    of order, date and data strategies, snake_case keys). Operations:

      decode             JSON bytes → model: JSONMapper, JSONDecoder, JSONMapper-Codable (the
                         JSONCodableDecoder drop-in, on JSONDecoder's Codable models),
                         JSONSerialization+handwritten, yajl-tree (yajl_tree_parse +
                         yajl_tree_free), yajl (do-nothing callbacks: the floor); on
                         twitter.json also JSONMapper-macro (@JSONMappable models)
                         when the bench is built with JSONMAPPER_MACRO_BENCH=1
      decode-dictionary  parsed tree → model, parse excluded: JSONMapper-dictionary and
                         handwritten-dictionary from JSONSerialization's [String: Any],
                         JSONMapper-jsonvalue from a JSONValue (and, on the synthetic files, both
                         ways of walking an object: the YYModel walk choice)
      encode             model → JSON bytes: JSONMapper, JSONEncoder, JSONMapper-Codable (the
                         JSONCodableEncoder drop-in), JSONSerialization
      stream             a JSON Lines file generated at start (twitter.json's statuses, one per line,
                         repeated to 100 MB), read from disk one model per line: JSONMapper's record
                         stream with 1 worker and with one per core (JSONMapper-parallel; and
                         JSONMapper-parallel-transform, each model reduced on its worker),
                         JSONDecoder-per-line, and yajl over the whole file (the floor)

    Every contender's output is checked against the others before anything is timed; then the
    contenders of a file run in interleaved rounds after a warm-up, and the median and spread
    are reported, in MB/s of the file's bytes (1 MB = 10^6 bytes) and records/s. Ratios are the
    median over rounds of the per-round time ratio to the reference (JSONDecoder and yajl for
    decode and stream, handwritten-dictionary for decode-dictionary, JSONEncoder for encode). Allocations
    and peak memory are measured afterwards, one fresh child process per contender.

    options:
      --quick            shorter run (under 30 s instead of about a minute; no probes)
      --json FILE        also write the results as JSON to FILE
      --svg FILE         also draw the ratios as a bar chart (SVG) to FILE
      --filter TEXT      run only files, operations or contenders whose name contains TEXT
                         (case-insensitive; repeatable: a contender runs if any filter matches
                         its file, its operation or its library; the references it is compared
                         with in that file and operation run too)
      --rounds N         time exactly N interleaved rounds per file (default: fill a time budget)
      --seconds S        time budget per file for the timed rounds (default 4.5, quick 1.5)
      --no-probes        skip the allocation and peak-memory probes (about 10 s)
      --probes           run them with --quick too (which skips them by default)
      --allow-debug      report numbers from a debug build anyway (they are meaningless)
      --cli              instead: the CLI comparison. Generates a JSON Lines event file of
                         at least 250 MB (0.5 % malformed lines, 0.5 % records without id),
                         converts it to an 8-column CSV with jsonmap (with a rejects file),
                         DuckDB (Python package; 2 threads and 1 thread, ignore_errors) and jq
                         (fromjson?), checks that every tool's rows equal jsonmap's, then times
                         --rounds N interleaved rounds (default 3, --quick 1); peak RSS via GNU
                         time. With --json, rows have "operation": "cli".
      -h, --help         print this help

    Build and run in release mode: swift run -c release bench
    """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") || next == "-" else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return next
        }
        while let argument = rest.popFirst() {
            // Accept --flag=value as well as --flag value.
            var flag = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
            }
            switch flag {
            case "--quick": quick = true
            case "--json": jsonPath = try value(for: flag)
            case "--svg": svgPath = try value(for: flag)
            case "--filter": filters.append(try value(for: flag))
            case "--rounds":
                let text = try value(for: flag)
                guard let n = Int(text), n > 0 else { throw UsageError(description: "--rounds wants a positive integer, not '\(text)'") }
                rounds = n
            case "--seconds":
                let text = try value(for: flag)
                guard let s = Double(text), s > 0, s.isFinite else { throw UsageError(description: "--seconds wants a positive number, not '\(text)'") }
                secondsPerFile = s
            case "--no-probes": probes = false
            case "--probes": probes = true
            case "--allow-debug": allowDebug = true
            case "--cli": cli = true
            case "--line-floor": lineFloor = try value(for: flag)
            case "--probe":
                let file = try value(for: flag), text = try value(for: flag)
                guard let id = ContenderID(text) else { throw UsageError(description: "--probe wants OPERATION/LIBRARY, not '\(text)'") }
                probe = ProbeJob(file: file, id: id)
            case "-h", "--help", "-help": help = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
    }

    var plan: TimingPlan {
        var plan = quick ? TimingPlan.quick : TimingPlan.standard
        if let secondsPerFile { plan.secondsPerFile = secondsPerFile }
        plan.fixedRounds = rounds
        return plan
    }

    /// Whether the contender (file, operation, library) is selected by `--filter`.
    func selects(file: String, _ id: ContenderID) -> Bool {
        filters.isEmpty || filters.contains { filter in
            [file, id.operation.rawValue, id.library.rawValue].contains { $0.range(of: filter, options: .caseInsensitive) != nil }
        }
    }
}
