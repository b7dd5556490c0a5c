import Foundation

/// What one tool did over the check run and the timed rounds.
struct CLIMeasurements {
    var rows: Int
    var rejected: Int?
    /// Seconds of each timed round, by round (the check run is not timed: it warms the page cache).
    var secondsByRound: [Int: Double] = [:]
    var peakRSSBytes: Int?

    init(rows: Int) { self.rows = rows }

    mutating func add(_ run: MeasuredRun, round: Int? = nil) {
        if let round { secondsByRound[round] = run.seconds }
        if let rss = run.peakRSSBytes { peakRSSBytes = max(peakRSSBytes ?? 0, rss) }
    }

    /// The median over rounds of `other`'s time ÷ this tool's time in the same round.
    func ratio(against other: CLIMeasurements?) -> Double? {
        guard let other else { return nil }
        let ratios = secondsByRound.compactMap { round, seconds in other.secondsByRound[round].map { $0 / seconds } }
        return ratios.isEmpty ? nil : Stats(ratios).median
    }

    func row(tool: CLITool, bytes: Int, against all: [CLITool: CLIMeasurements]) -> CLIResultRow {
        let anchors = tool.anchors
        let seconds = secondsByRound.isEmpty ? nil : Stats(Array(secondsByRound.values)).median
        return CLIResultRow(library: tool.rawValue, mbps: seconds.map { Double(bytes) / $0 / 1e6 }, seconds: seconds,
                            runs: secondsByRound.count, peakRSSMB: peakRSSBytes.map { Double($0) / 1e6 }, rows: rows,
                            ratioVsDuckDB: anchors.flatMap { ratio(against: all[$0.duckdb]) },
                            ratioVsJq: anchors.flatMap { ratio(against: all[$0.jq]) },
                            shareOfFloor: tool == .jsonmapOneWorker ? all[.yajlLineFloor].flatMap { ratio(against: $0) } : nil,
                            rejected: rejected, read: rejected.map { rows + $0 })
    }
}

/// One row of the `--cli` report.
struct CLIResultRow: Encodable {
    let operation = "cli"
    let library: String
    let mbps: Double?
    let seconds: Double?
    let runs: Int
    let peakRSSMB: Double?
    let rows: Int
    let ratioVsDuckDB: Double?
    let ratioVsJq: Double?
    /// jsonmap with one worker: its speed as a share of the per-line floor's.
    let shareOfFloor: Double?
    let rejected: Int?
    let read: Int?
    /// The size of the file written, for the Parquet rows.
    var outputBytes: Int? = nil

    enum CodingKeys: String, CodingKey {
        case operation, library, mbps, seconds, runs, rows, rejected, read
        case outputBytes = "output_bytes"
        case peakRSSMB = "peak_rss_mb", ratioVsDuckDB = "ratio_vs_duckdb", ratioVsJq = "ratio_vs_jq", shareOfFloor = "share_of_floor"
    }

    func encode(to encoder: Encoder) throws {
        // Absent values are written as null, so every row has the same keys.
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(operation, forKey: .operation)
        try c.encode(library, forKey: .library)
        try c.encode(mbps.map { rounded($0) }, forKey: .mbps)
        try c.encode(seconds.map { rounded($0, 3) }, forKey: .seconds)
        try c.encode(runs, forKey: .runs)
        try c.encode(peakRSSMB.map { rounded($0, 1) }, forKey: .peakRSSMB)
        try c.encode(rows, forKey: .rows)
        try c.encode(ratioVsDuckDB.map { rounded($0, 3) }, forKey: .ratioVsDuckDB)
        try c.encode(ratioVsJq.map { rounded($0, 3) }, forKey: .ratioVsJq)
        try c.encode(shareOfFloor.map { rounded($0, 3) }, forKey: .shareOfFloor)
        try c.encode(rejected, forKey: .rejected)
        try c.encode(read, forKey: .read)
        try c.encode(outputBytes, forKey: .outputBytes)
    }
}

/// A tool that could not run, and how to install it.
struct CLISkippedTool: Encodable {
    let library: String
    let reason: String
    let install: String
}

