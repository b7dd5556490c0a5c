import Foundation
import Testing
@testable import JSONMapper

/// Hostile streams: random bytes drawn mostly from JSON's structural characters, read in
/// every framing. Whatever the bytes, a stream ends (no crash, no hang), accounts for every
/// record, and gives exactly the same records, rejections and ending whether it is read in
/// one chunk or byte by byte, by one worker or two, with records cut whole or read past the
/// size limit.
@Suite("Streaming: random streams")
struct RandomStreamTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array("{}[]\",: \n\r\\1ae\"{}\n:,[0-]tru".utf8) + [0xEF, 0xBB, 0xBF, 0x00, 0xC3]

    /// Everything a run gives, comparable.
    struct Outcome: Equatable {
        var records: [String]
        var rejections: [JSONRecordRejection]
        var failure: JSONMapperError?
        var framing: JSONRecordFraming?
    }

    static func outcome(_ bytes: [UInt8], framing: JSONRecordFraming, chunkSize: Int, workers: Int, maxRecordBytes: Int) -> Outcome {
        var decoder = JSONRecordDecoder(framing: framing, workers: workers, chunkSize: chunkSize)
        decoder.maxRecordBytes = maxRecordBytes
        decoder.maxRejectedBytes = 8
        let run = decoder.run(JSONValue.self, .bytes(bytes))
        #expect(run.order == Array(0..<(run.delivered + run.rejected)), "indices are dense")
        #expect(run.records.count == run.delivered && run.rejections.count == run.rejected)
        return Outcome(records: run.records.map { "\($0.index) \($0.line) \($0.byteRange) \($0.value)" },
                       rejections: run.rejections, failure: run.failure, framing: run.framing)
    }

    @Test(arguments: [JSONRecordFraming.jsonLines, .array, .concatenated, .automatic])
    func chunkingWorkersAndLimitsDoNotChangeTheOutcome(framing: JSONRecordFraming) {
        var generator = Generator(state: 10)
        for _ in 0..<250 {
            let length = Int.random(in: 0...120, using: &generator)
            var bytes = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }
            // Some well-formed records too, so that not every stream fails at once.
            if Bool.random(using: &generator) { bytes = Array("[{\"a\":[1,\"x\\\"]\"]},\n2]\n".utf8) + bytes }
            let maxRecordBytes = Bool.random(using: &generator) ? 10 : 1 << 20
            let reference = Self.outcome(bytes, framing: framing, chunkSize: 1 << 16, workers: 1, maxRecordBytes: maxRecordBytes)
            for (chunkSize, workers) in [(1, 1), (3, 2), (17, 1)] {
                let other = Self.outcome(bytes, framing: framing, chunkSize: chunkSize, workers: workers, maxRecordBytes: maxRecordBytes)
                #expect(other == reference, "\(bytes) in chunks of \(chunkSize), \(workers) workers, limit \(maxRecordBytes)")
            }
        }
    }
}
