import Foundation
import Testing
@testable import JSONMapper

/// Runtime schemas decode through the model engine: key paths, index paths, fallbacks,
/// required columns, defaults, every column type, lenient and strict coercion, and
/// compile-time checks of what a schema file can get wrong.
@Suite("Schema: runtime schemas")
struct JSONSchemaTests {
    static func row(_ schema: JSONSchema, _ json: String) throws -> JSONRow {
        try JSONMapDecoder().decode(schema, from: Data(json.utf8))
    }

    static func date(_ text: String) -> Date {
        try! JSONMapDecoder().decode(Date.self, from: "\"\(text)\"")
    }

    @Test func everyTypeFromItsKeyPath() throws {
        let schema = try JSONSchema(columns: [
            JSONColumn("id", path: "id"),
            JSONColumn("size", path: "payload.size", type: .int),
            JSONColumn("ratio", path: "payload.ratio", type: .double),
            JSONColumn("price", path: "price", type: .decimal),
            JSONColumn("public", path: "public", type: .bool),
            JSONColumn("at", path: "created_at", type: .date()),
            JSONColumn("day", path: "day", type: .date(format: "dd/MM/yyyy")),
            JSONColumn("meta", path: "meta", type: .json),
            JSONColumn("commits", path: "payload.commits", type: .count),
            JSONColumn("first", path: "payload.commits[0].sha"),
        ])
        let row = try Self.row(schema, """
            {"id":"e1","payload":{"size":3,"ratio":0.5,"commits":[{"sha":"a1"},{"sha":"b2"},[1,[2]]]},
             "price":12.30,"public":true,"created_at":"2024-01-02T03:04:05Z","day":"07/01/2013",
             "meta":{"a":[1,2.50],"b":null},"ignored":{"deep":[1,2,3]}}
            """)
        #expect(row.cells == [
            .string("e1"), .int(3), .double(0.5), .decimal(Decimal(string: "12.30")!), .bool(true),
            .date(Self.date("2024-01-02T03:04:05Z")), .date(Self.date("2013-01-07T00:00:00Z")),
            .json(.object(JSONObject([("a", .array([1, .number(JSONNumber(text: "2.50")!)])), ("b", .null)]))),
            .int(3), .string("a1"),
        ])
    }

    @Test func absentValuesAreNullOrTheDefault() throws {
        let schema = try JSONSchema(columns: [
            JSONColumn("id", path: "id", type: .int),
            JSONColumn("name", path: "name", default: "none"),
            JSONColumn("size", path: "size", type: .int, default: "7"),
            JSONColumn("tags", path: "tags", type: .count, default: 0),
        ])
        #expect(try Self.row(schema, #"{"name":null}"#).cells == [.null, .string("none"), .int(7), .int(0)])
        #expect(try Self.row(schema, #"{"id":1,"name":"x","size":2,"tags":[]}"#).cells == [.int(1), .string("x"), .int(2), .int(0)])
    }

    @Test func fallbackPathsPreferTheFirstPresentWhereverItComes() throws {
        let schema = try JSONSchema(columns: [JSONColumn("login", paths: ["actor.login", "actor.name", "user"])])
        #expect(try Self.row(schema, #"{"user":"u","actor":{"name":"n","login":"l"}}"#).cells == [.string("l")])
        #expect(try Self.row(schema, #"{"actor":{"name":"n"},"user":"u"}"#).cells == [.string("n")])
        #expect(try Self.row(schema, #"{"user":"u"}"#).cells == [.string("u")])
    }

    @Test func twoColumnsMayReadOneKey() throws {
        let schema = try JSONSchema(columns: [
            JSONColumn("text", path: "n"), JSONColumn("number", path: "n", type: .int), JSONColumn("raw", path: "n", type: .json),
        ])
        #expect(try Self.row(schema, #"{"n":"42"}"#).cells == [.string("42"), .int(42), .json("42")])
    }

    @Test func aMissingRequiredColumnNamesItsPath() {
        let schema = try! JSONSchema(columns: [JSONColumn("id", path: "actor.id", type: .int, required: true)])
        #expect(throws: JSONMapperError.keyNotFound(path: "actor.id")) { try Self.row(schema, #"{"actor":{}}"#) }
        #expect(throws: JSONMapperError.keyNotFound(path: "actor.id")) { try Self.row(schema, #"{"actor":{"id":null}}"#) }
    }

    @Test func strictCoercionTakesOnlyTheValuesOwnKind() throws {
        let columns = [JSONColumn("size", path: "size", type: .int)]
        #expect(try Self.row(JSONSchema(columns: columns), #"{"size":"12"}"#).cells == [.int(12)])
        let strict = try JSONSchema(columns: columns, coercion: .strict)
        #expect(throws: JSONMapperError.typeMismatch(path: "size", expected: "Int", found: "string \"12\"")) {
            try Self.row(strict, #"{"size":"12"}"#)
        }
    }

    @Test func aCountIsOfAnArrayOnly() {
        let schema = try! JSONSchema(columns: [JSONColumn("n", path: "list", type: .count)])
        #expect(throws: JSONMapperError.typeMismatch(path: "list", expected: "an array (to count)", found: "an object")) {
            try Self.row(schema, #"{"list":{"a":1}}"#)
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "list", expected: "an array (to count)", found: "number 3")) {
            try Self.row(schema, #"{"list":3}"#)
        }
    }

    @Test func indexPathsReadArrayRecords() throws {
        let schema = try JSONSchema(columns: [JSONColumn("b", path: "[1]", type: .int), JSONColumn("c", path: "[2].name")])
        #expect(try Self.row(schema, #"["a", "5", {"name":"x"}]"#).cells == [.int(5), .string("x")])
    }

    @Test(arguments: [
        // The mapping-key grammar's reasons (JSONMapperKeySyntax), shared with models and the macro.
        ("a..b", "bad path \"a..b\": empty name between separators (at character 3)"),
        ("", "bad path \"\": a key cannot be empty (at character 1)"),
        ("a.", "bad path \"a.\": the key ends with an empty name after '.' (at character 3)"),
        ("a[x]", #"bad path "a[x]": an array index is digits only, found 'x' (escape a '[' that belongs to a key as \[) (at character 3)"#),
        ("a[", "bad path \"a[\": '[' is never closed (at character 2)"),
        ("a[0]b", "bad path \"a[0]b\": expected '.' or '[' after ']', found 'b' (at character 5)"),
    ])
    func malformedPathsAreSchemaErrors(path: String, message: String) {
        #expect(throws: JSONSchemaError(columnIndex: 1, column: "bad", message: message)) {
            try JSONSchema(columns: [JSONColumn("ok", path: "a\\.b[0].c"), JSONColumn("bad", path: path)])
        }
    }

    @Test func otherSchemaErrorsNameTheirColumn() {
        #expect(throws: JSONSchemaError(columnIndex: 1, column: "a", message: "another column has the same name")) {
            try JSONSchema(columns: [JSONColumn("a", path: "a"), JSONColumn("a", path: "b")])
        }
        #expect(throws: JSONSchemaError(columnIndex: 0, column: "d", message: "date format \"yyyy-DD\": the field \"DD\" at character 6 of \"yyyy-DD\" is not supported (the letters are y u M L d E a H k h K m s S Z X x z O; quote literal letters: 'T')")) {
            try JSONSchema(columns: [JSONColumn("d", path: "d", type: .date(format: "yyyy-DD"))])
        }
        #expect(throws: JSONSchemaError(columnIndex: 0, column: "n", message: "the column has no path")) {
            try JSONSchema(columns: [JSONColumn("n", paths: [])])
        }
        #expect(throws: JSONSchemaError.self) {
            try JSONSchema(columns: [JSONColumn("n", path: "n", type: .int, default: "many")])
        }
    }
}
