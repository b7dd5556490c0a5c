import Foundation
import Testing
@testable import JSONMapper

/// One row per element of an array (`JSONExplode`): element columns, the ordinal, record
/// columns repeated, empty, absent, null and non-array values, outer mode, element errors at
/// their element's path, and the schema errors.
@Suite("Schema: explode")
struct ExplodeTests {
    static let columns = [
        JSONColumn("id", path: "id", type: .int),
        JSONColumn("n", path: "payload.commits", type: .ordinal),
        JSONColumn("sha", path: "payload.commits.sha"),
        JSONColumn("author", path: "payload.commits.author.name", default: "?"),
        JSONColumn("repo", path: "repo.name"),
    ]

    /// The rows of each record (nil for a rejected one) and the rejections' errors.
    static func rows(_ text: String, outer: Bool = false, columns: [JSONColumn] = columns,
                     path: String = "payload.commits", workers: Int = 1) throws -> (rows: [[[JSONCell]]?], errors: [JSONMapperError]) {
        let schema = try JSONSchema(columns: columns, explode: JSONExplode(path: path, outer: outer))
        var errors: [JSONMapperError] = []
        var rows: [[[JSONCell]]?] = []
        for result in JSONRecordDecoder(workers: workers).rows(schema, from: .bytes(Array(text.utf8)), onRejection: {
            errors.append($0.error)
            rows.append(nil)
        }) {
            rows.append(try result.get().value.map(\.cells))
        }
        return (rows, errors)
    }

