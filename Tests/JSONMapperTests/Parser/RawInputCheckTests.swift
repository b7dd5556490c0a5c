import Foundation
import Testing
@testable import JSONMapper

/// Invalid UTF-8 and the whitespace JSON does not allow (form feed, vertical tab) are syntax
/// errors at their first byte, whatever the chunking and through every entry point. Expected
/// positions are counted from the test documents by hand (or by `position(of:in:)`), never
/// taken from the parser.
@Suite("Parser: UTF-8 and whitespace at their first byte")
struct RawInputCheckTests {
    typealias Place = (offset: Int, line: Int, column: Int)

    /// The syntax error position from feeding `bytes` whole, in 1-byte and in 4-byte chunks to
    /// a `JSONChunkDecoder`, and whole to `JSONMapDecoder.decode`; `nil` where no syntax error.
    static func syntaxPlaces<T: JSONMappableValue>(_ type: T.Type, _ bytes: [UInt8]) -> [String: Place?] {
        func place(_ run: () throws(JSONMapperError) -> Void) -> Place? {
            do throws(JSONMapperError) { try run() } catch {
                if case let .syntax(_, location) = error { return (location.offset, location.line, location.column) }
            }
            return nil
        }
        var places: [String: Place?] = [:]
        places["decode"] = place { () throws(JSONMapperError) in _ = try JSONMapDecoder().decode(T.self, from: bytes) }
        for size in [bytes.count, 1, 4] {
            places["chunks of \(size)"] = place { () throws(JSONMapperError) in
                let decoder = JSONChunkDecoder(T.self)
                var start = 0
                while start < bytes.count {
                    let end = min(start + size, bytes.count)
                    try decoder.feed(Array(bytes[start..<end]))
                    start = end
                }
                _ = try decoder.finish()
            }
        }
        return places
    }

