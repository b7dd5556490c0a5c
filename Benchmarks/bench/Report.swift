import Foundation

/// A ratio to a reference contender, from the same rounds: the median (and quartiles) over
/// rounds of (reference time ÷ this contender's time) in that round. > 1: faster than the reference.
struct Ratio {
    let median: Double, p25: Double, p75: Double

    init?(_ seconds: [Double], reference: [Double]?) {
        guard let reference, reference.count == seconds.count, !seconds.isEmpty else { return nil }
        let stats = Stats(zip(reference, seconds).map { $0 / $1 })
        median = stats.median
        p25 = stats.p25
        p75 = stats.p75
    }
}

/// One file × operation × library result.
struct ResultRow {
    let file: String
    let operation: Operation
    let library: Library
    let bytes: Int
    /// Throughput of every timed run (MB/s), summarized.
    let stats: Stats
    let records: Records?
    /// Against the operation's reference (JSONDecoder, handwritten-dictionary, JSONEncoder).
    var ratioVsReference: Ratio?
    /// Against the yajl floor (decode only).
    var ratioVsYajl: Ratio?
    /// Against the same mapping walking every member of each object (walk-choice rows only).
    var ratioVsWalkAll: Ratio?
    /// Against the hand-written mapping of the same models (the macro row only).
    var ratioVsHandWrittenMapping: Ratio?
    /// Decoding threads, and the ratio to the same contender with one (parallel rows only).
    var workers: Int?
    var ratioVsOneWorker: Ratio?
    /// Against the same stream read from the file (the async-chunks row only).
    var ratioVsFileSource: Ratio?
    /// From the probe child: allocation calls in one warm run, and peak RSS growth in a cold one.
    var allocations: Int?
    var peakRSSGrowthBytes: Int?

    var mbps: Double { stats.median }
    var recordsPerSecond: Double? { records.map { Double($0.count) * mbps * 1e6 / Double(bytes) } }
    var allocationsPerRecord: Double? {
        guard let allocations, let records, records.count > 0 else { return nil }
        return Double(allocations) / Double(records.count)
    }
}

/// The rows of one file's measurement, each with its ratios, computed round by round.
func resultRows(file: String, bytes: Int, records: Records?, _ measurement: Measurement) -> [ResultRow] {
    func seconds(_ operation: Operation, _ library: Library?) -> [Double]? {
        guard let library else { return nil }
        return zip(measurement.contenders, measurement.seconds)
            .first { $0.0.operation == operation && $0.0.library == library }?.1
    }
    return zip(measurement.contenders, measurement.seconds).map { contender, times in
        let operation = contender.operation
        var row = ResultRow(file: file, operation: operation, library: contender.library, bytes: bytes,
                            stats: Stats(throughputs(bytes: bytes, seconds: times)), records: records)
        row.ratioVsReference = Ratio(times, reference: seconds(operation, operation.reference?.library))
        row.ratioVsYajl = Ratio(times, reference: seconds(operation, operation.floor))
        row.ratioVsWalkAll = Ratio(times, reference: seconds(operation, contender.library.walkAllCounterpart))
        row.ratioVsHandWrittenMapping = Ratio(times, reference: seconds(operation, contender.library.handWrittenMappingCounterpart))
        row.workers = contender.workers
        row.ratioVsOneWorker = Ratio(times, reference: seconds(operation, contender.library.oneWorkerCounterpart))
        row.ratioVsFileSource = Ratio(times, reference: seconds(operation, contender.library.fileSourceCounterpart))
        return row
    }
}

// MARK: - stdout

