import Foundation
import Testing
@testable import JSONMapper

/// The reused memory of a stream's yajl handles: records that need more than its block
/// (long escaped strings, deep nesting) decode the same as small ones, before and after,
/// whatever order they come in.
@Suite("Parser: yajl memory reused from record to record")
struct YajlMemoryTests {
    struct Note: JSONMappable, Equatable, Sendable {
        var text = ""
        var depth = 0
        static let jsonMapping = JSONMapping<Note> {
            JSONMap(\.text, "text")
            JSONMap(\.depth, "depth")
        }
    }

    /// A record whose text has `escapes` escaped line breaks (yajl decodes them into a buffer
    /// of its own) and whose `deep` value nests `depth` arrays (yajl's state stack).
    static func record(_ index: Int, escapes: Int, depth: Int) -> (line: String, note: Note) {
        let text = "r\(index)" + String(repeating: "\n", count: escapes)
        let escaped = "r\(index)" + String(repeating: "\\n", count: escapes)
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        return (#"{"text":"\#(escaped)","deep":\#(deep),"depth":\#(depth)}"#, Note(text: text, depth: depth))
    }

    @Test(arguments: [1, 2])
    func largeAndSmallRecordsDecodeTheSame(workers: Int) {
        // Small, then far over the first block, then small, then larger still, then small.
        let sizes = [(3, 2), (40_000, 300), (0, 1), (5, 3), (300_000, 900), (1, 1), (70_000, 50)]
        let records = (0..<60).map { Self.record($0, escapes: sizes[$0 % sizes.count].0, depth: sizes[$0 % sizes.count].1) }
        let text = records.map(\.line).joined(separator: "\n")
        var options = DecodingOptions()
        options.maxDepth = 1000
        let decoded = JSONRecordDecoder(options: options, workers: workers).records(Note.self, from: .bytes(Array(text.utf8)))
            .map { try? $0.get().value }
        #expect(decoded == records.map(\.note))
    }

    @Test func memoryGrowsForLargeHandlesAndStaysUsable() {
        let memory = YajlMemory()
        for round in 0..<3 {
            // Far more than the first block: the rest comes from malloc this time.
            var pointers: [UnsafeMutableRawPointer] = []
            for size in [100, 50_000, 7, 30_000] {
                let pointer = memory.functions.pointee.malloc(memory.functions.pointee.ctx, size)!
                memset(pointer, Int32(size % 251), size)
                pointers.append(pointer)
            }
            // A reallocation keeps the bytes.
            let grown = memory.functions.pointee.realloc(memory.functions.pointee.ctx, pointers[2], 70_000)!
            #expect((0..<7).allSatisfy { grown.load(fromByteOffset: $0, as: UInt8.self) == 7 }, "round \(round)")
            #expect((0..<50_000).allSatisfy { pointers[1].load(fromByteOffset: $0, as: UInt8.self) == UInt8(50_000 % 251) })
            memory.reset()
        }
    }
}
