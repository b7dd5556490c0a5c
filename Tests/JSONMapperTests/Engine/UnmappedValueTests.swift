import Foundation
import Testing
@testable import JSONMapper

/// A key no property maps has its value passed over by the parser (in C, from bytes): the
/// properties after it are read, nothing inside it is, and input that is wrong inside it fails
/// exactly as it fails where every value is read.
@Suite("Engine: values of unmapped keys")
struct UnmappedValueTests {
    struct Picked: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var tags: [String] = []
        static let jsonMapping = JSONMapping<Picked> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name")
            JSONMap(\.tags, "tags")
        }
    }

    static let chunkSizes = [1, 7, 4096]

    /// Decodes `text` whole, in chunks of each size, and as one record of a JSON Lines stream.
    static func decodings(_ text: String, options: DecodingOptions = DecodingOptions()) -> [Result<Picked, JSONMapperError>] {
        let bytes = Array(text.utf8)
        let whole = Result { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Picked.self, from: bytes) }
        let chunked = chunkSizes.map { size in
            Result { () throws(JSONMapperError) in try TokenJoinerTests.decodeInChunks(Picked.self, bytes, chunkSize: size, options: options) }
        }
        return [whole] + chunked
    }

    @Test func theKeysAfterAnUnmappedValueAreRead() throws {
        let text = #"""
        {"skip": {"id": 5, "name": "inner", "x": [{"id": 6}, [[]], "a\"b", -1.5e3, null, true]},
         "id": 7, "other": [], "name": "outer", "more": {}, "tags": ["t", "u"], "last": "s"}
        """#
        let expected = Picked(id: 7, name: "outer", tags: ["t", "u"])
        for result in Self.decodings(text) { #expect(try result.get() == expected) }
    }

    @Test func aFaultInsideAnUnmappedValueFailsAsWhereItIsRead() {
        let options = DecodingOptions(maxDepth: 6, maxStringBytes: 8, maxNumberBytes: 6)
        let faults = [
            #"{"skip": {"k": "a string too long"}, "id": 1}"#,
            #"{"skip": [{"a key too long": 1}], "id": 1}"#,
            #"{"skip": [1, 2, 12345678], "id": 1}"#,
            #"{"skip": [1x], "id": 1}"#,
            #"{"skip": {"n": -0.5true}, "id": 1}"#,
            #"{"skip": [[[[[[[1]]]]]]], "id": 1}"#,
            "{\"skip\": [\"\u{7F}\", \"\\ud800\"], \"id\": 1}",
            "{\"skip\": {\"a\": \"\\u0041\u{0C}\"}, \"id\": 1}",
            #"{"skip": {"a" 1}, "id": 1}"#,
        ]
        for text in faults {
            let read = Result { () throws(JSONMapperError) in try JSONValue(parsing: Array(text.utf8), options: options) }
            guard case .failure(let expected) = read else {
                Issue.record("\(text) parses as a JSONValue")
                continue
            }
            for (index, result) in Self.decodings(text, options: options).enumerated() {
                guard case .failure(let error) = result else {
                    Issue.record("\(text) decodes")
                    continue
                }
                #expect(Self.sameFault(error, expected, comparesPaths: index == 0), "\(text): \(error) where reading every value gives \(expected)")
            }
        }
    }

    /// The same kind of error at the same place. A depth error names the container's path
    /// when the whole document is at hand; fed in chunks, the path inside a value nobody reads
    /// is not kept (see ``JSONMapperError/depthLimitExceeded(path:location:)``), so only the
    /// location is compared there.
    static func sameFault(_ a: JSONMapperError, _ b: JSONMapperError, comparesPaths: Bool) -> Bool {
        switch (a, b) {
        case let (.syntax(m1, l1), .syntax(m2, l2)): m1 == m2 && l1 == l2
        case let (.limitExceeded(o1, m1), .limitExceeded(o2, m2)): o1 == o2 && m1 == m2
        case let (.depthLimitExceeded(p1, l1), .depthLimitExceeded(p2, l2)): l1 == l2 && (p1 == p2 || !comparesPaths)
        default: false
        }
    }

    @Test func aDepthErrorInsideAnUnmappedValueNamesNoOtherKey() {
        // Fed in chunks, the path inside the unmapped value is not kept (see
        // JSONMapperError.depthLimitExceeded); it must not name the mapped key before it.
        let text = #"{"id": 1, "name": "n", "skip": [[[[[[[1]]]]]]]}"#
        let options = DecodingOptions(maxDepth: 6)
        for (index, result) in Self.decodings(text, options: options).enumerated() {
            guard case .failure(.depthLimitExceeded(let path, let location?)) = result else {
                Issue.record("\(result)")
                continue
            }
            // Whole, or in one chunk, the path is read back from the bytes.
            #expect(path == "skip[0][0][0][0][0]" || (index > 0 && path == ""), "decoding \(index): \(path)")
            #expect(location.offset == 36)
        }
    }

    @Test func aRecordStreamReadsPastUnmappedValues() throws {
        let lines = (0..<50).map { #"{"skip": {"deep": [[{"x": \#($0)}]], "s": "\#($0)"}, "id": \#($0), "name": "n\#($0)"}"# }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        for workers in [1, 2] {
            let records = JSONRecordDecoder(workers: workers, chunkSize: 300)
                .records(Picked.self, from: .bytes(bytes))
            var ids: [Int] = []
            for outcome in records { ids.append(try outcome.get().value.id) }
            #expect(ids == Array(0..<50))
        }
    }
}
