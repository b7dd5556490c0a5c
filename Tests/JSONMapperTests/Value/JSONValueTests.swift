import Foundation
import Testing
@testable import JSONMapper

/// JSONValue, the DOM: parsing and its errors, key order, duplicate keys, literals, the
/// description, subscripts and paths, equality and hashing. Expected values are written by hand.
@Suite("JSONValue: parsing, order, description, paths, equality")
struct JSONValueTests: CapturesMappingErrors {

    static func isSyntax(_ error: JSONMapperError?) -> Bool {
        if case .syntax? = error { return true }
        return false
    }

    static func isLimit(_ error: JSONMapperError?) -> Bool {
        if case .limitExceeded? = error { return true }
        return false
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    // MARK: - Parsing

    @Test func parsesEveryKindTheSameFromStringDataAndBytes() throws {
        let text = #"{"s": "x", "n": -1.5e2, "t": true, "f": false, "z": null, "a": [1, [2], {}], "o": {"k": "v"}}"#
        let expected: JSONValue = [
            "s": "x", "n": .number(JSONNumber(text: "-1.5e2")!), "t": true, "f": false, "z": .null,
            "a": [1, [2], .object(JSONObject())], "o": ["k": "v"],
        ]
        let fromString = try JSONValue(parsing: text)
        let fromData = try JSONValue(parsing: Data(text.utf8))
        let fromBytes = try JSONValue(parsing: Array(text.utf8))
        #expect(fromString == expected)
        #expect(fromData == expected)
        #expect(fromBytes == expected)
        #expect(fromString["n"]?.number?.text == "-1.5e2")
        #expect(fromString["z"]?.isNull == true)
        #expect(fromString["s"]?.string == "x")
        #expect(fromString["t"]?.bool == true)
        #expect(fromString["f"]?.bool == false)
        #expect(fromString["a"]?.array?.count == 3)
        #expect(fromString["o"]?.object?.keys == ["k"])
        // Accessors of the wrong kind are nil.
        #expect(fromString["s"]?.number == nil)
        #expect(fromString["n"]?.string == nil)
        #expect(fromString["a"]?.object == nil)
        #expect(fromString["o"]?.array == nil)
        #expect(fromString["t"]?.isNull == false)
    }

    @Test func topLevelScalarsAndEmptyContainers() throws {
        #expect(try JSONValue(parsing: "42") == 42)
        #expect(try JSONValue(parsing: " \"hi\" ") == "hi")
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: "\ttrue\n") == true)
        #expect(try JSONValue(parsing: "-0").number?.text == "-0")
        #expect(try JSONValue(parsing: "[]") == .array([]))
        #expect(try JSONValue(parsing: "{}") == .object(JSONObject()))
        #expect(try JSONValue(parsing: #""\u00e9\ud83d\ude00\n""#) == "é😀\n")
    }

    @Test func syntaxErrors() {
        let invalid: [String] = [
            "{\"a\" 1}", "[1, 2", "{\"a\": 1} x", "[1,]", "{'a': 1}", "tru", "01", "[NaN]",
            "{\"a\": 1,}", "\"unterminated", "[\"\\ud800\"]", "{1: 2}", "[1 2]",
        ]
        for text in invalid {
            let error = Self.failure { () throws(JSONMapperError) in try JSONValue(parsing: text) }
            #expect(Self.isSyntax(error), "\(text) gave \(String(describing: error))")
        }
        // Invalid UTF-8: an overlong "/" inside a string.
        let overlong = Self.failure { () throws(JSONMapperError) in try JSONValue(parsing: [0x22, 0xC0, 0xAF, 0x22] as [UInt8]) }
        #expect(Self.isSyntax(overlong))
    }

    @Test func syntaxErrorPositionOnALaterLine() {
        // "[\n  1,\n  }": the '}' is byte 9, line 3, column 3.
        let error = Self.failure { () throws(JSONMapperError) in try JSONValue(parsing: "[\n  1,\n  }") }
        guard case .syntax(_, let location)? = error else {
            Issue.record("expected a syntax error, got \(String(describing: error))")
            return
        }
        let (offset, line, column) = (location.offset, location.line, location.column)
        #expect(offset == 9)
        #expect(line == 3)
        #expect(column == 3)
    }

    @Test func emptyInputs() {
        #expect(throws: JSONMapperError.emptyInput) { try JSONValue(parsing: "") }
        #expect(throws: JSONMapperError.emptyInput) { try JSONValue(parsing: "  \n\t\r ") }
        #expect(throws: JSONMapperError.emptyInput) { try JSONValue(parsing: Data()) }
        #expect(throws: JSONMapperError.emptyInput) { try JSONValue(parsing: [UInt8]()) }
    }

    @Test func depthLimit() throws {
        let shallow = DecodingOptions(maxDepth: 3)
        #expect(try JSONValue(parsing: Self.nested(3), options: shallow)[path: "[0][0][0]"] == 1)
        // The path names the container that crossed the limit.
        #expect(throws: JSONMapperError.depthLimitExceeded(path: "[0][0][0]")) {
            try JSONValue(parsing: Self.nested(4), options: shallow)
        }
        #expect(throws: JSONMapperError.depthLimitExceeded(path: "a.b[0]")) {
            try JSONValue(parsing: #"{"a": {"b": [{"c": 1}]}}"#, options: shallow)
        }
        #expect(throws: JSONMapperError.depthLimitExceeded(path: "[0][0][0]")) {
            try JSONValue(parsing: Data(Self.nested(4).utf8), options: DecodingOptions(maxDepth: 3))
        }
        // The default limit is 512.
        let deepest = try JSONValue(parsing: Self.nested(512))
        var inner: JSONValue? = deepest
        for _ in 0..<512 { inner = inner?[0] }
        #expect(inner == 1)
        #expect(throws: JSONMapperError.depthLimitExceeded(path: String(repeating: "[0]", count: 512))) {
            try JSONValue(parsing: Self.nested(513))
        }
    }

    @Test func sizeLimits() throws {
        #expect(Self.isLimit(Self.failure { () throws(JSONMapperError) in
            try JSONValue(parsing: #"["abcde"]"#, options: DecodingOptions(maxStringBytes: 4))
        }))
        #expect(Self.isLimit(Self.failure { () throws(JSONMapperError) in
            try JSONValue(parsing: #"{"abcde": 1}"#, options: DecodingOptions(maxStringBytes: 4))
        }))
        #expect(try JSONValue(parsing: #"["abcd"]"#, options: DecodingOptions(maxStringBytes: 4)) == ["abcd"])
        #expect(Self.isLimit(Self.failure { () throws(JSONMapperError) in
            try JSONValue(parsing: "[1,2,3]", options: DecodingOptions(maxDocumentBytes: 5))
        }))
    }

    // MARK: - Key order and duplicates

    @Test func objectsKeepDocumentOrder() throws {
        let value = try JSONValue(parsing: #"{"zeta": 1, "alpha": 2, "mid": 3, "beta": {"y": 1, "x": 2}}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["zeta", "alpha", "mid", "beta"])
        #expect(object.values == [1, 2, 3, ["y": 1, "x": 2]])
        #expect(object.map(\.key) == ["zeta", "alpha", "mid", "beta"])
        #expect(object[1].key == "alpha")
        #expect(object[1].value == 2)
        #expect(value["beta"]?.object?.keys == ["y", "x"])
        #expect(value.description == #"{"zeta":1,"alpha":2,"mid":3,"beta":{"y":1,"x":2}}"#)
    }

    @Test func duplicateKeysKeepTheLastValueAtTheFirstPosition() throws {
        let value = try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3, "o": {"x": 1}, "o": {"y": 2}}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["a", "b", "o"])
        #expect(object.count == 3)
        #expect(value["a"] == 3)
        #expect(value["o"] == ["y": 2])
        #expect(value[path: "o.x"] == nil)
        #expect(value.description == #"{"a":3,"b":2,"o":{"y":2}}"#)
        // The same from pairs.
        let built = JSONObject([("k", 1), ("j", 2), ("k", 3)])
        #expect(built.keys == ["k", "j"])
        #expect(built["k"] == 3)
    }

    @Test func objectEditing() {
        var object = JSONObject([("a", 1), ("b", 2), ("c", 3)])
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        object["d"] = 4
        #expect(object.keys == ["a", "b", "c", "d"])
        object["a"] = nil
        #expect(object.keys == ["b", "c", "d"])
        #expect(object["a"] == nil)
        #expect(object["b"] == "two")
        #expect(object["c"] == 3)
        #expect(object["d"] == 4)
        object["zzz"] = nil
        #expect(object.count == 3)
        #expect(JSONValue.object(object).description == #"{"b":"two","c":3,"d":4}"#)
    }

    // MARK: - Literals and description

    @Test func literalsBuildTheValuesTheyRead() throws {
        let value: JSONValue = ["name": "x", "n": 7, "pi": 3.25, "on": false, "list": [1, "two", .null], "empty": [:]]
        #expect(value["name"] == .string("x"))
        #expect(value["n"]?.number?.text == "7")
        #expect(value["pi"]?.number?.text == "3.25")
        #expect(value["on"] == .bool(false))
        #expect(value["list"]?[2] == .null)
        #expect(value["empty"] == .object(JSONObject()))
        #expect(value.object?.keys == ["name", "n", "pi", "on", "list", "empty"])
        #expect(value.description == #"{"name":"x","n":7,"pi":3.25,"on":false,"list":[1,"two",null],"empty":{}}"#)
        #expect(try JSONValue(parsing: value.description) == value)
    }

    @Test func descriptionEscapesStringsAndKeys() throws {
        let tricky = "q\"b\\s/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀\u{2028}"
        let value: JSONValue = .object(JSONObject([(tricky, .string(tricky)), ("n", .array([.null, true, 0.5]))]))
        // The encoder's escaper: short escapes where JSON has them (\b, \f), \u00XX otherwise.
        let escaped = #""q\"b\\s/\n\r\t\b\f\u0001\u001f"# + "\u{7F}é😀\u{2028}\""
        #expect(value.description == "{" + escaped + ":" + escaped + #","n":[null,true,0.5]}"#)
        // The description is JSON that reads back to the same value.
        #expect(try JSONValue(parsing: value.description) == value)
        #expect(JSONValue.string("").description == #""""#)
        #expect(JSONValue.array([]).description == "[]")
        #expect(JSONValue.null.description == "null")
    }

    @Test func descriptionKeepsNumberTextVerbatim() throws {
        let text = #"[1.0,-0,1e400,0.1000000000000000000001,18446744073709551616,2E-3]"#
        #expect(try JSONValue(parsing: text).description == text)
        #expect(try JSONValue(parsing: "[ 1 , 2 ]").description == "[1,2]")
    }

    // MARK: - Subscripts and paths

    static let document = #"""
    {"statuses": [{"id": 0}, {"id": 1}, {"id": 2}, {"user": {"id": 505874924095815681, "name": "n"}}],
     "a.b": {"c": 1}, "a": {"b": {"c": 2}}, "k[0]": "literal", "k": ["indexed"],
     "m": [[1, 2], [3, 4]], "é": {"ü": "u"}, "x[y]": 5, "back\\slash": 6, "s": "text"}
    """#

    @Test func pathsThroughObjectsAndArrays() throws {
        let value = try JSONValue(parsing: Self.document)
        #expect(value[path: "statuses[3].user.id"]?.number?.int64Value == 505874924095815681)
        #expect(value[path: "statuses[3].user.name"] == "n")
        #expect(value[path: "statuses[1].id"] == 1)
        #expect(value[path: "a.b.c"] == 2)
        #expect(value[path: "m[1][0]"] == 3)
        #expect(value[path: "m[0][1]"] == 2)
        #expect(value[path: "k[0]"] == "indexed")
        #expect(value[path: "é.ü"] == "u")
        #expect(value[path: "statuses"]?.array?.count == 4)
    }

    @Test func pathEscapesAndKeysThatLookLikeSyntax() throws {
        let value = try JSONValue(parsing: Self.document)
        #expect(value[path: #"a\.b.c"#] == 1)
        #expect(value[path: #"k\[0]"#] == "literal")
        // An index is digits: "x[y]" is a malformed path, and the key `x[y]` is written escaped.
        #expect(value[path: "x[y]"] == nil)
        #expect(value[path: #"x\[y]"#] == 5)
        #expect(value[path: #"back\\slash"#] == 6)
    }

    @Test func pathsThatLeadNowhereAreNil() throws {
        let value = try JSONValue(parsing: Self.document)
        #expect(value[path: "statuses[9]"] == nil)
        #expect(value[path: "statuses.id"] == nil)
        #expect(value[path: "statuses[0].id.x"] == nil)
        #expect(value[path: "m[2][0]"] == nil)
        #expect(value[path: "m[0][5]"] == nil)
        #expect(value[path: "m[0].x"] == nil)
        #expect(value[path: "s[0]"] == nil)
        #expect(value[path: "nope.c"] == nil)
        #expect(value[path: "a.b.c.d"] == nil)
    }

    @Test func subscriptsByKeyAndIndex() throws {
        let value = try JSONValue(parsing: Self.document)
        #expect(value["statuses"]?[3]?["user"]?["name"] == "n")
        #expect(value["m"]?[1]?[1] == 4)
        #expect(value[0] == nil)
        #expect(value["m"]?["0"] == nil)
        #expect(value["m"]?[-1] == nil)
        #expect(value["m"]?[2] == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("abc")[0] == nil)
        #expect(JSONValue.null["a"] == nil)
        let top = try JSONValue(parsing: #"[{"x": [10, 20]}, 3]"#)
        #expect(top[path: "[0].x[1]"] == 20)
        #expect(top[path: "[1]"] == 3)
        #expect(top[path: "[2]"] == nil)
    }

    // MARK: - Equality, hashing, Sendable

    @Test func equalityIgnoresKeyOrderAtEveryLevel() throws {
        let a = try JSONValue(parsing: #"{"a": 1, "b": {"x": [1, {"p": true, "q": null}], "y": "s"}, "c": []}"#)
        let b = try JSONValue(parsing: #"{"c": [], "b": {"y": "s", "x": [1, {"q": null, "p": true}]}, "a": 1}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        // But not array order, values, missing or extra keys, or kinds.
        #expect(try JSONValue(parsing: "[1, 2]") != JSONValue(parsing: "[2, 1]"))
        #expect(try JSONValue(parsing: #"{"a": 1}"#) != JSONValue(parsing: #"{"a": 2}"#))
        #expect(try JSONValue(parsing: #"{"a": 1}"#) != JSONValue(parsing: #"{"a": 1, "b": 1}"#))
        #expect(try JSONValue(parsing: #"{"a": 1, "b": 1}"#) != JSONValue(parsing: #"{"a": 1}"#))
        #expect(try JSONValue(parsing: #"{"a": 1}"#) != JSONValue(parsing: #"{"b": 1}"#))
        #expect(try JSONValue(parsing: #"{"a": "1"}"#) != JSONValue(parsing: #"{"a": 1}"#))
        #expect(try JSONValue(parsing: #"{"a": null}"#) != JSONValue(parsing: "{}"))
        #expect(JSONValue.bool(true) != 1)
        // A repeated key counts once, with its last value.
        #expect(try JSONValue(parsing: #"{"a": 1, "a": 2}"#) == JSONValue(parsing: #"{"a": 2}"#))
    }

    @Test func sendableAcrossTasks() async throws {
        let value = try JSONValue(parsing: Self.document)
        let ids = await withTaskGroup(of: Int64?.self) { group in
            for _ in 0..<4 { group.addTask { value[path: "statuses[3].user.id"]?.number?.int64Value } }
            var all: [Int64?] = []
            for await id in group { all.append(id) }
            return all
        }
        #expect(ids == Array(repeating: 505874924095815681, count: 4))
    }
}
