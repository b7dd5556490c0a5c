import Foundation
import Testing

/// `jsonmap convert` end to end: every output format, CSV quoting, CRLF and empty input,
/// stdin to stdout, several inputs, workers and the summary's accounting.
@Suite("jsonmap convert")
struct ConvertTests {
    static let fields = ["--field", "id=id!", "--field", "name=name", "--field", "size=payload.size:int"]

    static let records = """
        {"id":"1","name":"Ann","payload":{"size":3}}
        {"id":"2","name":"a,b","payload":{"size":"12"}}
        {"id":"3","payload":{}}

        """

    @Test func csvWithAHeader() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "csv"] + Self.fields, stdin: Self.records)
        #expect(result.status == 0)
        #expect(result.stdout == "id,name,size\n1,Ann,3\n2,\"a,b\",12\n3,,\n")
    }

    @Test func csvWithoutAHeader() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "csv", "--no-header"] + Self.fields, stdin: Self.records)
        #expect(result.stdout == "1,Ann,3\n2,\"a,b\",12\n3,,\n")
    }

    @Test func tsv() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "tsv"] + Self.fields, stdin: #"{"id":"t\tab","name":"back\\slash"}"#)
        #expect(result.status == 0)
        #expect(result.stdout == "id\tname\tsize\nt\\tab\tback\\\\slash\t\n")
    }

    @Test func ndjson() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "ndjson"] + Self.fields, stdin: Self.records)
        #expect(result.stdout == """
            {"id":"1","name":"Ann","size":3}
            {"id":"2","name":"a,b","size":12}
            {"id":"3","name":null,"size":null}

            """)
    }

    @Test func jsonArray() throws {
        let result = try JsonmapRunner().run(["convert", "--to", "json"] + Self.fields, stdin: Self.records)
        #expect(result.stdout == """
            [
            {"id":"1","name":"Ann","size":3},
            {"id":"2","name":"a,b","size":12},
            {"id":"3","name":null,"size":null}
            ]

            """)
    }

    @Test(arguments: [
        ("comma, here", "\"comma, here\""),
        ("a \"quote\"", "\"a \"\"quote\"\"\""),
        ("new\nline", "\"new\nline\""),
        (" leading", "\" leading\""),
        ("trailing ", "\"trailing \""),
        ("naïve café 東京 🎉", "naïve café 東京 🎉"),
        ("plain", "plain"),
    ])
    func csvQuoting(value: String, cell: String) throws {
        let record = #"{"v":\#(Self.jsonString(value))}"#
        let result = try JsonmapRunner().run(["convert", "--to", "csv", "--field", "v=v", "--field", "n=n:int"], stdin: record + "\n")
        #expect(result.stdout == "v,n\n\(cell),\n")
    }

    /// JSON text for a string, escaped by hand (quotes, backslashes, line feeds).
    static func jsonString(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    @Test func crlfInputGivesTheSameRows() throws {
        let crlf = Self.records.replacingOccurrences(of: "\n", with: "\r\n")
        let result = try JsonmapRunner().run(["convert", "--to", "csv"] + Self.fields, stdin: crlf)
        #expect(result.status == 0)
        #expect(result.stdout == "id,name,size\n1,Ann,3\n2,\"a,b\",12\n3,,\n")
    }

    @Test func emptyInput() throws {
        let runner = try JsonmapRunner()
        let csv = try runner.run(["convert", "--to", "csv"] + Self.fields, stdin: "")
        #expect(csv.status == 0)
        #expect(csv.stdout == "id,name,size\n")
        #expect(csv.stderr.contains("0 records read, 0 written, 0 rejected"))
        #expect(try runner.run(["convert", "--to", "ndjson"] + Self.fields).stdout == "")
        #expect(try runner.run(["convert", "--to", "json"] + Self.fields).stdout == "[]\n")
    }

    @Test func severalInputsInOrderWithStdinAsDash() throws {
        let runner = try JsonmapRunner()
        try runner.write("a.jsonl", #"{"id":"a1"}"# + "\n" + #"{"id":"a2"}"# + "\n")
        try runner.write("c.json", #"[{"id":"c1"},{"id":"c2"}]"#)
        let result = try runner.run(["convert", "a.jsonl", "-", "c.json", "--to", "csv", "--field", "id=id"], stdin: #"{"id":"b1"}"#)
        #expect(result.status == 0)
        #expect(result.stdout == "id\na1\na2\nb1\nc1\nc2\n")
    }

    @Test func outputFileAndQuietRun() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--to", "ndjson", "-o", "out.ndjson", "--quiet", "--field", "id=id"], stdin: #"{"id":"x"}"#)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        #expect(runner.read("out.ndjson") == "{\"id\":\"x\"}\n")
        #expect(try runner.userFiles() == ["out.ndjson"])
    }

    @Test func workersKeepInputOrder() throws {
        let runner = try JsonmapRunner()
        let count = 20000
        let input = (0..<count).map { #"{"id":\#($0),"pad":"\#(String(repeating: "x", count: $0 % 50))"}"# }.joined(separator: "\n")
        try runner.write("big.jsonl", input)
        let expected = "id\n" + (0..<count).map { "\($0)\n" }.joined()
        for workers in ["1", "4"] {
            let result = try runner.run(["convert", "big.jsonl", "--to", "csv", "--field", "id=id:int", "--workers", workers])
            #expect(result.status == 0)
            #expect(result.stdout == expected)
        }
    }

    @Test func summaryAccountsForEveryRecord() throws {
        let input = (0..<100).map { $0 % 10 == 0 ? #"{"name":"no id \#($0)"}"# : #"{"id":"\#($0)"}"# }.joined(separator: "\n")
        let result = try JsonmapRunner().run(["convert", "--to", "csv"] + Self.fields, stdin: input)
        #expect(result.status == 1)
        let summary = try #require(result.stderr.split(separator: "\n").last.map(String.init))
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // "N records read, W written, R rejected; …"
        try #require(numbers.count >= 3, "not a summary: \(summary)")
        #expect(Array(numbers.prefix(3)) == [100, 90, 10])
        #expect(numbers[0] == numbers[1] + numbers[2])
        #expect(result.stdout.split(separator: "\n").count == 91)
    }

    @Test func specFromYAMLAndJSONAlike() throws {
        let runner = try JsonmapRunner()
        try runner.write("spec.json", """
            {"columns":[{"name":"id","path":"id","type":"string","required":true},{"name":"size","path":"payload.size","type":"int"},
            {"name":"commits","path":"payload.commits","type":"count"},{"name":"login","path":["actor.login","actor.name"],"type":"string","default":""},
            {"name":"day","path":"created_at","type":"date","format":"yyyy-MM-dd'T'HH:mm:ssZ","outputFormat":"yyyy-MM-dd"}],"coercion":"lenient"}
            """)
        try runner.write("spec.yaml", """
            coercion: lenient
            columns:
              - {name: id, path: id, type: string, required: true}
              - name: size
                path: payload.size
                type: int
              - {name: commits, path: payload.commits, type: count}
              - {name: login, path: [actor.login, actor.name], type: string, default: ""}
              - {name: day, path: created_at, type: date, format: "yyyy-MM-dd'T'HH:mm:ssZ", outputFormat: yyyy-MM-dd}
            """)
        let input = """
            {"id":"e1","actor":{"login":"ann"},"payload":{"size":"2","commits":[{},{}]},"created_at":"2024-02-29T23:59:59+0000"}
            {"id":"e2","actor":{"name":"bob"},"payload":{},"created_at":"2024-03-01T00:00:00+0100"}
            {"id":"e3","payload":{"commits":[]}}
            """
        let expected = "id,size,commits,login,day\ne1,2,2,ann,2024-02-29\ne2,,,bob,2024-02-29\ne3,,0,,\n"
        for spec in ["spec.json", "spec.yaml"] {
            let result = try runner.run(["convert", "--spec", spec, "--to", "csv"], stdin: input)
            #expect(result.status == 0, "\(spec): \(result.stderr)")
            #expect(result.stdout == expected)
        }
    }

    @Test func helpReadsLikeAUnixTool() throws {
        let runner = try JsonmapRunner()
        let top = try runner.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("convert") && top.stdout.contains("validate") && top.stdout.contains("infer"))
        let convert = try runner.run(["convert", "--help"])
        #expect(convert.status == 0)
        #expect(convert.stdout.contains("--max-rejects"))
    }
}

/// The progress bar: only on a terminal or with `--progress`, on stderr, cleared at the end.
@Suite("jsonmap progress")
struct ProgressTests {
    @Test func progressIsDrawnOnlyWhenAsked() throws {
        let runner = try JsonmapRunner()
        let input = String(repeating: "{\"id\":\"1\"}\n", count: 100)
        let forced = try runner.run(["convert", "--to", "csv", "--field", "id=id", "--progress", "--quiet"], stdin: input)
        #expect(forced.status == 0)
        #expect(forced.stderr.contains(" records, 0 rejected, "))
        #expect(forced.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(forced.stdout == "id\n" + String(repeating: "1\n", count: 100))
        let piped = try runner.run(["convert", "--to", "csv", "--field", "id=id"], stdin: input)
        #expect(!piped.stderr.contains("\u{1B}"))
    }
}

/// Standard input to standard output works as a pipeline stage: a row comes out while the
/// input is still open.
@Suite("jsonmap streaming")
struct StreamingTests {
    @Test func rowsComeOutBeforeTheInputEnds() throws {
        let runner = try JsonmapRunner()
        let pipe = Pipe()
        let process = try runner.start(["convert", "--to", "csv", "--field", "id=id", "--framing", "lines", "--workers", "1", "--quiet"],
                                       stdinHandle: pipe.fileHandleForReading)
        pipe.fileHandleForWriting.write(Data("{\"id\":\"first\"}\n".utf8))
        // Waits (up to a deadline that only guards against a hang) for the row, input still open.
        let deadline = Date().addingTimeInterval(30)
        while runner.read(".stdout") != "id\nfirst\n", Date() < deadline { usleep(10_000) }
        #expect(runner.read(".stdout") == "id\nfirst\n")
        pipe.fileHandleForWriting.write(Data("{\"id\":\"second\"}\n".utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(runner.read(".stdout") == "id\nfirst\nsecond\n")
    }
}
