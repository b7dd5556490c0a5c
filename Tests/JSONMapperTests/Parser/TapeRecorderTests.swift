import CJSONTape
import CYajl
import Foundation
import Testing
@testable import JSONMapper

/// The tape recorder (CJSONTape) and the walk of its entries: the layout `json_tape.h`
/// documents, text left in the input or copied aside, and documents walked in segments.
@Suite("Parser: the tape of yajl's events")
struct TapeRecorderTests {
    /// The entries yajl records for `text`, parsed whole, with the text of each.
    static func record(_ text: String) -> (entries: [TapeEntry], texts: [String?], status: yajl_status) {
        let tape = Tape()
        tape.prepare(limits: .none, reader: nil)
        let handle = yajl_alloc(jt_callbacks(), nil, tape.context)!
        defer { yajl_free(handle) }
        cyajl_dont_validate_strings(handle)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { input in
            var entries: [TapeEntry] = []
            var texts: [String?] = []
            // Each call records in place of the last: read the entries after each.
            func collect() {
                entries += tape.recordedEntries
                texts += tape.recordedEntries.map { entry -> String? in
                    switch entry.kind {
                    case .number, .string, .key: String(decoding: tape.recordedText(of: entry, in: input), as: UTF8.self)
                    default: nil
                    }
                }
            }
            var status = tape.parse(input, with: handle, at: 0)
            collect()
            if status == yajl_status_ok {
                status = tape.complete(with: handle)
                collect()
            }
            return (entries, texts, status)
        }
    }