/// The stdout report: ratios first, then the walk choice, then every contender's numbers.
func printTable(_ rows: [ResultRow], machine: Machine, notes: [String], origins: [String], probeNote: String?) {
    var out = ""
    func line(_ text: String = "") {
        var text = text
        while text.last == " " { text.removeLast() }
        out += text + "\n"
    }
    line()
    if machine.build != "release" {
        line("!!! \(machine.build.uppercased()) BUILD: these numbers are meaningless; use swift run -c release bench !!!")
    }
    line("JSONMapper bench — \(machine.summary), \(machine.build) build, \(ISO8601DateFormatter().string(from: Date()).prefix(10))")
    line("MB/s = 10^6 bytes of the file per second, median of interleaved rounds. A ratio is the median over")
    line("rounds of (reference's time ÷ contender's time) in the same round: > 1 means faster than the reference.")
    line()

    let files = rows.map(\.file).uniqued()
    let mapperLibraries: [Library] = [.jsonMapper, .jsonMapperDictionary, .jsonMapperJSONValue]
    let documentFiles = files.filter { file in
        rows.contains { $0.file == file && $0.operation != .stream && mapperLibraries.contains($0.library) }
    }
    let fileWidth = max(20, (files.map(\.count).max() ?? 0) + 2)
    func row(_ file: String, _ operation: Operation, _ library: Library) -> ResultRow? {
        rows.first { $0.file == file && $0.operation == operation && $0.library == library }
    }
    func ratio(_ r: Ratio?) -> String { r.map { String(format: "%.2f×", $0.median) } ?? "—" }

    // Ratios, JSONMapper against each reference.
    let targetFiles = ["twitter.json", "citm_catalog.json", "canada.json"]
    let target = 0.77
    let widths = [14, 14, 26, 24]
    line("Ratios: JSONMapper's speed ÷ the reference's")
    line("  " + pad("", fileWidth) + pad("decode (from bytes)", widths[0] + widths[1], left: true)
        + pad("decode-dictionary (from a parsed tree)", widths[2] + widths[3], left: true))
    let header = pad("file", fileWidth) + pad("×JSONDecoder", widths[0], left: true) + pad("×yajl floor", widths[1], left: true)
        + pad("dictionary ×handwritten", widths[2], left: true) + pad("JSONValue ×handwritten", widths[3], left: true)
    line("  " + header)
    line("  " + String(repeating: "-", count: header.count))
    var targetMisses: [String] = []
    for file in documentFiles {
        let decode = row(file, .decode, Library.jsonMapper)
        let dictionary = row(file, .decodeDictionary, Library.jsonMapperDictionary)
        let value = row(file, .decodeDictionary, Library.jsonMapperJSONValue)
        var mark = "  "
        if targetFiles.contains(file), let r = dictionary?.ratioVsReference?.median {
            mark = r >= target ? " ✓" : " ✗"
            if r < target { targetMisses.append(String(format: "%@ %.2f× (%.0f%% short)", file, r, (target - r) / target * 100)) }
        }
        line("  " + pad(file, fileWidth)
            + pad(ratio(decode?.ratioVsReference), widths[0], left: true)
            + pad(ratio(decode?.ratioVsYajl), widths[1], left: true)
            + pad(ratio(dictionary?.ratioVsReference) + mark, widths[2], left: true)
            + pad(ratio(value?.ratioVsReference) + "  ", widths[3], left: true))
    }
    let measured = targetFiles.filter { row($0, .decodeDictionary, Library.jsonMapperDictionary)?.ratioVsReference != nil }
    line("  dictionary target ≥ \(target)× hand-written on \(targetFiles.joined(separator: ", ")): "
        + (measured.isEmpty ? "not measured in this run"
            : targetMisses.isEmpty ? "met (✓) on " + measured.joined(separator: ", ")
            : "missed (✗) on " + targetMisses.joined(separator: ", ")))
    line("  (×handwritten: against handwritten-dictionary, `dict[\"key\"] as? T` from the same JSONSerialization tree)")
    line()

    // The Codable shapes: the drop-ins against Foundation's coders.
    let shapeFiles = files.filter { $0.hasPrefix(codableShapePrefix) }
    if !shapeFiles.isEmpty {
        line("Codable shapes: JSONMapper-Codable's speed ÷ Foundation's (target: decode ≥ 1.5× JSONDecoder, encode ≥ 2× JSONEncoder)")
        for file in shapeFiles {
            let decode = row(file, .decode, Library.jsonMapperCodable)?.ratioVsReference
            let encode = row(file, .encode, Library.jsonMapperCodable)?.ratioVsReference
            func marked(_ r: Ratio?, _ target: Double) -> String { ratio(r) + (r.map { $0.median >= target ? " ✓" : " ✗" } ?? "  ") }
            line("  " + pad(file, fileWidth) + pad("decode " + marked(decode, 1.5), 18, left: true)
                + pad("encode " + marked(encode, 2), 18, left: true))
        }
        line()
    }

    // The YYModel walk choice.
    let walkRows = rows.filter { $0.ratioVsWalkAll != nil }
    if !walkRows.isEmpty {
        line("YYModel walk choice (dictionary path, parse excluded; same rounds)")
        for file in files {
            let mapper = row(file, .decodeDictionary, Library.jsonMapperDictionary)
            let hand = row(file, .decodeDictionary, Library.handwrittenDictionary)
            guard mapper?.ratioVsWalkAll != nil || hand?.ratioVsWalkAll != nil else { continue }
            let wide = file == WideCorpus.wideFile
            let keys = wide ? WideCorpus.keysPerRecord : WideCorpus.mappedKeys.count
            var first = true
            func say(_ text: String) {
                line("  " + pad(first ? file : "", fileWidth) + text)
                first = false
            }
            if let r = mapper?.ratioVsWalkAll {
                say(String(format: "JSONMapper looks up its 5 keys (its choice): %.2f× the speed of walking all %d members (forced)", r.median, keys))
            } else if !wide {
                say("JSONMapper walks all \(keys) members (its choice: it maps as many keys as the object has)")
            }
            if let r = hand?.ratioVsWalkAll {
                say(String(format: "hand-written: looking up 5 keys is %.2f× the speed of walking all %d members", r.median, keys))
            }
        }
        line()
    }

    for macro in rows {
        guard let r = macro.ratioVsHandWrittenMapping else { continue }
        line(String(format: "@JSONMappable models of %@: decode at %.2f× the speed of the hand-written mapping (expected ≈ 1.00)",
                    macro.file, r.median))
        line()
    }

    printStreamSummary(rows, line: line)

    // Everything.
    let libraryWidth = max(24, (rows.map(\.library.rawValue.count).max() ?? 0) + 2)
    let columns = pad("file", fileWidth) + pad("operation", 19) + pad("library", libraryWidth)
        + pad("MB/s", 8, left: true) + pad("IQR", 14, left: true) + pad("records/s", 11, left: true)
        + pad("×ref", 7, left: true) + pad("×yajl", 7, left: true) + pad("allocs/rec", 12, left: true)
        + pad("peak MB", 9, left: true) + pad("runs", 6, left: true)
    line("Throughput (×ref: against JSONDecoder for decode, handwritten-dictionary for decode-dictionary, JSONEncoder for encode, "
        + "JSONDecoder-per-line for stream)")
    line("  " + columns)
    line("  " + String(repeating: "-", count: columns.count))
    var previousFile: String?
    for r in rows {
        if let previousFile, previousFile != r.file { line() }
        previousFile = r.file
        let s = r.stats
        line("  " + pad(r.file, fileWidth) + pad(r.operation.rawValue, 19) + pad(r.library.rawValue, libraryWidth)
            + pad(format(s.median), 8, left: true)
            + pad("\(format(s.p25))–\(format(s.p75))", 14, left: true)
            + pad(r.recordsPerSecond.map(formatCount) ?? "-", 11, left: true)
            + pad(r.ratioVsReference.map { String(format: "%.2f", $0.median) } ?? "-", 7, left: true)
            + pad(r.ratioVsYajl.map { String(format: "%.2f", $0.median) } ?? "-", 7, left: true)
            + pad(r.allocationsPerRecord.map { $0 >= 100 ? String(format: "%.0f", $0) : String(format: "%.1f", $0) } ?? "-", 12, left: true)
            + pad(r.peakRSSGrowthBytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? "-", 9, left: true)
            + pad("\(s.count)", 6, left: true))
    }
    line()
    let recordLines = files.compactMap { file in rows.first { $0.file == file }?.records.map { "\(file) \($0.count) \($0.noun)" } }
    if !recordLines.isEmpty { line("records: " + recordLines.joined(separator: "; ")) }
    for origin in origins { line("synthetic: " + origin) }
    if let probeNote { line(probeNote) }
    for note in notes { line("note: " + note) }
    print(out, terminator: "")
}

