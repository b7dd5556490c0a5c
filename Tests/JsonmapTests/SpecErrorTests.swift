import Foundation
import Testing

/// Mistakes in spec files give one line naming the file and the place, and exit status 2.
@Suite("jsonmap spec errors")
struct SpecErrorTests {
    static func run(spec name: String, _ text: String) throws -> JsonmapRunner.Result {
        let runner = try JsonmapRunner()
        try runner.write(name, text)
        return try runner.run(["convert", "--spec", name, "--to", "csv"], stdin: "{}")
    }

    @Test func unknownTypeInJSON() throws {
        let result = try Self.run(spec: "spec.json", #"{"columns":[{"name":"a","path":"a"},{"name":"n","path":"n","type":"integer"}]}"#)
        #expect(result.status == 2)
        #expect(result.stderr == "jsonmap: spec.json: columns[1].type: unknown type \"integer\"; expected one of string, int, double, decimal, bool, date, json, count, ordinal\n")
    }

    @Test func unknownTypeInYAMLHasALine() throws {
        let result = try Self.run(spec: "spec.yaml", "columns:\n  - name: a\n    path: a\n  - name: n\n    type: integer\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("jsonmap: spec.yaml: columns[1].type (line 5, column 11): unknown type \"integer\""))
    }

    @Test func badKeyPath() throws {
        let result = try Self.run(spec: "spec.json", #"{"columns":[{"name":"a","path":"actor..login"}]}"#)
        #expect(result.status == 2)
        #expect(result.stderr == "jsonmap: spec.json: columns[0]: column \"a\": bad path \"actor..login\": empty name between separators (at character 7)\n")
    }

    @Test func malformedYAML() throws {
        let result = try Self.run(spec: "spec.yaml", "columns:\n  - name: a\n   path: [a\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("jsonmap: spec.yaml: malformed YAML: line "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func malformedJSON() throws {
        let result = try Self.run(spec: "spec.json", "{\"columns\": [\n  {\"name\": \"a\",}\n]}")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("jsonmap: spec.json: malformed JSON: syntax error at line 2, column "))
    }

    @Test func unknownKeyAndMissingColumns() throws {
        let typo = try Self.run(spec: "spec.json", #"{"columns":[{"name":"a","requred":true}]}"#)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("columns[0]: unknown key \"requred\""))
        let none = try Self.run(spec: "spec.json", #"{"coercion":"strict"}"#)
        #expect(none.status == 2)
        #expect(none.stderr == "jsonmap: spec.json: the spec has no \"columns\" list\n")
    }

    @Test func missingSpecFile() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--spec", "absent.yaml", "--to", "csv"])
        #expect(result.status == 2)
        #expect(result.stderr == "jsonmap: absent.yaml: cannot read the spec: No such file or directory\n")
    }
}
