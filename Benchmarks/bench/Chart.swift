import Foundation

// `--svg FILE`: the ratios as horizontal bar charts, one panel per comparison, one group of bars
// per file, each bar labelled with its value; a line marks 1× (as fast as the reference) and,
// where there is one, the target. Plain SVG 1.1, no script, no external fonts.

private struct Bar {
    let name: String
    let value: Double
    let low: Double?, high: Double?  // p25–p75 whisker
    let color: String
}

private struct Group {
    let label: String
    let bars: [Bar]
    /// Text in place of a missing bar.
    var remark: String?
}

private struct Panel {
    let title: String
    let subtitle: String
    let groups: [Group]
    /// Vertical lines: value, label, colour, dashed.
    let lines: [(value: Double, label: String, color: String, dashed: Bool)]
    let legend: [(name: String, color: String)]
}

private enum Palette {
    static let mapper = "#1f6fd1"
    static let mapperAlt = "#6aa7ec"
    static let floor = "#7a7a7a"
    static let other = "#b9b9b9"
    static let otherAlt = "#d8a35c"
    static let target = "#d1361f"
}

/// The whole chart.
func ratioChart(_ rows: [ResultRow], machine: Machine) -> String {
    let files = rows.map(\.file).uniqued()
    func row(_ file: String, _ operation: Operation, _ library: Library) -> ResultRow? {
        rows.first { $0.file == file && $0.operation == operation && $0.library == library }
    }
    func bar(_ name: String, _ ratio: Ratio?, _ color: String) -> Bar? {
        ratio.map { Bar(name: name, value: $0.median, low: $0.p25, high: $0.p75, color: color) }
    }

    var panels: [Panel] = []

    // Decode from bytes, against JSONDecoder.
    let decodeLibraries: [(Library, String)] = [
        (Library.jsonMapper, Palette.mapper), (Library.yajl, Palette.floor),
        (Library.yajlTree, Palette.otherAlt), (Library.handwritten, Palette.other),
    ]
    let decodeGroups = files.compactMap { file -> Group? in
        let bars = decodeLibraries.compactMap { library, color in
            bar(library == .yajl ? "yajl (floor)" : library.rawValue, row(file, .decode, library)?.ratioVsReference, color)
        }
        return bars.isEmpty ? nil : Group(label: file, bars: bars)
    }
    if !decodeGroups.isEmpty {
        panels.append(Panel(
            title: "Decode JSON bytes into models: speed × JSONDecoder's",
            subtitle: "JSONMapper against Foundation's JSONDecoder (1×) and the raw yajl parse with do-nothing callbacks (the floor)",
            groups: decodeGroups, lines: [(1, "JSONDecoder", "#333333", false)],
            legend: decodeLibraries.map { ($0.0 == .yajl ? "yajl (floor: parse only)" : $0.0.rawValue, $0.1) }))
    }

    // From a parsed tree, against the hand-written mapping.
    let treeLibraries: [(Library, String)] = [(Library.jsonMapperDictionary, Palette.mapper), (Library.jsonMapperJSONValue, Palette.mapperAlt)]
    let treeGroups = files.compactMap { file -> Group? in
        let bars = treeLibraries.compactMap { library, color in bar(library.rawValue, row(file, .decodeDictionary, library)?.ratioVsReference, color) }
        return bars.isEmpty ? nil : Group(label: file, bars: bars)
    }
    if !treeGroups.isEmpty {
        panels.append(Panel(
            title: "Map an already parsed tree into models: speed × hand-written code's",
            subtitle: "parse excluded; 1× = `dict[\"key\"] as? T` by hand from the same JSONSerialization [String: Any]",
            groups: treeGroups,
            lines: [(1, "hand-written", "#333333", false), (0.77, "target 0.77×", Palette.target, true)],
            legend: [("JSONMapper-dictionary (from JSONSerialization's tree)", Palette.mapper),
                     ("JSONMapper-jsonvalue (from a JSONValue)", Palette.mapperAlt)]))
    }

    // The walk choice.
    let walkGroups = files.compactMap { file -> Group? in
        let bars = [
            bar("JSONMapper: its choice ÷ forced walk of all keys", row(file, .decodeDictionary, Library.jsonMapperDictionary)?.ratioVsWalkAll, Palette.mapper),
            bar("hand-written: key lookups ÷ walk of all keys", row(file, .decodeDictionary, Library.handwrittenDictionary)?.ratioVsWalkAll, Palette.other),
        ].compactMap { $0 }
        guard !bars.isEmpty else { return nil }
        let wide = file == WideCorpus.wideFile, narrow = file == WideCorpus.narrowFile
        let label = wide ? "wide: 60 keys, 5 mapped" : narrow ? "narrow: 5 keys, 5 mapped" : file
        let remark = narrow && row(file, .decodeDictionary, Library.jsonMapperDictionary) != nil
            ? "JSONMapper: walks all 5 members, its own choice (a lookup of its keys cannot be forced)" : nil
        return Group(label: label, bars: bars, remark: remark)
    }
    if !walkGroups.isEmpty {
        panels.append(Panel(
            title: "YYModel walk choice: what looking up only the mapped keys buys",
            subtitle: "dictionary path, parse excluded; speed of looking up the 5 mapped keys × speed of walking every member",
            groups: walkGroups, lines: [(1, "same speed", "#333333", false)],
            legend: [("JSONMapper (its choice vs the walk forced by padding the mapping)", Palette.mapper),
                     ("hand-written (lookup vs walk)", Palette.other)]))
    }

    // Encode, against JSONEncoder.
    let encodeLibraries: [(Library, String)] = [(Library.jsonMapper, Palette.mapper), (Library.jsonSerialization, Palette.other)]
    let encodeGroups = files.compactMap { file -> Group? in
        let bars = encodeLibraries.compactMap { library, color in bar(library.rawValue, row(file, .encode, library)?.ratioVsReference, color) }
        return bars.isEmpty ? nil : Group(label: file, bars: bars)
    }
    if !encodeGroups.isEmpty {
        panels.append(Panel(
            title: "Encode models into JSON bytes: speed × JSONEncoder's",
            subtitle: "JSONSerialization: serializing a tree with the model's content (no model → dictionary step)",
            groups: encodeGroups, lines: [(1, "JSONEncoder", "#333333", false)],
            legend: encodeLibraries.map { ($0.0.rawValue, $0.1) }))
    }

    // Record streams, against JSONDecoder per line.
    let streamLibraries: [(Library, String)] = [
        (Library.jsonMapper, Palette.mapper), (Library.jsonMapperParallel, Palette.mapperAlt),
        (Library.jsonMapperParallelTransform, Palette.otherAlt), (Library.yajl, Palette.floor),
    ]
    let streamGroups = files.compactMap { file -> Group? in
        let bars = streamLibraries.compactMap { library, color in
            bar(library == .yajl ? "yajl (floor)" : library.rawValue, row(file, .stream, library)?.ratioVsReference, color)
        }
        return bars.isEmpty ? nil : Group(label: file, bars: bars)
    }
    if !streamGroups.isEmpty {
        panels.append(Panel(
            title: "Decode a JSON Lines file into one model per line: speed × JSONDecoder's",
            subtitle: "1× = each line decoded by one reused JSONDecoder; yajl: one handle over the file, do-nothing callbacks (the floor)",
            groups: streamGroups, lines: [(1, "JSONDecoder per line", "#333333", false), (4, "target 4×", Palette.target, true)],
            legend: streamLibraries.map { ($0.0 == .yajl ? "yajl (floor: parse only)" : $0.0.rawValue, $0.1) }))
    }

    return render(panels, caption: "JSONMapper bench — \(machine.summary) — \(ISO8601DateFormatter().string(from: Date()).prefix(10))")
}

