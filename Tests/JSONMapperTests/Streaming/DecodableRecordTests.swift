import Foundation
import Testing
@testable import JSONMapper

/// Record streams of `Decodable` types (`records(_:from:using:)`): every framing, one and two
/// workers, rejections with their places, and records read = delivered + rejected.
@Suite("Streaming: Decodable records")
struct DecodableRecordTests {
    struct Reading: Codable, Equatable, Sendable {
        var id: Int
        var tags: [String]?
    }

    /// Line 2 is malformed, line 3 has a string id, line 5 lacks its id, line 6 is deep.
    static let lines = """
    {"id":1,"tags":["a"]}
    {"id":2,,}
    {"id":"three"}
    {"id":4}
    {"tags":[]}
    {"id":6,"tags":["x","y"]}
    """

    func run(_ text: String, framing: JSONRecordFraming, workers: Int, codable: JSONCodableDecoder = JSONCodableDecoder())
        -> (values: [Reading], lines: [Int], rejections: [JSONRecordRejection], failure: JSONMapperError?, progress: JSONRecordProgress) {
        let decoder = JSONRecordDecoder(framing: framing, workers: workers, chunkSize: 7)
        let log = RejectionLog()
        let sequence = decoder.records(Reading.self, from: .bytes(Array(text.utf8)), using: codable) { log.append($0) }
        var values: [Reading] = [], lines: [Int] = [], failure: JSONMapperError?
        for result in sequence {
            switch result {
            case .success(let record):
                values.append(record.value)
                lines.append(record.line)
            case .failure(let error):
                failure = error
            }
        }
        return (values, lines, log.items, failure, sequence.progress)
    }

    @Test(arguments: [1, 2])
    func jsonLinesDeliverEveryGoodRecordAndRejectTheRest(workers: Int) throws {
        let result = run(Self.lines, framing: .jsonLines, workers: workers)
        #expect(result.values == [Reading(id: 1, tags: ["a"]), Reading(id: 4), Reading(id: 6, tags: ["x", "y"])])
        #expect(result.lines == [1, 4, 6])
        #expect(result.rejections.map(\.line) == [2, 3, 5])
        #expect(result.failure == nil)
        #expect(result.progress.recordsRead == result.progress.recordsDelivered + result.progress.recordsRejected)
        #expect(result.progress.recordsRejected == 3)

        let syntax = result.rejections[0].error
        guard case .syntax(_, let location) = syntax else {
            Issue.record("line 2 not a syntax error: \(syntax)")
            return
        }
        let expected = position(of: ",,", in: Self.lines)
        #expect(location.line == expected.line)
        #expect(location.column == expected.column + 1)
        #expect(result.rejections[1].error == .typeMismatch(path: "id", expected: "Int", found: "a string"))
        #expect(result.rejections[2].error == .keyNotFound(path: "id"))
    }

    @Test func aNumberTheTypeCannotHoldIsRejectedWithItsPath() {
        let result = run("{\"id\":1.5}\n{\"id\":1e30}", framing: .jsonLines, workers: 1)
        #expect(result.values.isEmpty)
        #expect(result.rejections.map(\.error.path) == ["id", "id"])
    }

    @Test func arrayAndConcatenatedFramings() {
        let array = run(#"[{"id":1},{"id":"x"},{"id":3,"tags":[]}]"#, framing: .array, workers: 2)
        #expect(array.values == [Reading(id: 1), Reading(id: 3, tags: [])])
        #expect(array.rejections.map(\.index) == [1])
        let concatenated = run(#"{"id":1} {"id":2}{"tags":null}"#, framing: .concatenated, workers: 1)
        #expect(concatenated.values == [Reading(id: 1), Reading(id: 2)])
        #expect(concatenated.rejections.map(\.index) == [2])
    }

    @Test func theCodableDecodersStrategiesApply() {
        let codable = JSONCodableDecoder()
        codable.keyDecodingStrategy = .custom { path in JSONCodingKey(stringValue: path.last!.stringValue.lowercased()) }
        let result = run(#"{"ID":7,"TAGS":["t"]}"#, framing: .jsonLines, workers: 1, codable: codable)
        #expect(result.values == [Reading(id: 7, tags: ["t"])])
    }

    @Test func json5SwitchesRejectEveryRecord() {
        let codable = JSONCodableDecoder()
        codable.allowsJSON5 = true
        let result = run("{\"id\":1}\n{\"id\":2}", framing: .jsonLines, workers: 1, codable: codable)
        #expect(result.values.isEmpty)
        #expect(result.rejections.count == 2)
    }

    @Test func columnNamesAreRefusedNotIgnored() {
        let decoder = JSONRecordDecoder(framing: .jsonLines, workers: 1, columns: .names(["id"]))
        let log = RejectionLog()
        let values = decoder.records(Reading.self, from: .bytes(Array("[1]\n".utf8)), using: JSONCodableDecoder()) { log.append($0) }
            .compactMap { try? $0.get().value }
        #expect(values.isEmpty)
        guard case .invalidMapping? = log.items.first?.error else {
            Issue.record("not refused: \(log.items)")
            return
        }
    }

    /// A `Reading` that notes the thread its `init(from:)` ran on.
    struct ThreadNotingReading: Decodable, Sendable {
        var id: Int
        var decodedOn: ThreadIdentity

        init(from decoder: any Decoder) throws {
            id = try Reading(from: decoder).id
            decodedOn = .current
        }
    }

    @Test func aTransformRunsOnTheDecodingThread() {
        let decoder = JSONRecordDecoder(framing: .jsonLines, workers: 2)
        let runs = decoder.records(ThreadNotingReading.self, from: .bytes(Array(Self.lines.utf8)), using: JSONCodableDecoder(),
                                   transform: { (reading: ThreadNotingReading) throws(JSONMapperError) in
                                       guard reading.id != 6 else { throw .invalidValue(path: "id", reason: "six") }
                                       return (id: reading.id, sameThread: reading.decodedOn == .current)
                                   })
            .compactMap { try? $0.get().value }
        let ids = runs.map { $0.id }
        let sameThread = runs.map { $0.sameThread }
        #expect(ids == [1, 4])
        #expect(sameThread == [true, true], "each transform runs on the thread that decoded its record")
    }

    /// A value that keeps its container reads its own record later, though the stream reuses
    /// its tape for the records after it.
    @Test func aKeptContainerReadsItsOwnRecordAfterLaterOnes() throws {
        final class Keeper: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<JSONCodingKey>
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: JSONCodingKey.self) }
        }
        let lines = "{\"name\":\"first\"}\n{\"name\":\"second\"}\n{\"name\":\"third\"}\n"
        let keepers = JSONRecordDecoder(framing: .jsonLines, workers: 1)
            .records(Keeper.self, from: .bytes(Array(lines.utf8)), using: JSONCodableDecoder())
            .compactMap { try? $0.get().value }
        let names = try keepers.map { try $0.container.decode(String.self, forKey: JSONCodingKey(stringValue: "name")) }
        #expect(names == ["first", "second", "third"])
    }

    @Test func asynchronousChunks() async throws {
        let chunks = AsyncStream<[UInt8]> { continuation in
            for chunk in Array(Self.lines.utf8).chunked(by: 5) { continuation.yield(chunk) }
            continuation.finish()
        }
        var ids: [Int] = []
        for try await record in JSONRecordDecoder(framing: .jsonLines, workers: 2).records(Reading.self, from: chunks, using: JSONCodableDecoder()) {
            ids.append(record.value.id)
        }
        #expect(ids == [1, 4, 6])
    }
}

private extension Array {
    func chunked(by size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