    @Test func eachElementIsARowWithTheRecordsColumnsRepeated() throws {
        let text = #"{"id":1,"repo":{"name":"r"},"payload":{"commits":[{"sha":"a","author":{"name":"Ann"}},{"sha":"b"}]}}"#
        let result = try Self.rows(text)
        #expect(result.rows == [[
            [.int(1), .int(0), .string("a"), .string("Ann"), .string("r")],
            [.int(1), .int(1), .string("b"), .string("?"), .string("r")],
        ]])
    }

    @Test(arguments: [#"{"id":1,"payload":{"commits":[]}}"#, #"{"id":1,"payload":{}}"#, #"{"id":1}"#, #"{"id":1,"payload":{"commits":null}}"#])
    func aRecordWithoutElementsHasNoRowOrOneOuterRow(record: String) throws {
        #expect(try Self.rows(record).rows == [[]])
        #expect(try Self.rows(record, outer: true).rows == [[[.int(1), .null, .null, .string("?"), .null]]])
    }

    @Test(arguments: [(#"{"commits":{"sha":"a"}}"#, "an object"), (#"{"commits":"a"}"#, "a string"), (#"{"commits":3}"#, "a number")])
    func aValueThatIsNoArrayRejectsTheRecordNamingThePath(payload: String, kind: String) throws {
        let result = try Self.rows(#"{"id":1}"# + "\n" + #"{"id":2,"payload":\#(payload)}"# + "\n" + #"{"id":3}"#, outer: true)
        #expect(result.rows.count == 3)
        #expect(result.rows[1] == nil)
        #expect(result.errors == [.typeMismatch(path: "payload.commits", expected: "an array to explode", found: kind)])
    }

    @Test func underTheCollectPolicyANonArrayValueAndAnElementErrorAreIssues() throws {
        let schema = try JSONSchema(columns: [JSONColumn("id", path: "id", type: .int), JSONColumn("v", path: "c.v", type: .int)],
                                    explode: JSONExplode(path: "c"))
        var decoder = JSONRecordDecoder(workers: 1)
        decoder.options.invalidValuePolicy = .collect
        let text = #"{"id":1,"c":"x"}"# + "\n" + #"{"id":2,"c":[{"v":1},{"v":"no"}]}"#
        let records = decoder.rows(schema, from: .bytes(Array(text.utf8))).compactMap { try? $0.get() }
        #expect(records.map { $0.value.map(\.cells) } == [[], [[.int(2), .int(1)], [.int(2), .null]]])
        #expect(records.map { $0.issues.map(\.path) } == [["c"], ["c[1].v"]])
    }

    @Test func theElementItselfAndScalarElements() throws {
        let columns = [JSONColumn("tag", path: "tags"), JSONColumn("i", path: "tags", type: .ordinal), JSONColumn("id", path: "id", type: .int)]
        let result = try Self.rows(#"{"id":7,"tags":["x",2,true]}"#, columns: columns, path: "tags")
        #expect(result.rows == [[[.string("x"), .int(0), .int(7)], [.string("2"), .int(1), .int(7)], [.string("true"), .int(2), .int(7)]]])
    }

    @Test func anElementErrorNamesTheElementsPath() throws {
        let columns = [JSONColumn("id", path: "id"), JSONColumn("sha", path: "c.sha", type: .int, required: true)]
        let required = try Self.rows(#"{"id":1,"c":[{"sha":1},{"x":2}]}"#, columns: columns, path: "c")
        #expect(required.errors == [.keyNotFound(path: "c[1].sha")])
        let typed = try Self.rows(#"{"id":1,"c":[{"sha":1},{"sha":2},{"sha":"z"}]}"#, columns: columns, path: "c")
        #expect(typed.errors.map(\.path) == ["c[2].sha"])
    }

    @Test func rowsKeepStreamOrderWithSeveralWorkers() throws {
        var text = ""
        var expected: [[[JSONCell]]?] = []
        for i in 0..<2000 {
            let count = i % 4
            text += #"{"id":\#(i),"c":[\#((0..<count).map { "{\"v\":\($0)}" }.joined(separator: ","))]}"# + "\n"
            expected.append((0..<count).map { [.int(i), .int($0)] })
        }
        let columns = [JSONColumn("id", path: "id", type: .int), JSONColumn("v", path: "c.v", type: .int)]
        #expect(try Self.rows(text, columns: columns, path: "c", workers: 3).rows == expected)
    }

    @Test func aSchemaWithoutExplodeGivesOneRowPerRecord() throws {
        let schema = try JSONSchema(columns: [JSONColumn("id", path: "id", type: .int)])
        let rows = JSONRecordDecoder(workers: 1).rows(schema, from: .bytes(Array("{\"id\":1}\n{\"id\":2}".utf8))).map { try? $0.get().value }
        #expect(rows == [[JSONRow(cells: [.int(1)])], [JSONRow(cells: [.int(2)])]])
    }

    @Test func recordsOfAnExplodingSchemaAreRejectedWithAnInvalidMapping() throws {
        let schema = try JSONSchema(columns: [JSONColumn("id", path: "id")], explode: JSONExplode(path: "c"))
        var errors: [JSONMapperError] = []
        var delivered = 0
        for _ in JSONRecordDecoder(workers: 1).records(schema, from: .bytes(Array("{\"id\":1}".utf8)), onRejection: { errors.append($0.error) }) {
            delivered += 1
        }
        #expect(delivered == 0)
        guard case .invalidMapping(_, "c", _)? = errors.first else { Issue.record("\(errors)"); return }
    }

    @Test func schemaErrors() {
        #expect(throws: JSONSchemaError(columnIndex: 0, column: "n", message: "an ordinal column needs an exploded array (see JSONExplode)")) {
            try JSONSchema(columns: [JSONColumn("n", path: "n", type: .ordinal)])
        }
        #expect(throws: JSONSchemaError.self) { try JSONSchema(columns: [JSONColumn("a", path: "a")], explode: JSONExplode(path: "a..b")) }
        do {
            _ = try JSONSchema(columns: [JSONColumn("a", path: "a")], explode: JSONExplode(path: "a..b"))
        } catch {
            #expect(error.columnIndex == 1)
            #expect(error.column == "explode")
        }
        #expect(throws: JSONSchemaError.self) {
            try JSONSchema(columns: [JSONColumn("a", paths: ["c.x", "y"])], explode: JSONExplode(path: "c"))
        }
    }
}
