import Testing
@testable import JSONMapper

/// The tape recorder (`tape.c`, read through `Tape`): the entries of a document, the text's
/// place, and the errors of every other parse.
@Suite("Parser: the tape")
struct TapeTests {
    /// Records `json` and returns each entry as kind, and text or member count.
    func entries(_ json: String, limits: JSONParser.Limits = .none, maxDepth: Int = 512) throws(JSONMapperError) -> [String] {
        let tape = Tape()
        try InputBytes.withBytes(of: json) { (buffer) throws(JSONMapperError) in
            try tape.record(buffer, limits: limits, maxDepth: maxDepth, origin: .start)
        }
        return (0..<tape.count).map { describe(tape, $0) }
    }

    func describe(_ tape: Tape, _ index: Int) -> String {
        switch tape.kind(at: index) {
        case .beginObject: "{\(tape.memberCount(at: index)) d\(tape.depth(at: index)) >\(tape.next(after: index))" + (tape.keysAreDistinct(at: index) ? "" : " repeats?")
        case .beginArray: "[\(tape.memberCount(at: index)) d\(tape.depth(at: index)) >\(tape.next(after: index))"
        case .endObject: "}"
        case .endArray: "]"
        case .key: "k:" + tape.text(at: index).string
        case .string: "s:" + tape.string(at: index)
        case .number: "n:" + tape.text(at: index).string
        case .true: "true"
        case .false: "false"
        default: "null"
        }
    }

    @Test func theHeadersExample() throws {
        #expect(try entries(#"{"a":[1,"x\ny"]}"#) == ["{1 d0 >7", "k:a", "[2 d1 >6", "n:1", "s:x\ny", "]", "}"])
    }

    @Test func everyKindWithMembersDepthsAndEnds() throws {
        #expect(try entries(#" [true, false, null, {}, [], {"k": {"":""}}, -1.5e3] "#) == [
            "[7 d0 >17", "true", "false", "null", "{0 d1 >6", "}", "[0 d1 >8", "]",
            "{1 d1 >15", "k:k", "{1 d2 >14", "k:", "s:", "}", "}", "n:-1.5e3", "]",
        ])
    }

    @Test func textInTheInputAndInTheSideBuffer() throws {
        // Plain text stays in the input; an escaped key is an unescaped copy, an escaped string
        // is unescaped when read; a top-level number that ends with the input comes from yajl's
        // own buffer.
        #expect(try entries(#"{"plain":"a","esc\"aped":"\u00e9\/"}"#) == ["{2 d0 >6", "k:plain", "s:a", "k:esc\"aped", "s:é/", "}"])
        #expect(try entries("  12345") == ["n:12345"])
        #expect(try entries(#""""#) == ["s:"])
    }

    @Test func objectsThatRepeatAKeyAreMarked() throws {
        #expect(try entries(#"{"a":1,"b":{"a":2},"a":3}"#) == ["{3 d0 >11 repeats?", "k:a", "n:1", "k:b", "{1 d1 >8", "k:a", "n:2", "}", "k:a", "n:3", "}"])
        // Equal once unescaped; after a container value; not across objects.
        #expect(try entries(#"{"a":1,"\u0061":2}"#).first == "{2 d0 >6 repeats?")
        #expect(try entries(#"{"x":[1,{"x":1}],"y":{},"x":0}"#).first == "{3 d0 >15 repeats?")
        #expect(try entries(#"[{"a":1},{"a":1}]"#) == ["[2 d0 >10", "{1 d1 >5", "k:a", "n:1", "}", "{1 d1 >9", "k:a", "n:1", "}", "]"])
        // Many distinct keys share hash bits without being marked; past the keys compared, an
        // object is not vouched for.
        let keys = (0..<128).map { #""key\#($0)":\#($0)"# }
        #expect(try entries("{" + keys.joined(separator: ",") + "}").first == "{128 d0 >258")
        #expect(try entries("{" + (keys.dropLast() + [#""key50":0"#]).joined(separator: ",") + "}").first == "{128 d0 >258 repeats?")
        #expect(try entries("{" + (keys + [#""key128":0"#]).joined(separator: ",") + "}").first == "{129 d0 >260 repeats?")
    }

    /// The filter of an object's keys in its end entry: never false for a key it has.
    @Test func anObjectsEndFiltersItsKeys() throws {
        func mayHave(_ key: String, _ json: String) throws -> Bool {
            let tape = Tape()
            try InputBytes.withBytes(of: json) { (buffer) throws(JSONMapperError) in
                try tape.record(buffer, limits: .none, maxDepth: 512, origin: .start)
            }
            var key = key
            return key.withUTF8 { tape.objectMayHaveKey($0, endingAt: tape.next(after: 0) - 1) }
        }
        let object = #"{"id":1,"avatar_url":"u","\u00e9t\u00e9":2,"":0}"#
        for key in ["id", "avatar_url", "été", ""] { #expect(try mayHave(key, object), "\(key)") }
        let absent = try "abcdefghijklmnopqrstuvwxyz".filter { try !mayHave(String($0), object) }
        #expect(absent.count >= 20, "most absent keys are told apart at once: \(absent)")
        // Past the keys the recorder notes, every key may be there.
        let wide = "{" + (0..<200).map { #""key\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        #expect(try "abcdefghijklmnopqrstuvwxyz".allSatisfy { try mayHave(String($0), wide) })
    }

    @Test func aNullFollowsTheDocumentForAbsentValues() throws {
        let tape = Tape()
        try InputBytes.withBytes(of: "[1]") { (buffer) throws(JSONMapperError) in
            try tape.record(buffer, limits: .none, maxDepth: 512, origin: .start)
        }
        #expect(tape.count == 3)
        #expect(tape.absentValue == 3)
        #expect(tape.kind(at: tape.absentValue) == .null)
    }

    @Test func errorsAreThoseOfEveryParse() {
        for (json, limits, depth) in [
            ("[1,\n 2,,3]", JSONParser.Limits.none, 512),
            (#"{"a":01}"#, .none, 512),
            ("[-0.5true]", .none, 512),
            (#"["abcdef"]"#, JSONParser.Limits(maxStringBytes: 3), 512),
            ("[123456]", JSONParser.Limits(maxNumberBytes: 3), 512),
            ("[[[[1]]]]", .none, 3),
            ("[\"\u{0C}\"]", .none, 512),
            ("[\"\\ud800\"]", .none, 512),
            ("", .none, 512),
        ] {
            let expected = Result { () throws(JSONMapperError) in
                try JSONValue(parsing: json, options: DecodingOptions(maxDepth: depth, maxStringBytes: limits.maxStringBytes,
                                                                      maxNumberBytes: limits.maxNumberBytes))
            }
            let recorded = Result { () throws(JSONMapperError) in try entries(json, limits: limits, maxDepth: depth) }
            guard case .failure(let wanted) = expected, case .failure(let got) = recorded else {
                Issue.record("\(json.debugDescription): expected two failures, got \(expected) and \(recorded)")
                continue
            }
            #expect(got == wanted, "\(json.debugDescription)")
            #expect(got.location == wanted.location, "\(json.debugDescription)")
        }
    }
}