/// The `--cli --json` report.
struct CLIReport: Encodable {
    struct File: Encodable {
        let bytes: Int
        let records: Int
        let malformed: Int
        let withoutID: Int
        init(_ file: EventFile) {
            bytes = file.bytes
            records = file.counts.lines
            malformed = file.counts.malformed
            withoutID = file.counts.withoutID
        }
        enum CodingKeys: String, CodingKey {
            case bytes, records, malformed
            case withoutID = "without_id"
        }
    }
    let machine: Machine
    let date: String
    let rounds: Int
    let file: File
    let notes: [String]
    let results: [CLIResultRow]
    let skipped: [CLISkippedTool]
}

/// The `--cli` table on stdout, with the targets checked.
func printCLITable(_ rows: [CLIResultRow], file: EventFile, skipped: [CLISkippedTool], notes: [String]) {
    let machine = Machine.current()
    print("")
    print("jsonmap convert → CSV (8 columns), \(machine.summary), \(machine.build) build")
    print(String(format: "input: %.0f MB JSON Lines, %d records (%d malformed, %d without id)",
                 Double(file.bytes) / 1e6, file.counts.lines, file.counts.malformed, file.counts.withoutID))
    print("")
    print(pad("tool", 18) + pad("MB/s", 9, left: true) + pad("peak RSS MB", 13, left: true) + pad("rows", 9, left: true)
        + pad("× duckdb-2", 12, left: true) + pad("× jq", 9, left: true) + pad("× floor", 9, left: true))
    func cell(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "—" }
    for row in rows {
        print(pad(row.library, 18) + pad(cell(row.mbps, "%.0f"), 9, left: true) + pad(cell(row.peakRSSMB, "%.1f"), 13, left: true)
            + pad(String(row.rows), 9, left: true) + pad(cell(row.ratioVsDuckDB, "%.2f×"), 12, left: true)
            + pad(cell(row.ratioVsJq, "%.1f×"), 9, left: true) + pad(cell(row.shareOfFloor, "%.2f"), 9, left: true))
    }
    print("\(CLITool.yajlLineFloor.rawValue): yajl alone on each line, do-nothing callbacks, one thread; "
        + "× floor is jsonmap-1-worker's speed as a share of it")
    if rows.contains(where: { $0.library == CLITool.jsonmapGzip.rawValue }) {
        print("the -gzip rows read the same events gzip-compressed (MB/s of the JSON); jsonmap-gzip's ratios are against "
            + "\(CLITool.duckdbGzip.rawValue) and \(CLITool.zcatJq.rawValue)")
    }
    for tool in skipped { print("skipped \(tool.library): \(tool.reason); install with: \(tool.install)") }
    for line in notes { print("note: " + line) }
    if let jsonmap = rows.first(where: { $0.library == CLITool.jsonmap.rawValue }) {
        print("")
        print("accounting: read \(jsonmap.read ?? 0) = written \(jsonmap.rows) + rejected \(jsonmap.rejected ?? 0)")
        func target(_ name: String, _ value: Double?, _ met: (Double) -> Bool) {
            print("target \(name): " + (value.map { (met($0) ? "met" : "MISSED") + String(format: " (%.2f)", $0) } ?? "not measured"))
        }
        target("≥ 1.0× duckdb with 2 threads (aim 1.2×)", jsonmap.ratioVsDuckDB) { $0 >= 1.0 }
        target("≥ 12× jq", jsonmap.ratioVsJq) { $0 >= 12 }
        if let oneWorker = rows.first(where: { $0.library == CLITool.jsonmapOneWorker.rawValue }) {
            target("1 worker ≥ 0.65 of the per-line floor", oneWorker.shareOfFloor) { $0 >= 0.65 }
        }
        target("peak RSS < 64 MB", jsonmap.peakRSSMB) { $0 < 64 }
        if let gzip = rows.first(where: { $0.library == CLITool.jsonmapGzip.rawValue }) {
            target("gzip input ≥ 0.9× duckdb with 2 threads on the .gz", gzip.ratioVsDuckDB) { $0 >= 0.9 }
            target("gzip input ≥ 10× zcat | jq", gzip.ratioVsJq) { $0 >= 10 }
            target("gzip input peak RSS < 64 MB", gzip.peakRSSMB) { $0 < 64 }
        }
        if !MeasuredCommand.canMeasureMemory { print("peak RSS needs GNU time (apt-get install -y time)") }
    }
}
