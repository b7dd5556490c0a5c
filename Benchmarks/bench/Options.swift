import Foundation

/// Command-line options, parsed by hand.
struct Options {
    var quick = false
    var jsonPath: String?
    var filters: [String] = []
    var rounds: Int?
    var secondsPerFile: Double?
    var allowDebug = false
    var help = false

    static let usage = """
    usage: bench [options]

    Measures decode throughput (MB/s of input, 1 MB = 10^6 bytes) of JSONMapper, Foundation's
    JSONDecoder, JSONSerialization + hand-written mapping, and a do-nothing yajl parse (the floor)
    on the bundled corpus (twitter.json, citm_catalog.json, canada.json). Every contender's output
    is checked before anything is timed; then contenders run in interleaved rounds (A B C D A B C D …)
    and the median and spread of the per-run throughput are reported.

    options:
      --quick            shorter run (~10-20 s instead of ~60 s)
      --json FILE        also write the results as JSON to FILE
      --filter TEXT      run only files or contenders whose name contains TEXT (case-insensitive;
                         repeatable, a pair runs if any filter matches its file or its library)
      --rounds N         time exactly N interleaved rounds per file (default: fill a time budget)
      --seconds S        time budget per file for the timed rounds (default 14, quick 3.5)
      --allow-debug      report numbers from a debug build anyway (they are meaningless)
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
            case "--filter": filters.append(try value(for: flag))
            case "--rounds":
                let text = try value(for: flag)
                guard let n = Int(text), n > 0 else { throw UsageError(description: "--rounds wants a positive integer, not '\(text)'") }
                rounds = n
            case "--seconds":
                let text = try value(for: flag)
                guard let s = Double(text), s > 0, s.isFinite else { throw UsageError(description: "--seconds wants a positive number, not '\(text)'") }
                secondsPerFile = s
            case "--allow-debug": allowDebug = true
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

    /// Whether the pair (file, library) is selected by `--filter`.
    func selects(file: String, library: String) -> Bool {
        filters.isEmpty || filters.contains { filter in
            file.range(of: filter, options: .caseInsensitive) != nil
                || library.range(of: filter, options: .caseInsensitive) != nil
        }
    }
}
