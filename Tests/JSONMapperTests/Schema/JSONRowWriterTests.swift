import Foundation
import Testing
@testable import JSONMapper

/// Each output format, with the quoting and escaping cases written out by hand.
@Suite("Schema: row writer")
struct JSONRowWriterTests {
    static let schema = try! JSONSchema(columns: [
        JSONColumn("text", path: "t"),
        JSONColumn("n", path: "n", type: .int),
        JSONColumn("x", path: "x", type: .double),
        JSONColumn("ok", path: "ok", type: .bool),
        JSONColumn("day", path: "d", type: .date(outputFormat: "yyyy-MM-dd")),
        JSONColumn("raw", path: "r", type: .json),
    ])

    static func output(_ format: JSONRowFormat, _ rows: [[JSONCell]], header: Bool = true) throws -> String {
        var writer = JSONRowWriter(schema: schema, format: format)
        if header { writer.writeHeader() }
        for cells in rows { try writer.write(JSONRow(cells: cells)) }
        writer.writeFooter()
        return String(decoding: writer.bufferedBytes, as: UTF8.self)
    }

    static let day = Date(timeIntervalSince1970: 1_357_516_800)  // 2013-01-07T00:00:00Z

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        (" lead", "\" lead\""),
        ("trail ", "\"trail \""),
        ("tab\tinside", "tab\tinside"),
        ("naïve 東京 🎉", "naïve 東京 🎉"),
        ("", ""),
    ])
    func csvQuotesOnlyWhenNeeded(text: String, cell: String) throws {
        let csv = try Self.output(.csv, [[.string(text), .null, .null, .null, .null, .null]], header: false)
        #expect(csv == "\(cell),,,,,\n")
    }

    @Test func csvWritesEveryTypeAndAHeader() throws {
        let csv = try Self.output(.csv, [
            [.string("a"), .int(-12), .double(0.1), .bool(true), .date(Self.day), .json(.object(JSONObject([("k", .array([1, "x"]))])))],
            [.null, .int(0), .double(20), .bool(false), .null, .json(.null)],
        ])
        #expect(csv == """
            text,n,x,ok,day,raw
            a,-12,0.1,true,2013-01-07,"{""k"":[1,""x""]}"
            ,0,20,false,,null

            """)
    }

    @Test func tsvEscapesTabsLineBreaksAndBackslashes() throws {
        let tsv = try Self.output(.tsv, [[.string("a\tb\nc\rd\\e, \"f\""), .int(1), .null, .null, .null, .null]])
        #expect(tsv == "text\tn\tx\tok\tday\traw\na\\tb\\nc\\rd\\\\e, \"f\"\t1\t\t\t\t\n")
    }

    @Test func jsonLinesAndArraysKeepColumnOrderAndNulls() throws {
        let cells: [JSONCell] = [.string("q\"\n"), .int(3), .null, .bool(false), .date(Self.day), .json(["a": 1])]
        let line = #"{"text":"q\"\n","n":3,"x":null,"ok":false,"day":"2013-01-07","raw":{"a":1}}"#
        #expect(try Self.output(.ndjson, [cells, cells]) == "\(line)\n\(line)\n")
        #expect(try Self.output(.json, [cells, cells]) == "[\n\(line),\n\(line)\n]\n")
        #expect(try Self.output(.json, []) == "[]\n")
    }

    /// Rows formatted on their own (as workers do) and written in order make the same
    /// output as rows written directly, separators of a JSON array included.
    @Test(arguments: [JSONRowFormat.csv, .tsv, .ndjson, .json])
    func formattedRowsWriteTheSameOutput(format: JSONRowFormat) throws {
        let rows: [[JSONCell]] = [
            [.string("a,b"), .int(1), .double(0.5), .bool(true), .date(Self.day), .json(["k": [1, 2]])],
            [.null, .int(-2), .null, .bool(false), .null, .json(.null)],
            [.string("tab\there \"q\""), .null, .double(1e-7), .null, .null, .null],
        ] + Self.rowsAroundTheInlineRoom
        let direct = try Self.output(format, rows)
        let formatter = JSONRowWriter(schema: Self.schema, format: format)
        var writer = JSONRowWriter(schema: Self.schema, format: format)
        writer.writeHeader()
        for cells in rows { writer.write(formatted: try formatter.formatted(JSONRow(cells: cells))) }
        writer.writeFooter()
        #expect(String(decoding: writer.bufferedBytes, as: UTF8.self) == direct)
        #expect(writer.rowCount == rows.count)
    }

    /// Rows whose text is just under, at and over the 240 bytes a formatted row holds inline,
    /// and far over it: each row's text is the cell plus ",,,,,\n" in CSV.
    private static let rowsAroundTheInlineRoom: [[JSONCell]] = [230, 233, 234, 235, 236, 1000].map { length in
        [.string(String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)), .null, .null, .null, .null, .null]
    }

    @Test func formattedRowsHoldTheirWholeText() throws {
        let formatter = JSONRowWriter(schema: Self.schema, format: .csv)
        for cells in Self.rowsAroundTheInlineRoom {
            guard case .string(let text) = cells[0] else { continue }
            let expected = Array((text + ",,,,,\n").utf8)
            let row = try formatter.formatted(JSONRow(cells: cells))
            #expect(row.bytes == expected)
            #expect(row.withBytes { $0.count } == expected.count)
        }
    }

    /// The 240 bytes of inline room are in the value itself (no heap block per short row).
    @Test func aFormattedRowHoldsItsInlineRoomInTheValue() {
        #expect(MemoryLayout<JSONFormattedRow>.size >= 240 + MemoryLayout<Int>.size)
    }

    @Test func aCellWithNoTextRejectsTheWholeRow() throws {
        var writer = JSONRowWriter(schema: Self.schema, format: .csv)
        try writer.write(JSONRow(cells: [.string("kept"), .null, .null, .null, .null, .null]))
        #expect(throws: JSONMapperError.invalidValue(path: "day", reason: "the date 1000000000000000.0 s from 1970 is outside the years 0000–9999")) {
            try writer.write(JSONRow(cells: [.string("dropped"), .null, .null, .null, .date(Date(timeIntervalSince1970: 1e15)), .null]))
        }
        #expect(String(decoding: writer.bufferedBytes, as: UTF8.self) == "kept,,,,,\n")
    }
}
