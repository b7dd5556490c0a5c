import Foundation
import Testing
@testable import JSONMapper

/// The planned way of schema rows (``RecordPlan``, the C recorder, ``PlannedRowEngine``): runs
/// of rows written through ``JSONRowWriter/write(run:)`` must be byte for byte the rows the
/// general way makes (``JSONRecordDecoder/rows(_:from:onRejection:)`` written row by row),
/// with the same rejections, whatever the schema and the records: random schemas over random,
/// often damaged records, in every format, with one worker and two; and cases written out by
/// hand for what the planned way decides itself.
@Suite("Streaming: planned rows")
struct PlannedRowsTests {
    /// Everything a conversion gives: the output and each rejection, comparable.
    struct Conversion: Equatable, CustomStringConvertible {
        var text = ""
        var rejections: [String] = []
        var records = 0
        /// The error that ended the stream early, if any.
        var failure: JSONMapperError?
        var description: String { "\(records) records, failure \(String(describing: failure))\n\(text)\n\(rejections.joined(separator: "\n"))" }
    }

    /// Through runs (the planned way where it can).
    static func planned(_ bytes: [UInt8], _ schema: JSONSchema, _ format: JSONRowFormat, framing: JSONRecordFraming, workers: Int) -> Conversion {
        var writer = JSONRowWriter(schema: schema, format: format)
        writer.writeHeader()
        var conversion = Conversion()
        let decoder = JSONRecordDecoder(framing: framing, workers: workers)
        for result in decoder.rowRuns(schema, as: format, from: .bytes(bytes), onRejection: { conversion.rejections.append(Self.describe($0)) }) {
            switch result {
            case .success(let run):
                #expect(run.index == conversion.records + conversion.rejections.count, "a run starts at the next record")
                conversion.records += run.value.records
                writer.write(run: run.value)
            case .failure(let error):
                conversion.failure = error
            }
        }
        writer.writeFooter()
        conversion.text = String(decoding: writer.bufferedBytes, as: UTF8.self)
        return conversion
    }

    /// Through the general way, a row at a time.
    static func general(_ bytes: [UInt8], _ schema: JSONSchema, _ format: JSONRowFormat, framing: JSONRecordFraming) -> Conversion {
        var writer = JSONRowWriter(schema: schema, format: format)
        writer.writeHeader()
        var conversion = Conversion()
        let formatter = writer
        let rows = JSONRecordDecoder(framing: framing, workers: 1).rows(schema, from: .bytes(bytes), transform: { (rows) throws(JSONMapperError) in
            try rows.map { (row) throws(JSONMapperError) in try formatter.formatted(row) }
        }, onRejection: { conversion.rejections.append(Self.describe($0)) })
        for result in rows {
            switch result {
            case .success(let record):
                conversion.records += 1
                for row in record.value { writer.write(formatted: row) }
            case .failure(let error):
                conversion.failure = error
            }
        }
        writer.writeFooter()
        conversion.text = String(decoding: writer.bufferedBytes, as: UTF8.self)
        return conversion
    }

    static func describe(_ rejection: JSONRecordRejection) -> String {
        "\(rejection.index) \(rejection.line) \(rejection.byteRange) \(rejection.error) \(rejection.rawBytes)"
    }

    // MARK: Random schemas and records

    typealias Generator = RandomStreamTests.Generator

    static let keys = ["id", "type", "a", "b", "name", "size", "commits", "i\\u0064", "ü", "x.y"]

