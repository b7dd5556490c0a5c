import Foundation
import Testing

/// `--columns`: array records read through a header record or given names, by `convert`,
/// `validate` and `infer`, and a header skipped for positional paths.
@Suite("jsonmap columns")
struct ColumnsTests {
    static let table = """
        ["asin","brand","rating"]
        ["B1","Nokia",3]
        ["B2","Moto","x"]
        ["B3","LG",4.5]

        """

    @Test func convertReadsTheHeader() throws {
        let result = try JsonmapRunner().run(["convert", "--columns", "header", "--to", "csv", "--field", "asin=asin!",
                                              "--field", "rating=rating:double"], stdin: Self.table)
        #expect(result.status == 1)
        #expect(result.stdout == "asin,rating\nB1,3\nB3,4.5\n")
        #expect(result.stderr.contains("jsonmap: 3 records read, 2 written, 1 rejected; "))
    }

    @Test func convertTakesGivenNames() throws {
        let result = try JsonmapRunner().run(["convert", "--columns", "id,brand", "--to", "ndjson", "--field", "id=id", "--field", "b=brand"],
                                             stdin: "[\"B1\",\"Nokia\"]\n[\"B2\"]\n")
        #expect(result.status == 0)
        #expect(result.stdout == "{\"id\":\"B1\",\"b\":\"Nokia\"}\n{\"id\":\"B2\",\"b\":null}\n")
    }

    @Test func positionalPathsSkipTheHeader() throws {
        let result = try JsonmapRunner().run(["convert", "--columns", "skip-header", "--to", "csv", "--field", "asin=[0]!",
                                              "--field", "rating=[2]:double"], stdin: Self.table)
        #expect(result.status == 1)
        #expect(result.stdout == "asin,rating\nB1,3\nB3,4.5\n")
        #expect(result.stderr.contains("jsonmap: 3 records read, 2 written, 1 rejected; "))
    }

    @Test func validateReadsTheHeader() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["validate", "--columns", "header", "--field", "rating=rating:int", "--rejects", "bad.jsonl"],
                                    stdin: Self.table)
        #expect(result.status == 1)
        #expect(result.stderr.contains("jsonmap: 3 records read, 1 valid, 2 rejected; "))
        // The header is line 1; the records it names are lines 2 to 4.
        #expect(try RejectsTests.rejects(runner.read("bad.jsonl")).map(\.line) == [3, 4])
    }

    @Test func inferReadsArrayRecordsThroughTheHeader() throws {
        let runner = try JsonmapRunner()
        let spec = try runner.run(["infer", "--columns", "header"], stdin: Self.table)
        #expect(spec.status == 0)
        #expect(spec.stdout == """
            {
              "columns": [
                {"name":"asin","path":"asin","type":"string","required":true},
                {"name":"brand","path":"brand","type":"string","required":true},
                {"name":"rating","path":"rating","type":"string","required":true}
              ],
              "coercion": "lenient"
            }

            """)
        let named = try runner.run(["infer", "--columns", "a,b,c"], stdin: "[1,\"x\",null]\n[2,\"y\",true]\n")
        #expect(named.status == 0)
        #expect(named.stdout.contains(#"{"name":"a","path":"a","type":"int","required":true}"#))
        #expect(named.stdout.contains(#"{"name":"c","path":"c","type":"bool"}"#))
    }

    @Test func inferOnArraysWithoutColumnsSaysWhatToDo() throws {
        let result = try JsonmapRunner().run(["infer"], stdin: Self.table)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("jsonmap: standard input: no object records to infer from (the records are arrays: "
                                        + "name their values with --columns header, or --columns NAME,NAME,…)\n"))
    }

    /// A first record that is no header ends the input where that record starts.
    @Test func aMissingHeaderIsReportedWhereItShouldBe() throws {
        let result = try JsonmapRunner().run(["convert", "--columns", "header", "--to", "csv", "--field", "a=a", "--quiet"],
                                             stdin: "{\"a\":1}\n{\"a\":2}\n")
        #expect(result.status == 3)
        #expect(result.stdout == "a\n")
        #expect(result.stderr.hasPrefix("jsonmap: standard input: reading stopped at byte 0, 16 bytes left unread: "
                                        + "invalid value at the top-level value (line 1, column 1, byte 0): the header record on line 1"))
    }

    @Test func badNamesAreAUsageError() throws {
        let runner = try JsonmapRunner()
        for names in ["a,,b", "a,b,a", ""] {
            let result = try runner.run(["convert", "--columns", names, "--to", "csv", "--field", "a=a"])
            #expect(result.status == 2, "\(names)")
            #expect(result.stderr.contains("invalid for '--columns"), "\(names)")
        }
    }
}