/// The record-stream rows against their targets: one worker ≥ 4× JSONDecoder per line and
/// ≥ 0.55× the yajl floor, N workers ≥ 1.8× one worker, the async chunks ≥ 0.9× the file,
/// peak memory growth < 64 MB.
private func printStreamSummary(_ rows: [ResultRow], line: (String) -> Void) {
    let streamRows = rows.filter { $0.operation == .stream }
    guard let file = streamRows.first?.file else { return }
    func row(_ library: Library) -> ResultRow? { streamRows.first { $0.library == library } }
    func check(_ ratio: Ratio?, _ target: Double) -> String {
        ratio.map { String(format: "%.2f× %@", $0.median, $0.median >= target ? "✓" : "✗") } ?? "—"
    }
    line("Record streams: \(file), \(String(format: "%.1f", Double(streamRows[0].bytes) / 1e6)) MB of JSON Lines read from disk")
    if let one = row(Library.jsonMapper) {
        line("  JSONMapper, 1 worker: " + check(one.ratioVsReference, 4) + " JSONDecoder-per-line (target ≥ 4×), "
            + check(one.ratioVsYajl, 0.55) + " the yajl floor (target ≥ 0.55×)")
    }
    if let ceiling = row(Library.yajlParallel) {
        line("  the machine: yajl on \(ceiling.workers ?? 0) threads at once, "
            + (ceiling.ratioVsOneWorker.map { String(format: "%.2f×", $0.median) } ?? "—")
            + " one thread: what this machine gave that many threads of the same work in this run")
    }
    if let parallel = row(Library.jsonMapperParallel) {
        line("  JSONMapper-parallel, \(parallel.workers ?? 0) workers: " + check(parallel.ratioVsOneWorker, 1.8)
            + " one worker (target ≥ 1.8×), each model delivered to this thread")
    }
    if let transform = row(Library.jsonMapperParallelTransform) {
        line("  JSONMapper-parallel-transform, \(transform.workers ?? 0) workers: " + check(transform.ratioVsOneWorker, 1.8)
            + " one worker, each model reduced on its worker (records(_:from:transform:))")
    }
    if let async = row(Library.jsonMapperParallelAsync) {
        line("  JSONMapper-parallel-async, \(async.workers ?? 0) workers: " + check(async.ratioVsFileSource, 0.9)
            + " the file source (target ≥ 0.9×), the file as an AsyncSequence of 64 KiB chunks")
    }
    let memory = streamRows.compactMap { row in
        row.peakRSSGrowthBytes.map { "\(row.library) " + String(format: "%.1f MB", Double($0) / 1e6) }
    }
    if !memory.isEmpty {
        let worst = streamRows.filter { [.jsonMapper, .jsonMapperParallel, .jsonMapperParallelTransform, .jsonMapperParallelAsync].contains($0.library) }.compactMap(\.peakRSSGrowthBytes).max() ?? 0
        line("  peak memory growth: " + memory.joined(separator: ", ") + (worst < 64_000_000 ? " (JSONMapper < 64 MB ✓)" : " (JSONMapper ≥ 64 MB ✗)"))
    }
    line("")
}