    /// A random path: keys (sometimes escaped or not in the records), an index at times.
    static func path(_ random: inout Generator) -> String {
        let names = ["id", "type", "a", "b", "name", "size", "commits", "ü", "missing"]
        var path = names.randomElement(using: &random)!
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            if Bool.random(using: &random) {
                path += "[\(Int.random(in: 0...2, using: &random))]"
            } else {
                path += "." + names.randomElement(using: &random)!
            }
        }
        return path
    }

    static func column(_ number: Int, _ random: inout Generator) -> JSONColumn {
        let types: [JSONColumnType] = [.string, .string, .int, .int, .double, .decimal, .bool, .date(), .json, .count,
                                       .date(format: "yyyy-MM-dd", outputFormat: "dd/MM/yyyy")]
        let type = types.randomElement(using: &random)!
        let paths = (0..<Int.random(in: 1...2, using: &random)).map { _ in path(&random) }
        let defaults: [JSONValue?] = [nil, nil, nil, .number(JSONNumber(7)), .string("d")]
        var defaultValue = defaults.randomElement(using: &random)!
        if case .count = type { defaultValue = nil }
        return JSONColumn("c\(number)", paths: paths, type: type, required: Int.random(in: 0..<5, using: &random) == 0,
                          default: defaultValue)
    }

    /// A random schema that compiles (a column whose default does not convert is drawn again).
    static func schema(_ random: inout Generator, explodes: Bool) -> JSONSchema {
        while true {
            var columns = (0..<Int.random(in: 1...6, using: &random)).map { column($0, &random) }
            var explode: JSONExplode?
            if explodes {
                let array = ["commits", "a.commits", "a"].randomElement(using: &random)!
                explode = JSONExplode(path: array, outer: Bool.random(using: &random))
                columns.append(JSONColumn("n", path: array, type: .ordinal))
                columns.append(JSONColumn("e1", path: array + ".name", type: .string))
                columns.append(JSONColumn("e2", paths: [array + ".size", array + ".id"], type: .int, required: Bool.random(using: &random)))
                columns.append(JSONColumn("e3", path: array, type: .string))
            }
            if let schema = try? JSONSchema(columns: columns, coercion: Bool.random(using: &random) ? .lenient : .strict, explode: explode) {
                return schema
            }
        }
    }

    static func scalar(_ random: inout Generator) -> String {
        [#""text""#, #""a,b""#, #""q\"uote""#, #""line\nbreak""#, #"" edge ""#, #""tab\there""#, #""\u00e9\ud83d\ude00""#, #""ünï""#,
         "12", "-0", "0", "-17", "1.5", "1e3", "12345678901234567890", "1.0", #""12""#, #""2024-02-29""#,
         #""2024-02-29T10:20:30Z""#, "true", "false", "null", #""""#, #""true""#, "1700000000"].randomElement(using: &random)!
    }

    static func value(_ random: inout Generator, depth: Int) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5 where true: return scalar(&random)
        case 5..<7 where depth < 3: return object(&random, depth: depth + 1)
        case 7..<9 where depth < 3:
            let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) }
            return "[" + elements.joined(separator: ",") + "]"
        default: return scalar(&random)
        }
    }

    static func object(_ random: inout Generator, depth: Int) -> String {
        let members = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            "\"\(keys.randomElement(using: &random)!)\":" + value(&random, depth: depth)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Records mostly objects, some damaged: cut short, not objects, bad bytes, blank.
    static func records(_ random: inout Generator) -> [UInt8] {
        var lines: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            var line = Array(object(&random, depth: 0).utf8)
            switch Int.random(in: 0..<20, using: &random) {
            case 0: line = Array(line.prefix(line.count / 2))
            case 1: line = Array(value(&random, depth: 2).utf8)
            case 2: line.insert(0xFF, at: line.count / 2)
            case 3: line = Array("  ".utf8) + line + Array(" \r".utf8)
            case 4: line = []
            case 5: line = Array(#"{"id":1,"id":2,"a":{"name":"x"},"a":{"name":"y"}}"#.utf8)
            default: break
            }
            lines.append(line)
        }
        return Array(lines.joined(separator: [0x0A]))
    }

    /// JSON Lines, and the value framings, whose malformed record ends the stream.
    @Test(arguments: [(false, JSONRecordFraming.jsonLines), (true, .jsonLines), (false, .concatenated), (true, .array)])
    func runsWriteWhatTheGeneralWayWrites(explodes: Bool, framing: JSONRecordFraming) {
        var random = Generator(state: explodes ? 37 : 36)
        for round in 0..<300 {
            let schema = Self.schema(&random, explodes: explodes)
            var bytes = Self.records(&random)
            if framing == .array { bytes = Array("[".utf8) + bytes.map { $0 == 0x0A ? UInt8(ascii: ",") : $0 } + Array("]".utf8) }
            let format = [JSONRowFormat.csv, .tsv, .ndjson, .json][round % 4]
            let expected = Self.general(bytes, schema, format, framing: framing)
            for workers in [1, 2] {
                let actual = Self.planned(bytes, schema, format, framing: framing, workers: workers)
                #expect(actual == expected, "round \(round), \(workers) workers, \(format): \(schema.columns) over\n\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    // MARK: Cases by hand

    static func csv(_ text: String, _ columns: [JSONColumn], explode: JSONExplode? = nil) throws -> Conversion {
        planned(Array(text.utf8), try JSONSchema(columns: columns, explode: explode), .csv, framing: .jsonLines, workers: 1)
    }

    @Test func keysMatchUnescapedAndKeyPathsFollowNestedObjects() throws {
        let text = #"{"i\u0064":7,"user":{"name":"a,\"b\"","x":[1,{"name":"no"}]},"name":"top"}"#
        let result = try Self.csv(text, [JSONColumn("id", path: "id", type: .int), JSONColumn("name", path: "user.name"),
                                         JSONColumn("missing", path: "user.none.deeper", default: "d")])
        #expect(result.text == "id,name,missing\n7,\"a,\"\"b\"\"\",d\n")
        #expect(result.rejections.isEmpty)
    }

    @Test func theFirstPresentPathOfAColumnWins() throws {
        let columns = [JSONColumn("v", paths: ["a", "b"], type: .int)]
        let result = try Self.csv("{\"b\":2}\n{\"a\":1,\"b\":2}\n{\"b\":3,\"a\":4}\n{}", columns)
        #expect(result.text == "v\n2\n1\n4\n\n")
    }

    @Test func explodedElementsMakeRowsWithTheirPositions() throws {
        let columns = [JSONColumn("id", path: "id"), JSONColumn("n", path: "c", type: .ordinal), JSONColumn("v", path: "c.v", type: .int)]
        let text = "{\"id\":\"x\",\"c\":[{\"v\":1},{\"w\":0},{\"v\":3}]}\n{\"id\":\"y\",\"c\":[]}\n{\"id\":\"z\"}"
        #expect(try Self.csv(text, columns, explode: JSONExplode(path: "c")).text == "id,n,v\nx,0,1\nx,1,\nx,2,3\n")
        #expect(try Self.csv(text, columns, explode: JSONExplode(path: "c", outer: true)).text == "id,n,v\nx,0,1\nx,1,\nx,2,3\ny,,\nz,,\n")
    }

    /// Many columns (a key table past its first sizes), keys past 63 bytes (the length filter's
    /// last bit), and keys the plan does not read of the same lengths as those it reads.
    @Test func wideSchemasAndLongKeysReadAsTheGeneralWay() throws {
        let long = String(repeating: "k", count: 70)
        var columns = (0..<90).map { JSONColumn("c\($0)", path: "f\($0)", type: $0 % 3 == 0 ? .int : .string) }
        columns.append(JSONColumn("long", path: long))
        let schema = try JSONSchema(columns: columns)
        var lines: [String] = []
        for record in 0..<20 {
            var members = (0..<120).filter { ($0 + record) % 4 != 0 }.map { "\"f\($0)\":\($0 % 3 == 0 ? "\($0)" : "\"s\($0)\"")" }
            members.append("\"\(long)\":\"L\"")
            members.append("\"\(String(repeating: "k", count: 71))\":\"not read\"")
            members.append("\"g\(record)\":\"same length as f\(record)\"")
            lines.append("{" + members.joined(separator: ",") + "}")
        }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        for format in [JSONRowFormat.csv, .ndjson] {
            let expected = Self.general(bytes, schema, format, framing: .jsonLines)
            #expect(expected.records == 20 && expected.rejections.isEmpty)
            #expect(Self.planned(bytes, schema, format, framing: .jsonLines, workers: 2) == expected)
        }
    }
}