/// `bench --cli --svg FILE`: each tool's speed × DuckDB's with two threads on the same input.
func cliChart(_ rows: [CLIResultRow], machine: Machine) -> String {
    let bars = rows.compactMap { row -> Bar? in
        guard let ratio = row.ratioVsDuckDB else { return nil }
        return Bar(name: row.library, value: ratio, low: nil, high: nil, color: row.library.hasPrefix("jsonmap") ? Palette.mapper : Palette.other)
    }
    let floorShares = rows.compactMap { row in
        row.shareOfFloor.map { Bar(name: "\(row.library) ÷ yajl per line", value: $0, low: nil, high: nil, color: Palette.floor) }
    }
    var panels = [Panel(
        title: "jsonmap convert: speed × DuckDB's (2 threads)",
        subtitle: "the same JSON Lines events to the same CSV; -gzip rows against DuckDB on the .gz, explode against its unnest",
        groups: [Group(label: "jsonmap", bars: bars)], lines: [(1, "DuckDB", "#333333", false), (1.2, "aim 1.2×", Palette.target, true)],
        legend: [("jsonmap", Palette.mapper)])]
    if !floorShares.isEmpty {
        panels.append(Panel(
            title: "jsonmap with one worker: share of yajl's own speed per line",
            subtitle: "yajl alone on each line of the same file, do-nothing callbacks, one thread = 1",
            groups: [Group(label: "1 worker", bars: floorShares)], lines: [(1, "floor", "#333333", false), (0.65, "target 0.65", Palette.target, true)],
            legend: [("jsonmap-1-worker", Palette.floor)]))
    }
    return render(panels, caption: "JSONMapper bench --cli — \(machine.summary) — \(ISO8601DateFormatter().string(from: Date()).prefix(10))")
}

