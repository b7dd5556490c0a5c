import Foundation

/// One file × operation × library result.
struct ResultRow: Encodable {
    let file: String
    let operation: String
    let library: String
    let bytes: Int
    /// Throughput of every timed run (MB/s), summarized.
    let stats: Stats
    /// This library's median MB/s over JSONDecoder's / the yajl floor's, same file, same run.
    var ratioVsJSONDecoder: Double?
    var ratioVsYajl: Double?

    var mbps: Double { stats.median }

    enum CodingKeys: String, CodingKey {
        case file, operation, library, bytes, mbps
        case ratioVsJSONDecoder = "ratio_vs_JSONDecoder", ratioVsYajl = "ratio_vs_yajl"
        case p25 = "mbps_p25", p75 = "mbps_p75", min = "mbps_min", max = "mbps_max", runs
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(operation, forKey: .operation)
        try c.encode(library, forKey: .library)
        try c.encode(rounded(mbps), forKey: .mbps)
        // Written as null (not left out) when the reference contender was filtered out.
        try c.encode(ratioVsJSONDecoder.map { rounded($0, 4) }, forKey: .ratioVsJSONDecoder)
        try c.encode(ratioVsYajl.map { rounded($0, 4) }, forKey: .ratioVsYajl)
        try c.encode(rounded(stats.p25), forKey: .p25)
        try c.encode(rounded(stats.p75), forKey: .p75)
        try c.encode(rounded(stats.min), forKey: .min)
        try c.encode(rounded(stats.max), forKey: .max)
        try c.encode(stats.count, forKey: .runs)
        try c.encode(bytes, forKey: .bytes)
    }
}

private func rounded(_ value: Double, _ digits: Int = 2) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
}

/// The rows of one file's measurement, each with its ratios to JSONDecoder and to yajl.
func resultRows(file: String, bytes: Int, _ measurement: Measurement) -> [ResultRow] {
    var rows = zip(measurement.contenders, measurement.seconds).map { contender, seconds in
        ResultRow(file: file, operation: contender.operation, library: contender.library, bytes: bytes,
                  stats: Stats(throughputs(bytes: bytes, seconds: seconds)))
    }
    func median(_ library: String, _ operation: String) -> Double? {
        rows.first { $0.library == library && $0.operation == operation }?.mbps
    }
    for index in rows.indices {
        let row = rows[index]
        rows[index].ratioVsJSONDecoder = median(Library.jsonDecoder, row.operation).map { row.mbps / $0 }
        rows[index].ratioVsYajl = median(Library.yajl, row.operation).map { row.mbps / $0 }
    }
    return rows
}

/// The stdout report: ratios first, then every contender's throughput and spread.
func printTable(_ rows: [ResultRow], machine: Machine, notes: [String]) {
    print("")
    if machine.build != "release" {
        print("!!! \(machine.build.uppercased()) BUILD: these numbers are meaningless; use swift run -c release bench !!!")
    }
    print("JSONMapper bench — \(machine.summary)")
    print("decode throughput in MB/s of input (1 MB = 10^6 bytes); median of interleaved rounds")
    print("")
    print("Ratios (median MB/s over median MB/s, same file, same run; > 1 means JSONMapper is faster)")
    let fileWidth = max(14, rows.map(\.file.count).max() ?? 0) + 2
    var printedRatio = false
    for row in rows where row.library == Library.jsonMapper {
        var line = pad(row.file, fileWidth) + row.library
        if let r = row.ratioVsJSONDecoder { line += " " + pad(String(format: "%.2f×", r), 7, left: true) + " JSONDecoder" }
        if let r = row.ratioVsYajl { line += " " + pad(String(format: "%.2f×", r), 7, left: true) + " yajl floor" }
        if row.ratioVsJSONDecoder == nil && row.ratioVsYajl == nil { line += "  (JSONDecoder and yajl were filtered out)" }
        print("  " + line)
        printedRatio = true
    }
    if !printedRatio { print("  (JSONMapper was filtered out)") }
    print("")

    let libraryWidth = max(12, rows.map(\.library.count).max() ?? 0) + 2
    let header = pad("file", fileWidth) + pad("library", libraryWidth)
        + pad("MB/s", 9, left: true) + pad("IQR (p25–p75)", 19, left: true) + pad("min–max", 19, left: true)
        + pad("×JSONDecoder", 14, left: true) + pad("×yajl", 8, left: true) + pad("runs", 7, left: true)
    print("Throughput")
    print("  " + header)
    print("  " + String(repeating: "-", count: header.count))
    var previousFile: String?
    for row in rows {
        if let previousFile, previousFile != row.file { print("") }
        previousFile = row.file
        let s = row.stats
        let line = pad(row.file, fileWidth) + pad(row.library, libraryWidth)
            + pad(format(s.median), 9, left: true)
            + pad("\(format(s.p25))–\(format(s.p75))", 19, left: true)
            + pad("\(format(s.min))–\(format(s.max))", 19, left: true)
            + pad(row.ratioVsJSONDecoder.map { String(format: "%.2f", $0) } ?? "-", 14, left: true)
            + pad(row.ratioVsYajl.map { String(format: "%.2f", $0) } ?? "-", 8, left: true)
            + pad("\(s.count)", 7, left: true)
        print("  " + line)
    }
    print("")
    for line in notes { print("note: " + line) }
    if !notes.isEmpty { print("") }
}

private func format(_ mbps: Double) -> String {
    mbps >= 100 ? String(format: "%.0f", mbps) : String(format: "%.1f", mbps)
}

private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? fill + text : text + fill
}

/// The `--json` report.
struct JSONReport: Encodable {
    struct Settings: Encodable {
        let mode: String
        let filters: [String]
        let secondsPerFile: Double
        let fixedRounds: Int?
        let unit: String
        let statistic: String
    }
    let machine: Machine
    let settings: Settings
    let date: String
    let notes: [String]
    let results: [ResultRow]

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        try data.write(to: URL(fileURLWithPath: path))
    }
}
