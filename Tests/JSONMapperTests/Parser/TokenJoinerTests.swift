import Foundation
import Testing
@testable import JSONMapper

/// A string or number cut by chunk boundaries reaches yajl in one piece, so the bytes yajl
/// reads stay linear in the input whatever the chunking (R1 of issue 13). yajl re-reads the
/// part of a token it kept from earlier calls on every call: those re-read bytes are counted
/// here from the token's known extent in the input, not by the code under test.
@Suite("Parser: tokens cut by chunks")
struct TokenJoinerTests {
    /// A document with one long token at a known place.
    struct LongToken {
        var bytes: [UInt8]
        /// The token's first byte and the offset just past its last.
        var start: Int
        var end: Int
        /// yajl needs the byte after a number to know it ended; a string ends at its quote.
        var needsLookahead: Bool

        static func string(_ count: Int) -> LongToken {
            let text = #"{"s": ""# + String(repeating: "x", count: count) + #"", "t": 1}"#
            return LongToken(bytes: Array(text.utf8), start: 6, end: 6 + count + 2, needsLookahead: false)
        }

        static func number(_ count: Int) -> LongToken {
            let text = "[1, -" + String(repeating: "7", count: count - 1) + "]"
            return LongToken(bytes: Array(text.utf8), start: 4, end: 4 + count, needsLookahead: true)
        }

        /// The bytes yajl reads when its calls end at `boundaries`: each byte once, plus the
        /// kept part of the token again at every call that starts inside it.
        func bytesRead(withCallsEndingAt boundaries: [Int]) -> Int {
            boundaries.reduce(bytes.count) { total, boundary in
                let inside = needsLookahead ? (start < boundary && boundary <= end) : (start < boundary && boundary < end)
                return total + (inside && boundary < bytes.count ? boundary - start : 0)
            }
        }
    }

    static func pieceEnds(of token: LongToken, chunkSize: Int) throws -> (ends: [Int], joined: [UInt8]) {
        var joiner = TokenJoiner(limits: .none)
        var ends: [Int] = []
        var joined: [UInt8] = []
        let record = { (piece: UnsafeRawBufferPointer) throws(JSONMapperError) in
            joined.append(contentsOf: piece)
            ends.append(joined.count)
        }
        var index = 0
        while index < token.bytes.count {
            let chunk = Array(token.bytes[index..<min(index + chunkSize, token.bytes.count)])
            try InputBytes.withBytes(of: chunk) { (bytes) throws(JSONMapperError) in try joiner.split(bytes, into: record) }
            index += chunkSize
        }
        try joiner.flush(into: record)
        return (ends, joined)
    }

    @Test("a 1 MB string or number costs yajl a constant times its size in any chunking",
          arguments: [1, 7, 64, 4096])
    func linearCost(chunkSize: Int) throws {
        for token in [LongToken.string(1 << 20), LongToken.number(1 << 20)] {
            let (ends, joined) = try Self.pieceEnds(of: token, chunkSize: chunkSize)
            #expect(joined == token.bytes)
            #expect(token.bytesRead(withCallsEndingAt: ends) <= 2 * token.bytes.count, "chunks of \(chunkSize)")
            // The measure itself tells: handing yajl the chunks as they come costs the square.
            let chunkEnds = Array(stride(from: chunkSize, to: token.bytes.count, by: chunkSize))
            #expect(token.bytesRead(withCallsEndingAt: chunkEnds) > 100 * token.bytes.count)
        }
    }