// MARK: - Drawing

private let width = 980.0
private let labelWidth = 205.0
private let plotLeft = labelWidth + 20
private let plotWidth = width - plotLeft - 70
private let barHeight = 13.0
private let barGap = 3.0
private let groupGap = 12.0

private func render(_ panels: [Panel], caption: String) -> String {
    var body = ""
    var y = 58.0
    for panel in panels {
        y = draw(panel, top: y, into: &body) + 28
    }
    let height = y + 10
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <text x="20" y="26" font-size="17" font-weight="bold" fill="#111">JSONMapper: speed ratios, higher is better</text>
    <text x="20" y="44" font-size="11.5" fill="#666">\(escape(caption))</text>
    \(body)</svg>

    """
}

/// Draws one panel with its top at `top`; returns its bottom.
private func draw(_ panel: Panel, top: Double, into out: inout String) -> Double {
    let maximum = niceMaximum(max(panel.groups.flatMap { $0.bars.map { max($0.value, $0.high ?? 0) } }.max() ?? 1,
                                  panel.lines.map(\.value).max() ?? 1))
    func x(_ value: Double) -> Double { plotLeft + min(value, maximum) / maximum * plotWidth }
    var y = top
    out += text(20, y + 14, panel.title, size: 15, weight: "bold", color: "#111")
    y += 20
    out += text(20, y + 12, panel.subtitle, size: 11.5, color: "#555")
    y += 20
    // Legend.
    var legendX = plotLeft
    for item in panel.legend {
        out += "<rect x=\"\(f(legendX))\" y=\"\(f(y + 2))\" width=\"11\" height=\"11\" fill=\"\(item.color)\"/>\n"
        out += text(legendX + 15, y + 12, item.name, size: 11.5, color: "#333")
        legendX += 15 + Double(item.name.count) * 6.6 + 20
    }
    y += 22
    let plotTop = y
    // Grid.
    let step = gridStep(maximum)
    var tick = 0.0
    while tick <= maximum + 1e-9 {
        out += "<line x1=\"\(f(x(tick)))\" y1=\"\(f(plotTop))\" x2=\"\(f(x(tick)))\" y2=\"PLOTBOTTOM\" stroke=\"#eeeeee\"/>\n"
        tick += step
    }
    // Bars (remarks are drawn last, over the reference lines).
    var remarks = ""
    for group in panel.groups {
        let rows = group.bars.count + (group.remark == nil ? 0 : 1)
        let groupHeight = Double(rows) * (barHeight + barGap) - barGap
        out += text(labelWidth, y + groupHeight / 2 + 4.5, group.label, size: 12.5, weight: "bold", color: "#222", anchor: "end")
        if let remark = group.remark {
            remarks += text(plotLeft + 4, y + barHeight - 2.5, remark, size: 11.5, weight: "normal", color: "#444")
                .replacingOccurrences(of: "<text ", with: "<text stroke=\"#ffffff\" stroke-width=\"4\" paint-order=\"stroke\" ")
            y += barHeight + barGap
        }
        for bar in group.bars {
            let end = x(bar.value)
            out += "<rect x=\"\(f(plotLeft))\" y=\"\(f(y))\" width=\"\(f(max(1, end - plotLeft)))\" height=\"\(f(barHeight))\" fill=\"\(bar.color)\"><title>\(escape(bar.name)): \(String(format: "%.2f", bar.value))×</title></rect>\n"
            if let low = bar.low, let high = bar.high, high - low > 0.005 * maximum {
                out += "<line x1=\"\(f(x(low)))\" y1=\"\(f(y + barHeight / 2))\" x2=\"\(f(x(high)))\" y2=\"\(f(y + barHeight / 2))\" stroke=\"#000\" stroke-opacity=\"0.45\" stroke-width=\"1.2\"/>\n"
            }
            let clipped = bar.value > maximum
            out += text(max(end, x(bar.high ?? 0)) + 5, y + barHeight - 2.5,
                        String(format: "%.2f×", bar.value) + (clipped ? " →" : ""), size: 11.5, weight: bar.color == Palette.mapper ? "bold" : "normal", color: "#222")
            y += barHeight + barGap
        }
        y += groupGap - barGap
    }
    let plotBottom = y - groupGap + 6
    out = out.replacingOccurrences(of: "PLOTBOTTOM", with: f(plotBottom))
    // Reference lines, above the bars.
    for line in panel.lines where line.value <= maximum {
        out += "<line x1=\"\(f(x(line.value)))\" y1=\"\(f(plotTop - 4))\" x2=\"\(f(x(line.value)))\" y2=\"\(f(plotBottom))\" stroke=\"\(line.color)\" stroke-width=\"1.6\"\(line.dashed ? " stroke-dasharray=\"5,3\"" : "")/>\n"
    }
    out += remarks
    // Axis.
    tick = 0
    while tick <= maximum + 1e-9 {
        out += text(x(tick), plotBottom + 14, tick == 0 ? "0" : String(format: step < 1 ? "%.1f×" : "%.0f×", tick), size: 10.5, color: "#666", anchor: "middle")
        tick += step
    }
    // Line labels under the axis, so they never sit on a bar.
    var lastLabelEnd = -1.0
    for line in panel.lines.sorted(by: { $0.value < $1.value }) where line.value <= maximum {
        var labelX = x(line.value)
        if labelX - Double(line.label.count) * 3.2 < lastLabelEnd { labelX = lastLabelEnd + Double(line.label.count) * 3.2 + 6 }
        out += text(labelX, plotBottom + 28, line.label, size: 10.5, weight: "bold", color: line.color, anchor: "middle")
        lastLabelEnd = labelX + Double(line.label.count) * 3.2
    }
    return plotBottom + 30
}

private func niceMaximum(_ value: Double) -> Double {
    for candidate in [1.0, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50] where value * 1.12 <= candidate {
        return candidate
    }
    return (value * 1.12).rounded(.up)
}

private func gridStep(_ maximum: Double) -> Double {
    switch maximum {
    case ...1.5: 0.25
    case ...3: 0.5
    case ...8: 1
    case ...20: 2
    default: 5
    }
}

private func text(_ x: Double, _ y: Double, _ content: String, size: Double, weight: String = "normal",
                  color: String, anchor: String = "start") -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" font-weight=\"\(weight)\" fill=\"\(color)\" text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
}

private func f(_ value: Double) -> String { String(format: "%.1f", value) }

private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}
