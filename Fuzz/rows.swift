import Foundation
import JSONMapper

// libFuzzer target: schema rows the planned way (the C recorder following a `RecordPlan`, the
// cells straight into a block sink) against the general way (the per-event session, a row at
// a time), on the same records. The input's first byte chooses the schema (flat, exploded,
// exploded outer), the output format and the workers; the rest is the records. The written
// text and the rejections must be the same byte for byte, and the run must end and account for
// every record. A difference traps, so libFuzzer reports and keeps the input.

let rowColumns = [
    JSONColumn("id", path: "id", type: .int, required: true),
    JSONColumn("name", paths: ["name", "user.name"], default: "none"),
    JSONColumn("score", path: "score", type: .double),
    JSONColumn("ok", path: "ok", type: .bool),
    JSONColumn("first", path: "items[0].id", type: .decimal),
    JSONColumn("items", path: "items", type: .count),
    JSONColumn("raw", path: "meta", type: .json),
    JSONColumn("when", path: "when", type: .date()),
]
let elementColumns = [
    JSONColumn("n", path: "items", type: .ordinal),
    JSONColumn("item", path: "items.id", type: .string),
    JSONColumn("size", paths: ["items.size", "items.n"], type: .int),
]
let rowSchemas = [
    try! JSONSchema(columns: rowColumns),
    try! JSONSchema(columns: rowColumns + elementColumns, explode: JSONExplode(path: "items")),
    try! JSONSchema(columns: rowColumns + elementColumns, coercion: .strict, explode: JSONExplode(path: "items", outer: true)),
]

/// The written text, the rejections and the records read.
struct RowsOutcome: Equatable {
    var text: [UInt8] = []
    var rejections: [String] = []
    var records = 0
}

func describe(_ rejection: JSONRecordRejection) -> String {
    "\(rejection.index) \(rejection.line) \(rejection.byteRange) \(rejection.error) \(rejection.rawBytes)"
}

func plannedRows(_ input: [UInt8], _ schema: JSONSchema, _ format: JSONRowFormat, workers: Int) -> RowsOutcome {
    var outcome = RowsOutcome()
    var writer = JSONRowWriter(schema: schema, format: format)
    let runs = JSONRecordDecoder(framing: .jsonLines, workers: workers).rowRuns(schema, as: format, from: .bytes(input)) {
        outcome.rejections.append(describe($0))
    }
    for result in runs {
        guard case .success(let run) = result else { fatalError("a JSON Lines stream never ends early") }
        guard run.index == outcome.records + outcome.rejections.count else { fatalError("a run out of order") }
        outcome.records += run.value.records
        writer.write(run: run.value)
    }
    writer.writeFooter()
    outcome.text = writer.bufferedBytes
    outcome.records += outcome.rejections.count
    return outcome
}

func generalRows(_ input: [UInt8], _ schema: JSONSchema, _ format: JSONRowFormat) -> RowsOutcome {
    var outcome = RowsOutcome()
    var writer = JSONRowWriter(schema: schema, format: format)
    let formatter = writer
    let rows = JSONRecordDecoder(framing: .jsonLines, workers: 1).rows(schema, from: .bytes(input), transform: { (rows) throws(JSONMapperError) in
        try rows.map { (row) throws(JSONMapperError) in try formatter.formatted(row) }
    }, onRejection: { outcome.rejections.append(describe($0)) })
    for result in rows {
        guard case .success(let record) = result else { fatalError("a JSON Lines stream never ends early") }
        outcome.records += 1
        for row in record.value { writer.write(formatted: row) }
    }
    writer.writeFooter()
    outcome.text = writer.bufferedBytes
    outcome.records += outcome.rejections.count
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRows(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let schema = rowSchemas[Int(data[0] % 3)]
    let format = [JSONRowFormat.csv, .tsv, .ndjson, .json][Int(data[0] >> 2 & 3)]
    let workers = 1 + Int(data[0] >> 4 & 1)
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let planned = plannedRows(input, schema, format, workers: workers)
    let general = generalRows(input, schema, format)
    if planned != general { fatalError("the planned way wrote other rows than the general way") }
    return 0
}
