import Foundation
import Testing
@testable import JSONMapper

/// The Parser layer: `JSONParser` driven through a recording `JSONEventSink`, and the same
/// documents through `JSONMapDecoder.decode`. Every expected event list and error position below
/// was written by hand from RFC 8259, not taken from the parser's output.
@Suite("Parser layer")
struct ParserUnitTests {

    // MARK: - Recording sink

    /// One parse event, with text as the `String` it decodes to (`invalidUTF8` if the bytes the
    /// parser handed out are not valid UTF-8, which the parser promises never to do).
    enum Event: Equatable, Sendable, CustomStringConvertible {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case key(String)
        case beginObject, endObject, beginArray, endArray
        case invalidUTF8([UInt8])

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let b): "\(b)"
            case .number(let n): "num(\(n))"
            case .string(let s): "str(\(s.debugDescription))"
            case .key(let k): "key(\(k.debugDescription))"
            case .beginObject: "{"
            case .endObject: "}"
            case .beginArray: "["
            case .endArray: "]"
            case .invalidUTF8(let bytes): "invalidUTF8(\(bytes))"
            }
        }
    }

    final class RecordingSink: JSONEventSink {
        var events: [Event] = []

        private func text(_ bytes: JSONBytes, _ make: (String) -> Event) -> Event {
            let array = Array(bytes.buffer)
            guard let string = String(validating: array, as: UTF8.self) else { return .invalidUTF8(array) }
            return make(string)
        }

        override func null() -> Bool { events.append(.null); return true }
        override func bool(_ value: Bool) -> Bool { events.append(.bool(value)); return true }
        override func number(_ text: JSONBytes) -> Bool { events.append(self.text(text) { .number($0) }); return true }
        override func string(_ text: JSONBytes) -> Bool { events.append(self.text(text) { .string($0) }); return true }
        override func key(_ text: JSONBytes) -> Bool { events.append(self.text(text) { .key($0) }); return true }
        override func beginObject() -> Bool { events.append(.beginObject); return true }
        override func endObject() -> Bool { events.append(.endObject); return true }
        override func beginArray() -> Bool { events.append(.beginArray); return true }
        override func endArray() -> Bool { events.append(.endArray); return true }
    }

    /// Parses `bytes` fed as consecutive chunks ending at `splits` (then the rest), then finishes.
    static func parse(_ bytes: [UInt8], splits: [Int] = []) -> Result<[Event], JSONMapperError> {
        let sink = RecordingSink()
        let parser = JSONParser(sink: sink)
        do throws(JSONMapperError) {
            var start = 0
            for end in splits + [bytes.count] where end >= start {
                let chunk = Array(bytes[start..<end])
                try InputBytes.withBytes(of: chunk) { (buffer) throws(JSONMapperError) in try parser.parse(buffer) }
                start = end
            }
            try parser.finish()
            return .success(sink.events)
        } catch {
            return .failure(error)
        }
    }

    static func parse(_ text: String, splits: [Int] = []) -> Result<[Event], JSONMapperError> {
        parse(Array(text.utf8), splits: splits)
    }

    /// Split points for feeding one byte at a time.
    static func byteSplits(_ count: Int) -> [Int] { count > 1 ? Array(1..<count) : [] }

    /// Deterministic random split points.
    static func randomSplits(_ count: Int, seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        var splits: [Int] = []
        var position = 0
        while true {
            position += Int.random(in: 0...5, using: &rng)   // empty chunks included
            if position >= count { break }
            splits.append(position)
        }
        return splits
    }

    /// The "decode anything" probe: a `String?` accepts every scalar and, with `.skip`, skips
    /// containers; so any error it reports for an invalid document is the parser's.
    static func decodeProbe(_ bytes: [UInt8]) -> Result<String?, JSONMapperError> {
        do throws(JSONMapperError) {
            return .success(try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(String?.self, from: bytes))
        } catch {
            return .failure(error)
        }
    }

    static func isSyntax(_ error: JSONMapperError?) -> Bool {
        if case .syntax? = error { return true }
        return false
    }

    static func position(_ error: JSONMapperError?) -> (offset: Int, line: Int, column: Int)? {
        if case let .syntax(_, location)? = error { return (location.offset, location.line, location.column) }
        return nil
    }

    // MARK: - Valid documents

    static let validDocuments: [(String, [Event])] = [
        ("{}", [.beginObject, .endObject]),
        ("[]", [.beginArray, .endArray]),
        ("null", [.null]),
        ("true", [.bool(true)]),
        ("false", [.bool(false)]),
        ("0", [.number("0")]),
        ("-0", [.number("-0")]),
        ("1E+2", [.number("1E+2")]),
        ("0.5e-3", [.number("0.5e-3")]),
        ("-12.345e10", [.number("-12.345e10")]),
        ("2e+0", [.number("2e+0")]),
        ("123456789012345678901234567890", [.number("123456789012345678901234567890")]),
        ("1e999999", [.number("1e999999")]),
        (#""""#, [.string("")]),
        (#""hello""#, [.string("hello")]),
        (#""a/b""#, [.string("a/b")]),
        (#""\"\\\/\b\f\n\r\t""#, [.string("\"\\/\u{08}\u{0C}\n\r\t")]),
        (#""\u00e9\u20AC\u0041\u004a""#, [.string("é€AJ")]),
        (#""\uD83D\uDE00""#, [.string("\u{1F600}")]),
        (#""\ud834\udd1e!""#, [.string("\u{1D11E}!")]),
        (#""x\u0000y""#, [.string("x\u{0}y")]),
        ("\"h\u{E9}llo \u{20AC} \u{1F600}\"", [.string("héllo € \u{1F600}")]),
        ("\"\u{7F}\"", [.string("\u{7F}")]),
        (#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
         [.beginObject, .key("a"), .number("1"), .key("b"), .beginArray, .bool(true), .bool(false), .null, .endArray,
          .key("c"), .beginObject, .key("d"), .string("e"), .endObject, .endObject]),
        ("[[[]]]", [.beginArray, .beginArray, .beginArray, .endArray, .endArray, .endArray]),
        (#"[{}, [], "", 0, {"":[]}]"#,
         [.beginArray, .beginObject, .endObject, .beginArray, .endArray, .string(""), .number("0"),
          .beginObject, .key(""), .beginArray, .endArray, .endObject, .endArray]),
        (" \t\n\r[ 1 ,\n2 ]\r\n\t ", [.beginArray, .number("1"), .number("2"), .endArray]),
        (#"{"":""}"#, [.beginObject, .key(""), .string(""), .endObject]),
        (#"{"a\"b\u0063":1}"#, [.beginObject, .key("a\"bc"), .number("1"), .endObject]),
        (#"{"a":1,"a":2}"#, [.beginObject, .key("a"), .number("1"), .key("a"), .number("2"), .endObject]),
        (#"[1,-1,0.0,1e5,1E-5,1.5e+5,-0.0]"#,
         [.beginArray, .number("1"), .number("-1"), .number("0.0"), .number("1e5"), .number("1E-5"),
          .number("1.5e+5"), .number("-0.0"), .endArray]),
        (#"{"k":[{"k":[{"k":null}]}]}"#,
         [.beginObject, .key("k"), .beginArray, .beginObject, .key("k"), .beginArray, .beginObject, .key("k"), .null,
          .endObject, .endArray, .endObject, .endArray, .endObject]),
        (#"  "padded"  "#, [.string("padded")]),
        (#"{"\u00e9t\u00e9":"summer"}"#, [.beginObject, .key("été"), .string("summer"), .endObject]),
    ]

    @Test("valid documents produce the expected events", arguments: validDocuments)
    func validDocument(_ json: String, _ expected: [Event]) throws {
        let events = try Self.parse(json).get()
        #expect(events == expected)
    }

    @Test("valid documents are not syntax errors through JSONMapDecoder.decode", arguments: validDocuments)
    func validDocumentThroughDecode(_ json: String, _ expected: [Event]) {
        // A container as the top-level value leaves the probe without a value (a type mismatch);
        // what matters is that the parse itself succeeded.
        switch Self.decodeProbe(Array(json.utf8)) {
        case .success: break
        case .failure(let error):
            #expect(!Self.isSyntax(error), "unexpected syntax error \(error)")
            #expect(error != .emptyInput)
        }
    }

    @Test func scalarDocumentsDecodeToTheirValues() throws {
        #expect(try JSONMapDecoder().decode(String.self, from: #""\uD83D\uDE00 \u00e9\n""#) == "\u{1F600} é\n")
        #expect(try JSONMapDecoder().decode(String.self, from: #""x\u0000y""#) == "x\u{0}y")
        #expect(try JSONMapDecoder().decode(Int.self, from: " \n 42 \t") == 42)
        #expect(try JSONMapDecoder().decode(Bool.self, from: "false") == false)
        #expect(try JSONMapDecoder().decode(Int?.self, from: "null") == nil)
        #expect(try JSONMapDecoder().decode([[Int]].self, from: "[[1,2],[],[3]]") == [[1, 2], [], [3]])
        #expect(try JSONMapDecoder().decode([String: String].self, from: #"{"a\"b":"c\/d"}"#) == ["a\"b": "c/d"])
    }

    // MARK: - Invalid documents

    static let invalidDocuments: [(String, [UInt8])] = {
        let textual: [(String, String)] = [
            ("leading zero", "01"),
            ("leading zero negative", "-01"),
            ("leading zero in array", "[00]"),
            ("plus sign", "+1"),
            ("leading dot", ".5"),
            ("trailing dot", "1."),
            ("dot before exponent", "1.e5"),
            ("empty exponent", "1e"),
            ("signed empty exponent", "[1e+]"),
            ("lone minus", "-"),
            ("minus in array", "[-]"),
            ("hex number", "0x10"),
            ("trailing comma array", "[1,]"),
            ("trailing comma object", #"{"a":1,}"#),
            ("leading comma", "[,1]"),
            ("double comma", "[1,,2]"),
            ("empty object comma", "{,}"),
            ("single quotes", "['a']"),
            ("single-quoted key", "{'a':1}"),
            ("unquoted key", "{a:1}"),
            ("number key", "{1:2}"),
            ("raw control char in string", "\"a\u{01}b\""),
            ("raw tab in string", "\"a\tb\""),
            ("raw newline in string", "\"a\nb\""),
            ("invalid escape x", #""\x41""#),
            ("invalid escape a", #""\a""#),
            ("invalid escape quote", #""\'""#),
            ("uppercase U escape", #""\U0041""#),
            ("non-hex unicode escape", #""\u12G4""#),
            ("short unicode escape", #""\u12""#),
            ("missing comma array", "[1 2]"),
            ("missing comma object", #"{"a":1 "b":2}"#),
            ("missing colon", #"{"a" 1}"#),
            ("missing value", #"{"a":}"#),
            ("NaN", "NaN"),
            ("Infinity", "Infinity"),
            ("negative Infinity", "[-Infinity]"),
            ("capital TRUE", "TRUE"),
            ("True", "True"),
            ("undefined", "undefined"),
            ("line comment", "[1] // comment"),
            ("block comment", "/* c */ [1]"),
            ("comment inside", "[1, /* two */ 2]"),
            ("truncated array", "[1,2"),
            ("truncated object", #"{"a":"#),
            ("truncated key", #"{"a""#),
            ("truncated string", #""abc"#),
            ("truncated literal", "tru"),
            ("truncated null", "[nul"),
            ("truncated escape", #""ab\"#),
            ("lone open bracket", "["),
            ("lone close bracket", "]"),
            ("lone close brace", "}"),
            ("mismatched close", "[}"),
            ("mismatched close object", #"{"a":1]"#),
            ("trailing garbage after object", "{} x"),
            ("two arrays", "[1] [2]"),
            ("two numbers", "1 2"),
            ("two strings", #""a" "b""#),
        ]
        let binary: [(String, [UInt8])] = [
            ("lone continuation byte", [0x22, 0x80, 0x22]),
            ("0xFF byte", [0x22, 0x61, 0xFF, 0x22]),
            ("truncated 2-byte sequence", [0x22, 0xC3, 0x22]),
            ("truncated 3-byte sequence", [0x22, 0xE2, 0x82, 0x22]),
            ("overlong encoding of /", [0x22, 0xC0, 0xAF, 0x22]),
            ("UTF-8 encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]),
            ("code point above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
            ("0xF5 lead byte", [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22]),
            ("invalid UTF-8 in key", [0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
            ("NUL byte outside string", [0x5B, 0x31, 0x00, 0x5D]),
        ]
        return textual.map { ($0.0, Array($0.1.utf8)) } + binary
    }()

    @Test("invalid documents are syntax errors for the parser", arguments: invalidDocuments)
    func invalidDocument(_ name: String, _ bytes: [UInt8]) {
        let result = Self.parse(bytes)
        guard case .failure(let error) = result else {
            Issue.record("\(name): accepted, events \(String(describing: try? result.get()))")
            return
        }
        #expect(Self.isSyntax(error), "\(name): \(error)")
    }

    @Test("invalid documents are syntax errors through JSONMapDecoder.decode", arguments: invalidDocuments)
    func invalidDocumentThroughDecode(_ name: String, _ bytes: [UInt8]) {
        let result = Self.decodeProbe(bytes)
        guard case .failure(let error) = result else {
            Issue.record("\(name): decoded \(String(describing: try? result.get()))")
            return
        }
        #expect(Self.isSyntax(error), "\(name): \(error)")
    }

    @Test("every syntax error's line and column agree with its offset, however the input is split",
          arguments: invalidDocuments)
    func syntaxPositionIsConsistent(_ name: String, _ bytes: [UInt8]) throws {
        let whole = Self.parse(bytes)
        guard case .failure(let error) = whole, let position = Self.position(error) else { return }
        // line = 1 + newlines before the offset; column = offset - start of that line + 1.
        let before = bytes.prefix(min(position.offset, bytes.count))
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        #expect(position.line == 1 + before.filter { $0 == 0x0A }.count, "\(name)")
        #expect(position.column == position.offset - lineStart + 1, "\(name)")
        #expect(position.offset >= 0 && position.offset <= bytes.count, "\(name)")

        for splits in [Self.byteSplits(bytes.count), Self.randomSplits(bytes.count, seed: 7)] {
            let split = Self.parse(bytes, splits: splits)
            guard case .failure(let splitError) = split else {
                Issue.record("\(name): accepted when split at \(splits)")
                continue
            }
            let p = Self.position(splitError)
            #expect(p?.offset == position.offset && p?.line == position.line && p?.column == position.column,
                    "\(name): whole \(position), split \(String(describing: p))")
        }
    }

    // MARK: - Error positions (hand-computed: 0-based offset of the offending byte, 1-based line and column)

    static let positionCases: [(String, String, Int, Int, Int)] = [
        // { \n _ _ " a " : _ 1 , \n _ _ " b " _ 2 \n }
        // line 3 starts at offset 12; the '2' that should have been a ':' is at offset 18.
        ("missing colon on line 3", "{\n  \"a\": 1,\n  \"b\" 2\n}", 18, 3, 7),
        // [ \n _ _ 1 , \n _ _ 2 , \n ] : the ']' after the trailing comma is at offset 12, line 4.
        ("trailing comma before ] on line 4", "[\n  1,\n  2,\n]", 12, 4, 1),
        // { \n " k " : _ " a \ q b " } : line 2 starts at 2; the 'q' after the backslash is at 10.
        ("invalid escape on line 2", "{\n\"k\": \"a\\qb\"}", 10, 2, 9),
        // [ \n " a b <01> " ] : the control character is at offset 5, line 2 column 4.
        ("control character on line 2", "[\n\"ab\u{01}\"]", 5, 2, 4),
        // [ 1 , \n 2 , \n @ ] : line 3 starts at 7, the '@' is there.
        ("invalid character at start of line 3", "[1,\n2,\n@]", 7, 3, 1),
        // { } \n _ _ x : the garbage 'x' is at offset 5, line 2 column 3.
        ("trailing garbage on line 2", "{}\n  x", 5, 2, 3),
        // The document ends (offset 11 = its length) in the middle of an array on line 2 (starts at 10).
        ("truncated on line 2", "{\"a\": [1,\n2", 11, 2, 2),
    ]

    @Test("syntax error positions", arguments: positionCases)
    func syntaxErrorPosition(_ name: String, _ json: String, _ offset: Int, _ line: Int, _ column: Int) {
        for (label, result) in [("parser", Self.parse(json).map { _ in "" }),
                                ("decode", Self.decodeProbe(Array(json.utf8)).map { _ in "" })] {
            guard case .failure(let error) = result, let p = Self.position(error) else {
                Issue.record("\(name) [\(label)]: expected a syntax error, got \(result)")
                continue
            }
            #expect(p.offset == offset && p.line == line && p.column == column,
                    "\(name) [\(label)]: expected offset \(offset) line \(line) column \(column), got offset \(p.offset) line \(p.line) column \(p.column)")
        }
    }

    @Test func syntaxErrorDescriptionNamesThePosition() {
        let error = JSONMapperError.syntax(message: "parse error: x", location: JSONLocation(offset: 20, line: 2, column: 11))
        #expect(error.description == "syntax error at line 2, column 11 (byte 20): parse error: x")
        #expect(error.path == nil)
    }

    // MARK: - Empty input, trailing garbage

    @Test(arguments: ["", "  \n ", "\t\r\n "])
    func emptyInput(_ json: String) {
        #expect(Self.failure(Self.parse(json)) == .emptyInput)
        #expect(Self.failure(Self.decodeProbe(Array(json.utf8))) == .emptyInput)
        #expect(throws: JSONMapperError.emptyInput) { try JSONMapDecoder().decode(Int.self, from: json) }
        #expect(throws: JSONMapperError.emptyInput) { try JSONMapDecoder().decode([Int].self, from: Data(json.utf8)) }
    }

    @Test(arguments: ["{} x", "[1] [2]", "{}{}", "1 2", "null null", "\"a\"\"b\"", "[1]]", "{}}"])
    func trailingGarbageIsSyntax(_ json: String) {
        #expect(Self.isSyntax(Self.failure(Self.parse(json))), "\(json)")
        #expect(Self.isSyntax(Self.failure(Self.decodeProbe(Array(json.utf8)))), "\(json)")
        #expect(Self.isSyntax(Self.failure(Self.parse(json, splits: Self.byteSplits(json.utf8.count)))), "\(json) byte by byte")
    }

    @Test func trailingGarbageAfterAModelIsSyntax() {
        let error = Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: "[1] [2]") }
        #expect(Self.isSyntax(error))
        let error2 = Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode([String: Int].self, from: "{} x") }
        #expect(Self.isSyntax(error2))
    }

    struct Named: JSONMappable {
        var id = 0
        static let jsonMapping = JSONMapping<Named> { JSONMap(\.id, "id") }
    }

    @Test func aSyntaxErrorAnywhereWinsOverAnEarlierMappingError() {
        // RFC 8259: an invalid document is rejected as such, whatever type it was decoded as.
        #expect(Self.isSyntax(Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int.self, from: "[1,]") }))
        #expect(Self.isSyntax(Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: #"["a", 1 2]"#) }))
        #expect(Self.isSyntax(Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode(Named.self, from: #"{"id":"abc",}"#) }))
        #expect(Self.isSyntax(Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode(Named.self, from: #"{"id":"abc"} x"#) }))
        // A well-formed document reports the mapping error.
        #expect(Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: #"["a", 1]"#) }
                == .typeMismatch(path: "[0]", expected: "Int", found: "string \"a\""))
    }

    // MARK: - Depth limit

    typealias Nested11 = [[[[[[[[[[[Int]]]]]]]]]]]

    @Test func depthLimitOfTenRejectsElevenNestedArrays() throws {
        let json = String(repeating: "[", count: 11) + "1" + String(repeating: "]", count: 11)
        let error = Self.capture { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 10)).decode(Nested11.self, from: json)
        }
        guard case .depthLimitExceeded? = error else {
            Issue.record("expected depthLimitExceeded, got \(String(describing: error))")
            return
        }
        // Eleven levels are fine when the limit is eleven.
        let value = try JSONMapDecoder(options: DecodingOptions(maxDepth: 11)).decode(Nested11.self, from: json)
        #expect(value == [[[[[[[[[[[1]]]]]]]]]]])
    }

    struct Skipper: JSONMappable, Equatable {
        var id = 0
        static let jsonMapping = JSONMapping<Skipper> { JSONMap(\.id, "id") }
    }

    @Test func depthLimitCountsSkippedValues() throws {
        // The object is level 1; nine arrays under an unknown key make ten levels.
        let ok = #"{"x":"# + String(repeating: "[", count: 9) + String(repeating: "]", count: 9) + #","id":3}"#
        #expect(try JSONMapDecoder(options: DecodingOptions(maxDepth: 10)).decode(Skipper.self, from: ok) == Skipper(id: 3))
        let deep = #"{"x":"# + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + #","id":3}"#
        let error = Self.capture { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 10)).decode(Skipper.self, from: deep)
        }
        guard case .depthLimitExceeded? = error else {
            Issue.record("expected depthLimitExceeded, got \(String(describing: error))")
            return
        }
    }

    @Test func hundredThousandNestedArraysHitTheDepthLimitWithoutCrashing() {
        let opens = String(repeating: "[", count: 100_000)
        let closes = String(repeating: "]", count: 100_000)
        let documents = [
            opens,                                           // truncated
            opens + closes,                                  // balanced
            #"{"x":"# + opens + closes + "}",                // under an unknown key of a model
        ]
        for (i, json) in documents.enumerated() {
            let probe = Self.failure(Self.decodeProbe(Array(json.utf8)))
            guard case .depthLimitExceeded? = probe else {
                Issue.record("document \(i) as String?: expected depthLimitExceeded, got \(String(describing: probe))")
                continue
            }
            let model = Self.capture { () throws(JSONMapperError) in try JSONMapDecoder().decode(Skipper.self, from: json) }
            if i == 2 {
                guard case .depthLimitExceeded? = model else {
                    Issue.record("document \(i) as model: expected depthLimitExceeded, got \(String(describing: model))")
                    continue
                }
            } else {
                #expect(model != nil)
            }
        }
    }

    @Test func parserAloneHandlesHundredThousandLevels() throws {
        let n = 100_000
        let json = String(repeating: "[", count: n) + String(repeating: "]", count: n)
        let events = try Self.parse(json).get()
        #expect(events.count == 2 * n)
        #expect(events.prefix(n).allSatisfy { $0 == .beginArray })
        #expect(events.suffix(n).allSatisfy { $0 == .endArray })
    }

    // MARK: - Chunk feeding

    @Test("same events whole, byte by byte and in random splits", arguments: validDocuments)
    func chunkFeedingGivesTheSameEvents(_ json: String, _ expected: [Event]) throws {
        let bytes = Array(json.utf8)
        #expect(try Self.parse(bytes, splits: Self.byteSplits(bytes.count)).get() == expected, "byte by byte")
        for seed: UInt64 in [1, 2, 3, 42, 1234] {
            let splits = Self.randomSplits(bytes.count, seed: seed)
            #expect(try Self.parse(bytes, splits: splits).get() == expected, "splits \(splits)")
        }
    }

    @Test func chunkFeedingOfALargerDocument() throws {
        var json = #"{"items":["#
        var expected: [Event] = [.beginObject, .key("items"), .beginArray]
        for i in 0..<200 {
            if i > 0 { json += ",\n" }
            json += #"{"id":\#(i),"name":"n\u00e9\#(i)","v":[\#(i).5e-1,true,null]}"#
            expected += [.beginObject, .key("id"), .number("\(i)"), .key("name"), .string("né\(i)"),
                         .key("v"), .beginArray, .number("\(i).5e-1"), .bool(true), .null, .endArray, .endObject]
        }
        json += "]}"
        expected += [.endArray, .endObject]
        let bytes = Array(json.utf8)
        #expect(try Self.parse(bytes).get() == expected)
        #expect(try Self.parse(bytes, splits: Self.byteSplits(bytes.count)).get() == expected)
        for seed: UInt64 in [99, 100, 101] {
            #expect(try Self.parse(bytes, splits: Self.randomSplits(bytes.count, seed: seed)).get() == expected)
        }
    }

    // MARK: - Large numbers

    @Test func largeNumbersComeThroughAsRawText() throws {
        let digits400 = "9" + String(repeating: "0123456789", count: 39) + "876543210"
        #expect(digits400.count == 400)
        #expect(try Self.parse(digits400).get() == [.number(digits400)])
        #expect(try Self.parse("[-" + digits400 + "]").get() == [.beginArray, .number("-" + digits400), .endArray])
        #expect(try Self.parse("1e999999").get() == [.number("1e999999")])
        #expect(try Self.parse("-1.5E-999999").get() == [.number("-1.5E-999999")])
        // Lenient String takes the number's own text, so nothing is lost on the way.
        #expect(try JSONMapDecoder().decode(String.self, from: digits400) == digits400)
        #expect(try JSONMapDecoder().decode(String.self, from: "1e999999") == "1e999999")
        let bytes = Array(digits400.utf8)
        #expect(try Self.parse(bytes, splits: Self.byteSplits(bytes.count)).get() == [.number(digits400)])
    }

    // MARK: - Helpers

    static func capture<T>(_ body: () throws(JSONMapperError) -> T) -> JSONMapperError? {
        do throws(JSONMapperError) { _ = try body(); return nil } catch { return error }
    }
}

extension ParserUnitTests {
    static func failure<T>(_ result: Result<T, JSONMapperError>) -> JSONMapperError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    /// A small deterministic generator (SplitMix64) for reproducible random chunk splits.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
