import Foundation
import Testing

/// `--explode`, `--explode-outer` and a spec's `explode`: one row per element, the ordinal,
/// nested element columns, empty, absent, null and non-array values, and the summary's
/// records and rows.
@Suite("jsonmap convert --explode")
struct ExplodeCommandTests {
    static let records = """
        {"id":1,"repo":{"name":"r1"},"payload":{"commits":[{"sha":"a","author":{"name":"Ann"}},{"sha":"b","author":{"name":"Bo"}}]}}
        {"id":2,"repo":{"name":"r2"},"payload":{"commits":[]}}
        {"id":3,"repo":{"name":"r3"},"payload":{"commits":{"sha":"c"}}}
        {"id":4,"repo":{"name":"r4"}}
        {"id":5,"repo":{"name":"r5"},"payload":{"commits":[{"sha":"d"}]}}

        """

    static let fields = ["--field", "id=id:int", "--field", "n=payload.commits:ordinal", "--field", "sha=payload.commits.sha",
                         "--field", "author=payload.commits.author.name", "--field", "repo=repo.name"]

    @Test func oneRowPerElementWithNestedColumnsAndTheOrdinal() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--to", "csv", "--explode", "payload.commits", "--rejects", runner.path("r.jsonl")] + Self.fields,
                                    stdin: Self.records)
        #expect(result.status == 1)
        #expect(result.stdout == "id,n,sha,author,repo\n1,0,a,Ann,r1\n1,1,b,Bo,r1\n5,0,d,,r5\n")
        #expect(result.stderr.contains("jsonmap: 5 records read, 4 mapped, 1 rejected; 3 rows written; "), "\(result.stderr)")
        let rejects = runner.read("r.jsonl") ?? ""
        #expect(rejects.split(separator: "\n").count == 1)
        #expect(rejects.contains(#""line":3"#))
        #expect(rejects.contains("payload.commits"))
        #expect(rejects.contains("an array to explode"))
    }

    @Test func outerModeKeepsRecordsWithoutElementsAsOneRowOfNulls() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "ndjson", "--explode-outer", "payload.commits"] + Self.fields, stdin: Self.records)
        #expect(result.stdout == """
            {"id":1,"n":0,"sha":"a","author":"Ann","repo":"r1"}
            {"id":1,"n":1,"sha":"b","author":"Bo","repo":"r1"}
            {"id":2,"n":null,"sha":null,"author":null,"repo":"r2"}
            {"id":4,"n":null,"sha":null,"author":null,"repo":"r4"}
            {"id":5,"n":0,"sha":"d","author":null,"repo":"r5"}

            """)
        #expect(result.stderr.contains("jsonmap: 5 records read, 4 mapped, 1 rejected; 5 rows written; "), "\(result.stderr)")
    }

    @Test func aJSONArrayOfExplodedRowsIsOneArray() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "json", "--explode", "payload.commits", "--field", "sha=payload.commits.sha"],
                                             stdin: Self.records)
        #expect(result.stdout == "[\n{\"sha\":\"a\"},\n{\"sha\":\"b\"},\n{\"sha\":\"d\"}\n]\n")
    }

    @Test(arguments: [1, 3])
    func theSpecsExplodeWithSeveralWorkers(workers: Int) throws {
        let runner = try JsonmapRunner()
        try runner.write("spec.yaml", """
            explode: {path: payload.commits, outer: false}
            columns:
              - {name: id, type: int}
              - {name: n, path: payload.commits, type: ordinal}
              - {name: sha, path: payload.commits.sha}

            """)
        var text = ""
        var expected = "id,n,sha\n"
        for i in 0..<3000 {
            let count = i % 3
            text += #"{"id":\#(i),"payload":{"commits":[\#((0..<count).map { "{\"sha\":\"s\($0)\"}" }.joined(separator: ","))]}}"# + "\n"
            for n in 0..<count { expected += "\(i),\(n),s\(n)\n" }
        }
        let result = try runner.run(["convert", "--to", "csv", "--spec", runner.path("spec.yaml"), "--workers", "\(workers)"], stdin: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
        #expect(result.stderr.contains("jsonmap: 3000 records read, 3000 mapped, 0 rejected; 3000 rows written; "), "\(result.stderr)")
    }

    @Test func validateCountsRowsToo() throws {
        let result = try JsonmapRunner().run(["validate", "--explode", "payload.commits"] + Self.fields, stdin: Self.records)
        #expect(result.status == 1)
        #expect(result.stderr.contains("jsonmap: 5 records read, 4 mapped, 1 rejected; 3 rows valid; "), "\(result.stderr)")
    }

    @Test(arguments: [
        (["--explode", "a..b", "--field", "x=x"], "--explode \"a..b\": bad path"),
        (["--explode", "a", "--explode-outer", "a", "--field", "x=x"], "either --explode or --explode-outer"),
        (["--field", "n=a:ordinal"], "an ordinal column needs an exploded array"),
        (["--explode", "c", "--field", "x=c.x|y"], "the paths mix the exploded array"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try JsonmapRunner().run(["convert", "--to", "csv"] + arguments, stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aSpecsBadExplodeIsNamed() throws {
        let runner = try JsonmapRunner()
        try runner.write("spec.yaml", "explode: {path: 3}\ncolumns:\n  - {name: id}\n")
        let result = try runner.run(["convert", "--to", "csv", "--spec", runner.path("spec.yaml")], stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderr.contains("explode.path (line 1, column 17): expected a string, found a number"), "\(result.stderr)")
    }
}