    @Test func kindsAreTheHeadersValues() {
        let pairs: [(TapeKind, jt_kind)] = [
            (.null, JT_NULL), (.false, JT_FALSE), (.true, JT_TRUE), (.number, JT_NUMBER), (.string, JT_STRING),
            (.key, JT_KEY), (.beginObject, JT_BEGIN_OBJECT), (.endObject, JT_END_OBJECT),
            (.beginArray, JT_BEGIN_ARRAY), (.endArray, JT_END_ARRAY),
        ]
        for (kind, cKind) in pairs { #expect(UInt32(kind.rawValue) == cKind.rawValue) }
    }

    /// The header's own example, entry by entry.
    @Test func theHeadersExampleIsRecordedAsDocumented() {
        let (entries, texts, status) = Self.record(#"{"a":[1,2]}"#)
        #expect(status == yajl_status_ok)
        let expected: [(TapeKind, Int, Int, UInt32)] = [
            (.beginObject, 1, 1, 6), (.key, 4, 1, 0), (.beginArray, 6, 2, 5), (.number, 7, 1, 0),
            (.number, 9, 1, 0), (.endArray, 10, 0, 2), (.endObject, 11, 0, 0),
        ]
        #expect(entries.count == expected.count)
        for (entry, (kind, end, length, link)) in zip(entries, expected) {
            #expect(entry.kind == kind)
            #expect(entry.tokenEnd == end)
            #expect(entry.length == length)
            #expect(entry.raw.link == link)
        }
        #expect(texts.compactMap { $0 } == ["a", "1", "2"])
    }

    @Test func escapedTextIsCopiedAsideAndPlainTextStaysInTheInput() {
        let (entries, texts, _) = Self.record(#"["plain", "tab\there", "\u00e9t\u00e9", -12.5e3, "", true, false, null]"#)
        #expect(texts.compactMap { $0 } == ["plain", "tab\there", "été", "-12.5e3", ""])
        #expect(entries.map(\.isTextInSide) == [false, false, true, true, false, false, false, false, false, false])
        #expect(entries.map(\.kind) == [.beginArray, .string, .string, .string, .number, .string, .true, .false, .null, .endArray])
    }

    @Test func membersAreCountedPerContainer() {
        let text = #"{"a":{"x":[],"y":{}},"b":[[1],[2,3],4],"c":null}"#
        let (entries, _, _) = Self.record(text)
        #expect(entries.firstTapeViolation(inputCount: text.utf8.count) == nil)
        let begins = entries.filter { $0.kind == .beginObject || $0.kind == .beginArray }.map(\.length)
        // {a,b,c} {x,y} [] {} [[1],[2,3],4] [1] [2,3]
        #expect(begins == [3, 2, 0, 0, 3, 1, 2])
    }

    @Test func aTopLevelNumberIsCompletedAtTheEnd() {
        let (entries, texts, status) = Self.record("  -0.5e-3 ")
        #expect(status == yajl_status_ok)
        #expect(entries.map(\.kind) == [.number])
        #expect(texts == ["-0.5e-3"])
    }

    // MARK: Documents of many segments (more events than a tape holds)

    struct Item: JSONMappable, Equatable, Sendable {
        var id = 0
        var name = ""
        static let jsonMapping = JSONMapping<Item> {
            Map(\.id, "id")
            Map(\.name, "name")
        }
    }

    /// `count` items of about 100 bytes each, one per line, with unmapped members of each kind.
    static func items(_ count: Int, name: (Int) -> String = { "item \($0)" }) -> (text: String, items: [Item]) {
        let items = (0..<count).map { Item(id: $0, name: name($0)) }
        let lines = items.map { item in
            #"{"skip":{"deep":[1,{"x":"\u0041"}],"s":"pad pad"},"id":\#(item.id),"name":"\#(item.name)","n":[true,null]}"#
        }
        return ("[\n" + lines.joined(separator: ",\n") + "\n]", items)
    }

    @Test func aDocumentOfManySegmentsDecodesLikeOneOfOne() throws {
        let (text, items) = Self.items(30_000)
        #expect(text.utf8.count / 5 > 2 * Tape.defaultFlushEntries)
        #expect(try JSONMapDecoder().decode([Item].self, from: text) == items)
    }

    /// Every event of every document, however the tape is cut into segments.
    @Test(arguments: [1, 2, 3, 7, 64])
    func anySegmentSizeGivesTheSameEventsAndErrors(flushEntries: Int) {
        let documents = [
            #"{"a":[1,{"b":null}],"c":"\u00e9","d":[[],{}],"e":true}"#, #"[1, 2, [3, [4, [5]]], {"x": {"y": "z"}}]"#,
            #"{"a": [1, 2, 3, 01]}"#, #"{"a": {"b": [true, false, nul]}}"#, #"[[[[[[[[[[[[[["#, "  7  ",
        ]
        for text in documents {
            let sink = ParserUnitTests.RecordingSink(), cut = ParserUnitTests.RecordingSink()
            let whole = Result { () throws(JSONMapperError) in
                try InputBytes.withBytes(of: text) { (bytes) throws(JSONMapperError) in try JSONParser(sink: sink).parseDocument(bytes) }
            }
            let segmented = Result { () throws(JSONMapperError) in
                try InputBytes.withBytes(of: text) { (bytes) throws(JSONMapperError) in
                    try JSONParser(sink: cut, tape: Tape(flushEntries: flushEntries)).parseDocument(bytes)
                }
            }
            #expect(cut.events == sink.events, "\(text)")
            #expect("\(segmented)" == "\(whole)", "\(text)")
        }
    }

    @Test func aLongStringAmongManySegmentsIsWhole() throws {
        // One name long enough to cross the first boundary, whatever the items before it.
        let long = String(repeating: "é\\\"x", count: 300_000)
        let (text, _) = Self.items(40, name: { $0 == 20 ? long : "item \($0)" })
        let decoded = try JSONMapDecoder().decode([Item].self, from: text)
        #expect(decoded[20].name == String(repeating: "é\"x", count: 300_000))
        #expect(decoded[21].name == "item 21")
    }

    @Test func errorsPastTheFirstSegmentNameTheirPlace() throws {
        let (text, _) = Self.items(20_000)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Line 15,001 (1-based) holds item 15,000; break its id, then its syntax.
        let target = 15_000
        var mapping = lines
        mapping[target] = mapping[target].replacingOccurrences(of: #""id":\#(target - 1)"#, with: #""id":"x""#)
        let lineStart = mapping[..<target].reduce(0) { $0 + $1.utf8.count + 1 }
        let column = mapping[target].utf8.distance(from: mapping[target].utf8.startIndex,
                                                   to: mapping[target].range(of: #""id":"x""#)!.lowerBound.samePosition(in: mapping[target].utf8)!) + 6
        do {
            _ = try JSONMapDecoder().decode([Item].self, from: mapping.joined(separator: "\n"))
            Issue.record("a bad id decoded")
        } catch {
            #expect(error.location == JSONLocation(offset: lineStart + column - 1, line: target + 1, column: column))
            #expect(error.path == "[\(target - 1)].id")
        }
        var syntax = lines
        syntax[target] = syntax[target].replacingOccurrences(of: #""n":"#, with: #""n"="#)
        let equals = syntax[target].utf8.firstIndex(of: UInt8(ascii: "="))!
        let syntaxColumn = syntax[target].utf8.distance(from: syntax[target].utf8.startIndex, to: equals) + 1
        do {
            _ = try JSONMapDecoder().decode([Item].self, from: syntax.joined(separator: "\n"))
            Issue.record("a syntax error decoded")
        } catch {
            guard case .syntax(let offset, let line, let column, _) = error else {
                Issue.record("not a syntax error: \(error)")
                return
            }
            #expect((offset, line, column) == (lineStart + syntaxColumn - 1, target + 1, syntaxColumn))
        }
    }

    @Test func theDepthLimitInsideASkippedValuePastTheFirstSegmentNamesItsPath() {
        let (text, _) = Self.items(20_000)
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let nested = text.replacingOccurrences(of: #"{"skip":{"deep":[1,{"x":"\u0041"}],"s":"pad pad"},"id":15000,"#,
                                               with: #"{"skip":{"deep":\#(deep)},"id":15000,"#)
        #expect(nested != text)
        do {
            _ = try JSONMapDecoder().decode([Item].self, from: nested)
            Issue.record("a document past the depth limit decoded")
        } catch {
            guard case .depthLimitExceeded(let path, _) = error else {
                Issue.record("not a depth error: \(error)")
                return
            }
            #expect(path == "[15000].skip.deep" + String(repeating: "[0]", count: 509))
        }
    }
}