    static func expectEverywhere<T: JSONMappableValue>(_ type: T.Type, _ bytes: [UInt8], at expected: Place,
                                                       sourceLocation: SourceLocation = #_sourceLocation) {
        for (entry, place) in syntaxPlaces(T.self, bytes).sorted(by: { $0.key < $1.key }) {
            #expect(place?.offset == expected.offset && place?.line == expected.line && place?.column == expected.column,
                    "\(entry): expected \(expected), got \(String(describing: place))", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Invalid UTF-8

    /// The sequences of issue 13 item 3: a byte that never occurs, an overlong `/`, an
    /// encoded surrogate, a code point past U+10FFFF.
    static let invalidSequences: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    @Test("invalid UTF-8 in a string is reported at its first byte", arguments: invalidSequences)
    func invalidUTF8AtItsFirstByte(_ sequence: [UInt8]) {
        // { " s " : _ " a b → the bad sequence starts at byte 9, line 1, column 10.
        let bytes = Array(#"{"s": "ab"#.utf8) + sequence + Array(#"cdefghijkl"}"#.utf8)
        Self.expectEverywhere([String: String].self, bytes, at: (9, 1, 10))
    }

    @Test("invalid UTF-8 on a later line names its line and column", arguments: invalidSequences)
    func invalidUTF8OnALaterLine(_ sequence: [UInt8]) {
        // { \n _ _ " s " : _ " a b: line 2 starts at byte 2, the sequence is at byte 12, column 11.
        let bytes = Array("{\n  \"s\": \"ab".utf8) + sequence + Array("cd\"\n}".utf8)
        Self.expectEverywhere([String: String].self, bytes, at: (12, 2, 11))
    }

    @Test("invalid UTF-8 in a key is reported at its first byte", arguments: invalidSequences)
    func invalidUTF8InAKey(_ sequence: [UInt8]) {
        // [ 1 , { " k → the sequence is at byte 6.
        let bytes = Array(#"[1,{"k"#.utf8) + sequence + Array(#"":2}]"#.utf8)
        Self.expectEverywhere([JSONValue].self, bytes, at: (6, 1, 7))
    }

    @Test func aSequenceCutShortIsReportedAtItsFirstByte() {
        // " a b E2 82 " : the 3-byte sequence starting at byte 3 has only two bytes.
        Self.expectEverywhere(String.self, [0x22, 0x61, 0x62, 0xE2, 0x82, 0x22], at: (3, 1, 4))
        // The document ends inside the sequence: the sequence is the first fault, not the missing quote.
        Self.expectEverywhere(String.self, [0x22, 0x61, 0x62, 0xE2, 0x82], at: (3, 1, 4))
        // A continuation byte where a lead is expected, after a complete 2-byte sequence.
        Self.expectEverywhere(String.self, [0x22, 0xC3, 0xA9, 0x80, 0x22], at: (3, 1, 4))
    }

    @Test func validMultiByteTextSplitAnywhereDecodes() throws {
        let text = "\"h\u{E9}llo \u{20AC} \u{1F600} \u{10FFFF}\""
        let bytes = Array(text.utf8)
        for size in 1...5 {
            let decoder = JSONChunkDecoder(String.self)
            var start = 0
            while start < bytes.count {
                try decoder.feed(Array(bytes[start..<min(start + size, bytes.count)]))
                start += size
            }
            #expect(try decoder.finish() == "h\u{E9}llo \u{20AC} \u{1F600} \u{10FFFF}")
        }
    }

    // MARK: - Whitespace (RFC 8259: space, tab, line feed, carriage return only)

    static let badWhitespace: [(String, [UInt8], Place)] = [
        ("form feed between elements", Array("[1,\u{0C}2]".utf8), (3, 1, 4)),
        ("vertical tab before the document", Array("\u{0B}[1]".utf8), (0, 1, 1)),
        ("form feed after the document", Array("[1]\u{0C}".utf8), (3, 1, 4)),
        ("vertical tab before a colon, line 2", Array("[\n{\"a\"\u{0B}:1}]".utf8), (6, 2, 5)),
        ("form feed inside a string", Array("[\"a\u{0C}b\"]".utf8), (3, 1, 4)),
        ("a lone form feed", [0x0C], (0, 1, 1)),
        ("a lone vertical tab after spaces", [0x20, 0x20, 0x0B], (2, 1, 3)),
    ]

    @Test("form feed and vertical tab are syntax errors at their byte", arguments: badWhitespace)
    func formFeedAndVerticalTab(_ name: String, _ bytes: [UInt8], _ expected: Place) {
        Self.expectEverywhere([JSONValue].self, bytes, at: expected)
        let tree: Place? = {
            do throws(JSONMapperError) { _ = try JSONValue(parsing: bytes) } catch {
                if case let .syntax(_, location) = error { return (location.offset, location.line, location.column) }
            }
            return nil
        }()
        #expect(tree?.offset == expected.offset && tree?.line == expected.line && tree?.column == expected.column,
                "\(name): JSONValue(parsing:) gave \(String(describing: tree))")
    }

    @Test func formFeedInARecordStreamRejectsThatRecordAtItsByte() {
        let text = "{\"id\":1}\n{\"id\":\u{0C}2}\n{\"id\":3}\n"
        let expected = position(of: "\u{0C}", in: text)
        for chunkSize in [1, 4, 1 << 16] {
            let run = JSONRecordDecoder(framing: .jsonLines, chunkSize: chunkSize).run(StreamEvent.self, .bytes(Array(text.utf8)))
            #expect(run.records.map(\.value.id) == [1, 3])
            guard case let .syntax(_, location)? = run.rejections.first?.error else {
                Issue.record("chunks of \(chunkSize): \(run.rejections)")
                continue
            }
            let (offset, line, column) = (location.offset, location.line, location.column)
            #expect((offset, line, column) == (expected.offset, expected.line, expected.column), "chunks of \(chunkSize)")
        }
    }

    @Test func onlyTheFourJSONWhitespaceBytesSurroundAValue() throws {
        #expect(try JSONMapDecoder().decode([Int].self, from: " \t\r\n[1,\t2 ,\r\n3]\n\t\r ") == [1, 2, 3])
    }
}

/// `RawInputCheck` against the standard library's UTF-8 decoder as the oracle: over every
/// two-byte sequence and samples of three- and four-byte ones, it finds a fault exactly when
/// the decoder does, at the byte where the decoder's first error starts, whole and byte by byte.
@Suite("Parser: RawInputCheck against the standard library")
struct RawInputCheckOracleTests {
    /// Where the first ill-formed sequence starts, by the standard library's decoder; `nil`
    /// when all of `bytes` is well-formed.
    static func oracle(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The first fault's absolute offset when `bytes` are fed in chunks of `size`, then ended.
    static func check(_ bytes: [UInt8], chunkSize size: Int) -> Int? {
        var check = RawInputCheck()
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            let fault = Array(bytes[start..<end]).withUnsafeBytes { check.firstFault(in: $0) }
            if let fault { return start + fault.offset }
            start = end
        }
        return check.faultAtEnd().map { bytes.count + $0.offset }
    }

    static func expectAgreement(_ sequence: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        // Inside ASCII text long enough for the word-at-a-time paths, and alone.
        for bytes in [Array("0123456789abcdefghijklmnopqrstuvwxyz0123456789\"".utf8) + sequence + Array("\"tail".utf8), sequence] {
            let expected = oracle(bytes)
            for size in [bytes.count, 1, 3] {
                let found = check(bytes, chunkSize: size)
                if found != expected {
                    Issue.record("\(sequence.map { String($0, radix: 16) }) in chunks of \(size): \(String(describing: found)), oracle \(String(describing: expected))",
                                 sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    @Test func everyTwoByteSequence() {
        for lead in 0x80...0xFF {
            for second in 0...0xFF { Self.expectAgreement([UInt8(lead), UInt8(second), 0x41]) }
        }
    }

    @Test func threeAndFourByteSamples() {
        let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        let lasts: [UInt8] = [0x20, 0x80, 0xBF, 0xC2]
        for lead in 0xE0...0xF7 {
            for second in seconds {
                for third in lasts {
                    Self.expectAgreement([UInt8(lead), second, third, 0x41])
                    for fourth in lasts { Self.expectAgreement([UInt8(lead), second, third, fourth, 0x41]) }
                }
            }
        }
    }

    @Test func realText() {
        let text = "Grüße, 日本語のテキスト, emoji \u{1F600}\u{1F44D}, Ελληνικά, עברית, \u{10FFFF} and more: "
        Self.expectAgreement(Array(String(repeating: text, count: 5).utf8))
    }
}

extension RawInputCheckOracleTests {
    @Test func neverReadsPastTheChunk() {
        // Each chunk is a slice of a larger buffer whose next byte is invalid UTF-8 (or a form
        // feed): the check must not see it, whatever the chunk's length.
        for length in 1...80 {
            for next: UInt8 in [0xFF, 0x80, 0x0C] {
                let buffer = [UInt8](repeating: UInt8(ascii: "a"), count: length) + [next]
                var check = RawInputCheck()
                let fault = buffer.withUnsafeBytes { check.firstFault(in: UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
                #expect(fault == nil, "length \(length), next byte \(next)")
            }
        }
    }
}