private func format(_ mbps: Double) -> String {
    mbps >= 100 ? String(format: "%.0f", mbps) : String(format: "%.1f", mbps)
}

private func formatCount(_ value: Double) -> String {
    switch value {
    case 1e6...: String(format: "%.2fM", value / 1e6)
    case 1e4...: String(format: "%.0fk", value / 1e3)
    case 1e3...: String(format: "%.1fk", value / 1e3)
    default: String(format: "%.0f", value)
    }
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? fill + text : text + fill
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

// MARK: - --json

/// The `--json` report.
struct JSONReport: Encodable {
    struct Settings: Encodable {
        let mode: String
        let filters: [String]
        let secondsPerFile: Double
        let fixedRounds: Int?
        let unit: String
        let statistic: String
        let ratios: String
        let probes: String
    }
    let machine: Machine
    let settings: Settings
    let date: String
    let notes: [String]
    /// Peak resident memory of the bench process (getrusage ru_maxrss), all files together.
    let benchMaxRSSMB: Double?
    let results: [ResultRow]

    enum CodingKeys: String, CodingKey {
        case machine, settings, date, notes, results
        case benchMaxRSSMB = "bench_max_rss_mb"
    }

}

extension Encodable {
    /// Writes the report as pretty-printed JSON with sorted keys (`--json`).
    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension ResultRow: Encodable {
    private struct Key: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        func put<T: Encodable>(_ key: String, _ value: T?) throws {
            // Absent values are written as null, not left out, so every row has the same keys.
            try c.encode(value, forKey: Key(key))
        }
        try put("file", file)
        try put("operation", operation.rawValue)
        try put("library", library.rawValue)
        try put("mbps", rounded(mbps))
        // The ratio fields: each operation fills its own, the others are null.
        try put("ratio_vs_JSONDecoder", operation == .decode || operation == .stream ? ratioVsReference.map { rounded($0.median, 4) } : nil)
        try put("ratio_vs_yajl", ratioVsYajl.map { rounded($0.median, 4) })
        try put("ratio_vs_handwritten", operation == .decodeDictionary ? ratioVsReference.map { rounded($0.median, 4) } : nil)
        try put("ratio_vs_JSONEncoder", operation == .encode ? ratioVsReference.map { rounded($0.median, 4) } : nil)
        try put("ratio_vs_walk_all", ratioVsWalkAll.map { rounded($0.median, 4) })
        try put("ratio_vs_one_worker", ratioVsOneWorker.map { rounded($0.median, 4) })
        try put("ratio_vs_file_source", ratioVsFileSource.map { rounded($0.median, 4) })
        try put("ratio_vs_handwritten_mapping", ratioVsHandWrittenMapping.map { rounded($0.median, 4) })
        try put("workers", workers)
        var spreads: [String: [Double]] = [:]
        if let r = ratioVsReference, let field = operation.reference?.field { spreads[field] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        if let r = ratioVsYajl { spreads["ratio_vs_yajl"] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        if let r = ratioVsWalkAll { spreads["ratio_vs_walk_all"] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        if let r = ratioVsOneWorker { spreads["ratio_vs_one_worker"] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        if let r = ratioVsFileSource { spreads["ratio_vs_file_source"] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        if let r = ratioVsHandWrittenMapping { spreads["ratio_vs_handwritten_mapping"] = [rounded(r.p25, 4), rounded(r.p75, 4)] }
        try put("ratio_iqr", spreads)
        try put("mbps_p25", rounded(stats.p25))
        try put("mbps_p75", rounded(stats.p75))
        try put("mbps_min", rounded(stats.min))
        try put("mbps_max", rounded(stats.max))
        try put("runs", stats.count)
        try put("bytes", bytes)
        try put("records", records?.count)
        try put("record", records?.noun)
        try put("records_per_second", recordsPerSecond.map { rounded($0, 0) })
        try put("allocations_per_run", allocations)
        try put("allocations_per_record", allocationsPerRecord.map { rounded($0, 2) })
        try put("peak_rss_growth_mb", peakRSSGrowthBytes.map { rounded(Double($0) / 1e6, 2) })
    }
}

/// `value` rounded to `digits` decimals, for the JSON reports.
func rounded(_ value: Double, _ digits: Int = 2) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
}