    @Test func aTokenCutAnywhereIsHandedOnWhole() throws {
        let text = Array(#"[-12.5e+3, "a\"b\\", true, "\u00e9", 0, {"k": null}]"#.utf8)
        for chunkSize in 1...text.count {
            var joiner = TokenJoiner(limits: .none)
            var pieces: [[UInt8]] = []
            let record = { (piece: UnsafeRawBufferPointer) throws(JSONMapperError) in pieces.append(Array(piece)) }
            for start in stride(from: 0, to: text.count, by: chunkSize) {
                let chunk = Array(text[start..<min(start + chunkSize, text.count)])
                try InputBytes.withBytes(of: chunk) { (bytes) throws(JSONMapperError) in try joiner.split(bytes, into: record) }
            }
            try joiner.flush(into: record)
            #expect(Array(pieces.joined()) == text)
            // Every piece ends between tokens: never inside a string, nor inside or right after
            // a number (yajl needs the byte after it).
            let (strings, numbers) = Self.tokenRanges(text)
            var end = 0
            for piece in pieces.dropLast() {
                end += piece.count
                #expect(!strings.contains { $0.lowerBound < end && end < $0.upperBound }, "chunks of \(chunkSize): cut in a string at \(end)")
                #expect(!numbers.contains { $0.lowerBound < end && end <= $0.upperBound }, "chunks of \(chunkSize): cut at a number at \(end)")
            }
        }
    }

    /// The extents of the strings (quotes included) and numbers of a JSON text.
    static func tokenRanges(_ text: [UInt8]) -> (strings: [Range<Int>], numbers: [Range<Int>]) {
        var strings: [Range<Int>] = []
        var numbers: [Range<Int>] = []
        let numberBytes = Array("-+.eE0123456789".utf8)
        var i = 0
        while i < text.count {
            if text[i] == UInt8(ascii: "\"") {
                var j = i + 1
                while text[j] != UInt8(ascii: "\"") { j += text[j] == UInt8(ascii: "\\") ? 2 : 1 }
                strings.append(i..<j + 1)
                i = j + 1
            } else if text[i] == UInt8(ascii: "-") || (text[i] >= 0x30 && text[i] <= 0x39) {
                var j = i
                while numberBytes.contains(text[j]) { j += 1 }
                numbers.append(i..<j)
                i = j
            } else {
                i += 1
            }
        }
        return (strings, numbers)
    }

    static func decodeInChunks<T: JSONMappableValue>(_ type: T.Type, _ bytes: [UInt8], chunkSize: Int,
                                                     options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> T {
        let decoder = JSONChunkDecoder(T.self, options: options)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            try decoder.feed(Array(bytes[start..<min(start + chunkSize, bytes.count)]))
        }
        return try decoder.finish()
    }

    @Test("long tokens decode the same in any chunking", arguments: [1, 3, 4096, 65536])
    func longTokensDecode(chunkSize: Int) throws {
        let long = String(repeating: "ab\\\"\\u00e9", count: 20_000)
        let digits = "-" + String(repeating: "1", count: 200_000) + "e-200000"
        let json = Array(#"{"s": "\#(long)", "n": \#(digits), "b": [true, null, 0.5]}"#.utf8)
        let value = try Self.decodeInChunks(JSONValue.self, json, chunkSize: chunkSize)
        #expect(value == (try JSONValue(parsing: json)))
        #expect(value["s"]?.string == String(repeating: "ab\"é", count: 20_000))
        #expect(value["n"]?.number?.text == digits)
    }

    struct Named: JSONMappable, Equatable {
        var n = 0
        static let jsonMapping = JSONMapping<Named> { JSONMap(\.n, "n") }
    }

    @Test("errors after and inside long tokens name the same place in any chunking", arguments: [1, 5, 4096])
    func positionsDoNotDependOnChunking(chunkSize: Int) {
        let long = String(repeating: "y", count: 10_000)
        let documents: [(String, any JSONMappableValue.Type)] = [
            // The mapping error is the second string.
            ("\n\n  {\"a\": \"\(long)\",\n \"n\": \"\(long)\"}", Named.self),
            ("[\"\(long)\",\n \"\(long)\" 7]", JSONValue.self),
            ("[\"\(long)\n\"]", JSONValue.self),
            ("[123\(long)]", JSONValue.self),
            ("[\"\(long)\"", JSONValue.self),
        ]
        for (document, type) in documents {
            let bytes = Array(document.utf8)
            #expect(Self.error(decoding: type, bytes, chunkSize: chunkSize) == Self.error(decoding: type, bytes, chunkSize: nil),
                    "chunks of \(chunkSize)")
        }
    }

    /// The error of decoding `bytes` in chunks, or whole when `chunkSize` is `nil`.
    static func error<T: JSONMappableValue>(decoding _: T.Type, _ bytes: [UInt8], chunkSize: Int?) -> JSONMapperError? {
        do throws(JSONMapperError) {
            if let chunkSize {
                _ = try decodeInChunks(T.self, bytes, chunkSize: chunkSize)
            } else {
                _ = try JSONMapDecoder().decode(T.self, from: bytes)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func aMappingErrorInALongStringIsAtItsOpeningQuote() {
        let long = String(repeating: "z", count: 5_000)
        let bytes = Array("{\n  \"n\": \"\(long)\"}".utf8)
        for chunkSize in [1, 100, 4096] {
            do throws(JSONMapperError) {
                _ = try Self.decodeInChunks(Named.self, bytes, chunkSize: chunkSize)
                Issue.record("expected a type mismatch")
            } catch {
                guard case .typeMismatch(_, _, _, let location?) = error else {
                    Issue.record("expected a located type mismatch, got \(error)")
                    continue
                }
                #expect(location == JSONLocation(offset: 9, line: 2, column: 8), "chunks of \(chunkSize)")
            }
        }
    }
}
