import Foundation
import Testing
@testable import JSONMapper

/// `maxStringBytes` and `maxNumberBytes` are enforced while a token is read (R2 of issue 13):
/// the error names the byte that takes the token past its limit, whether the document came
/// whole or in chunks, and input fed in chunks is not read further than that. Expected
/// offsets are counted from how each document is built.
@Suite("Parser: string and number limits while reading")
struct TokenLimitTests {
    static let chunkSizes = [1, 7, 4096]

    /// The limit error of decoding `text` whole, then in chunks of each size: all must agree.
    static func limitOffsets(_ text: String, _ options: DecodingOptions) -> [Int?] {
        let bytes = Array(text.utf8)
        let whole = Result { () throws(JSONMapperError) in try JSONValue(parsing: bytes, options: options) }
        let chunked = chunkSizes.map { size in
            Result { () throws(JSONMapperError) in try TokenJoinerTests.decodeInChunks(JSONValue.self, bytes, chunkSize: size, options: options) }
        }
        return ([whole] + chunked).map { result in
            guard case .failure(.limitExceeded(let offset, _)) = result else { return nil }
            return offset
        }
    }

    static func expect(_ text: String, _ options: DecodingOptions, failAt offset: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(limitOffsets(text, options) == Array(repeating: offset, count: 1 + chunkSizes.count), sourceLocation: sourceLocation)
    }

    @Test func aStringFailsAtItsFirstByteOverTheLimit() {
        let options = DecodingOptions(maxStringBytes: 1000)
        // `{"key": "` is 9 bytes: the contents start at 9, and their byte 1000 is the 1001st.
        Self.expect(#"{"key": "\#(String(repeating: "x", count: 2000))"}"#, options, failAt: 9 + 1000)
        Self.expect(#"{"key": "\#(String(repeating: "x", count: 1001))"}"#, options, failAt: 9 + 1000)
        #expect(Self.limitOffsets(#"{"key": "\#(String(repeating: "x", count: 1000))"}"#, options).allSatisfy { $0 == nil })
    }

    @Test func aKeyFailsAtItsFirstByteOverTheLimit() {
        let options = DecodingOptions(maxStringBytes: 1000)
        // `[{"` is 3 bytes.
        Self.expect(#"[{"\#(String(repeating: "k", count: 3000))": 1}]"#, options, failAt: 3 + 1000)
    }

    @Test func escapesCountAsTheBytesTheyDecodeTo() {
        // Each `\u00e9` is 6 bytes decoding to 2: the 51st takes 100 bytes to 102, past 101.
        let escapes = String(repeating: #"\u00e9"#, count: 100)
        Self.expect(#"["\#(escapes)"]"#, DecodingOptions(maxStringBytes: 101), failAt: 2 + 50 * 6)
        // A surrogate pair decodes to 4 bytes: with 3 allowed, the pair's first escape fails.
        Self.expect(#"["ab\ud83d\ude00"]"#, DecodingOptions(maxStringBytes: 5), failAt: 4)
        Self.expect(#"["a\nb\"c"]"#, DecodingOptions(maxStringBytes: 4), failAt: 2 + 1 + 2 + 1 + 2)
    }

    @Test func aNumberFailsAtItsFirstByteOverTheLimit() {
        let options = DecodingOptions(maxNumberBytes: 1000)
        Self.expect("[1, \(String(repeating: "9", count: 5000))]", options, failAt: 4 + 1000)
        Self.expect("[1, -0.\(String(repeating: "5", count: 2000))e+7]", options, failAt: 4 + 1000)
        // A number that ends the document ends with the input.
        Self.expect(String(repeating: "3", count: 1001), options, failAt: 1000)
        #expect(Self.limitOffsets("[\(String(repeating: "9", count: 1000)), 1]", options).allSatisfy { $0 == nil })
        #expect(Self.limitOffsets(String(repeating: "3", count: 1000), options).allSatisfy { $0 == nil })
    }

    @Test func numbersAndStringsHaveTheirOwnLimits() throws {
        let digits = String(repeating: "1", count: 50)
        let options = DecodingOptions(maxStringBytes: 10, maxNumberBytes: 50)
        #expect(try JSONValue(parsing: "[\(digits), \"0123456789\"]", options: options).array?.count == 2)
    }

    /// A 10 MB string fed in 64 KiB chunks with a 1 MB limit fails in the chunk that holds its
    /// first byte over the limit: nothing after it is read, so no more than the limit is kept.
    @Test func chunkedInputIsNotReadPastTheLimit() {
        let chunkSize = 1 << 16
        let limit = 1 << 20
        let bytes = Array(#"{"s": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 10 << 20) + Array(#""}"#.utf8)
        let decoder = JSONChunkDecoder(JSONValue.self, options: DecodingOptions(maxStringBytes: limit))
        var failedChunk: Int?
        for (index, start) in stride(from: 0, to: bytes.count, by: chunkSize).enumerated() {
            do throws(JSONMapperError) {
                try decoder.feed(Array(bytes[start..<min(start + chunkSize, bytes.count)]))
            } catch {
                #expect(error == .limitExceeded(offset: 7 + limit, message: "a string or key is longer than the limit of \(limit) bytes"))
                failedChunk = index
                break
            }
        }
        #expect(failedChunk == (7 + limit) / chunkSize)
    }

    @Test func recordsReportTheLimitAtTheirPlaceInTheStream() {
        let lines = "{\"s\": \"ok\"}\n{\"s\": \"\(String(repeating: "x", count: 100))\"}\n"
        // Sendable: one worker: the stream calls the callback on the iterating thread, the only one that uses it.
        final class Rejections: @unchecked Sendable { var errors: [JSONMapperError] = [] }
        let rejections = Rejections()
        for chunkSize in [3, 4096] {
            rejections.errors = []
            let decoder = JSONRecordDecoder(options: DecodingOptions(maxStringBytes: 20), framing: .jsonLines, workers: 1, chunkSize: chunkSize)
            let records = decoder.records(JSONValue.self, from: .bytes(Array(lines.utf8))) { rejections.errors.append($0.error) }
            #expect(records.map { (try? $0.get().value) } == [["s": "ok"]])
            // The second line starts at 12; its string's contents at 12 + 7.
            #expect(rejections.errors.map { if case .limitExceeded(let offset, _) = $0 { offset } else { -1 } } == [12 + 7 + 20])
        }
    }
}
