import Foundation
import Testing
@testable import JSONMapper

/// Regular files read mapped, as workers read them (one worker reads them with `read(2)`, and
/// the same cases pin that): the framer cuts its blocks where the bytes lie, a handle is read
/// from its position and left where reading would leave it, bytes the file gains are still
/// read, a file cut short ends the stream with a read error (never a crash), and the pages
/// behind the blocks in flight go back to the kernel.
@Suite("Streaming: mapped files")
struct MappedFileTests {
    /// A new file holding `bytes`, removed when the test ends (by `defer` at the caller).
    static func file(_ bytes: [UInt8]) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-mapped-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot create \(path)")
        return path
    }

    /// The chunk-boundary cases from a file, by path and by handle, in every chunk size: each
    /// chunk is a window of the mapping, and a record crossing windows is cut whole.
    @Test(arguments: [1, 2])
    func everyChunkSizeFromAMappedFile(workers: Int) throws {
        for (framing, text, expected) in ChunkBoundaryTests.cases {
            let path = Self.file(Array(text.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            for chunkSize in 1...text.utf8.count + 1 {
                let decoder = JSONRecordDecoder(framing: framing, workers: workers, chunkSize: chunkSize)
                #expect(ChunkBoundaryTests.summary(decoder.run(StreamEvent.self, .file(path))) == expected,
                        "\(framing) by path in chunks of \(chunkSize)")
                let handle = try #require(FileHandle(forReadingAtPath: path))
                #expect(ChunkBoundaryTests.summary(decoder.run(StreamEvent.self, .fileHandle(handle))) == expected,
                        "\(framing) by handle in chunks of \(chunkSize)")
                try handle.close()
            }
        }
    }

    /// A handle is mapped from its position, which need not be a page's start, and is left at
    /// the end, as reading would leave it.
    @Test(arguments: [1, 2])
    func aHandleIsReadFromItsPosition(workers: Int) throws {
        let skipped = Array(repeating: UInt8(ascii: "x"), count: 5003) + [0x0A]
        let lines = (1...500).map { "{\"id\":\($0)}\n" }.joined()
        let path = Self.file(skipped + Array(lines.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(skipped.count))
        let run = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: 1000).run(StreamEvent.self, .fileHandle(handle))
        #expect(run.records.map(\.value.id) == Array(1...500))
        #expect(run.records.first?.byteRange == 0..<8, "offsets count from the position")
        #expect(try handle.offset() == UInt64(skipped.count + lines.utf8.count))
    }

    /// Bytes written to the file after it was mapped are read after the mapped ones.
    @Test(arguments: [1, 2])
    func bytesTheFileGainsAreRead(workers: Int) throws {
        let path = Self.file(Array((1...200).map { "{\"id\":\($0)}\n" }.joined().utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var ids: [Int] = []
        var appended = false
        for result in JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: 64).records(StreamEvent.self, from: .file(path)) {
            ids.append(try result.get().value.id)
            if !appended {
                appended = true
                let writer = try #require(FileHandle(forWritingAtPath: path))
                try writer.seekToEnd()
                try writer.write(contentsOf: Data("{\"id\":201}\n{\"id\":202}\n".utf8))
                try writer.close()
            }
        }
        #expect(ids == Array(1...202))
    }

    /// A file truncated while it is read: every record delivered is the one on its line in the
    /// file, every record is accounted for, and a stream that lost records ends with a read
    /// error that says so.
    /// (Lines lost to the truncation read as zeros: without their line feeds, a block's lost
    /// lines are one rejected record.)
    @Test(arguments: [1, 2])
    func aFileCutShortEndsTheStreamWithAReadError(workers: Int) throws {
        let count = 20_000
        let path = Self.file(Array((0..<count).map { "{\"id\":\($0)}\n" }.joined().utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var delivered = 0
        var failure: JSONMapperError?
        var truncated = false
        let rejections = RejectionLog()
        let sequence = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: 4096)
            .records(StreamEvent.self, from: .file(path)) { rejections.append($0) }
        for result in sequence {
            switch result {
            case .success(let record):
                #expect(record.value.id == record.line - 1, "the record on line \(record.line)")
                delivered += 1
            case .failure(let error):
                failure = error
            }
            if !truncated {
                truncated = true
                #expect(truncate(path, 1000) == 0)
            }
        }
        #expect(sequence.progress.recordsDelivered == delivered)
        #expect(sequence.progress.recordsRejected == rejections.items.count)
        guard let failure else {
            // Only a stream that had read every byte before the truncation may end well.
            #expect(delivered == count && rejections.items.isEmpty, "records lost without an error")
            return
        }
        guard case .ioFailed(let reason) = failure else {
            Issue.record("the stream ended with \(failure), not a read error")
            return
        }
        #expect(reason.contains("truncated"), "\(reason)")
        #expect(delivered < count)
    }

    /// The guard itself: a page past the end of a file that shrank reads as zeros, and the
    /// mapping says it was cut, where an unguarded mapping raises SIGBUS.
    @Test func aPageLostToTruncationReadsAsZeros() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = Self.file(Array(repeating: UInt8(ascii: "a"), count: 3 * pageSize))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = try FileDescriptor.open(forReading: path)
        defer { try? descriptor.close() }
        let mapping = try #require(FileMapping(descriptor))
        defer { mapping.unmap() }
        #expect(mapping.bytes[0] == UInt8(ascii: "a") && !mapping.wasCut)
        #expect(truncate(path, 0) == 0)
        #expect(mapping.bytes[2 * pageSize + 7] == 0)
        #expect(mapping.wasCut)
    }

    /// Pages go back to the kernel behind the oldest block still alive and the framer, in runs,
    /// whatever order the blocks are freed in.
    @Test func pagesGoBackBehindTheOldestLiveBlock() throws {
        let megabyte = 1 << 20
        let path = Self.file(Array(repeating: UInt8(ascii: " "), count: 32 * megabyte))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = try FileDescriptor.open(forReading: path)
        defer { try? descriptor.close() }
        let file = try #require(MappedFile(descriptor, name: path))
        for block in 0..<30 { file.blockCut(at: block * megabyte, framerAt: (block + 1) * megabyte) }
        for block in (1..<10).reversed() { file.blockFreed(at: block * megabyte) }
        #expect(file.handedBack == 0, "the first block is alive")
        file.blockFreed(at: 0)
        #expect(file.handedBack == 10 * megabyte, "up to the oldest block alive")
        for block in 10..<12 { file.blockFreed(at: block * megabyte) }
        #expect(file.handedBack == 10 * megabyte, "less than a run since")
        for block in (12..<30).shuffled() { file.blockFreed(at: block * megabyte) }
        #expect((26 * megabyte + 1...30 * megabyte).contains(file.handedBack), "up to the framer, less than a run short")
    }
}
