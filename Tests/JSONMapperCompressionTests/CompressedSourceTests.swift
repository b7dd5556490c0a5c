import Foundation
import JSONMapper
import JSONMapperCompression
import Testing

/// Record sources of gzip and zstd bytes, made by the `gzip` and `zstd` tools (not by the code
/// under test), read through `JSONRecordSource.decompressed`.
@Suite struct CompressedSourceTests {
    /// `count` JSON lines `{"id":N,"name":"record N"}`; the ids of `rejectedIDs` are strings,
    /// which the model rejects.
    static func lines(_ count: Int, rejectedIDs: Set<Int> = []) -> [UInt8] {
        var text = ""
        for id in 1...count {
            let value = rejectedIDs.contains(id) ? "\"x\(id)\"" : "\(id)"
            text += "{\"id\":\(value),\"name\":\"record \(id)\"}\n"
        }
        return Array(text.utf8)
    }

    static func read(_ bytes: [UInt8], workers: Int = 2, chunkSize: Int = 4096) -> Outcome {
        let decoder = JSONRecordDecoder(workers: workers, chunkSize: chunkSize)
        var outcome = Outcome()
        let rejected = Box()
        let sequence = decoder.records(Event.self, from: .decompressed(.bytes(bytes), name: "events.gz")) { rejected.items.append($0) }
        for result in sequence {
            switch result {
            case .success(let record): outcome.ids.append(record.value.id)
            case .failure(let error): outcome.failure = error
            }
        }
        outcome.rejections = rejected.items
        outcome.read = sequence.progress.recordsRead
        outcome.bytesRead = sequence.progress.bytesRead
        return outcome
    }

    @Test(arguments: CompressionFormat.allCases)
    func decompressesWholeStreams(format: CompressionFormat) throws {
        let plain = Self.lines(3000)
        let outcome = Self.read(try Tool.compress(plain, format))
        #expect(outcome.failure == nil)
        #expect(outcome.ids == Array(1...3000))
        #expect(outcome.bytesRead == plain.count)
    }

    @Test func readsConcatenatedGzipMembersAsOneStream() throws {
        let first = try Tool.compress(Self.lines(5), .gzip)
        let second = try Tool.compress(Array(#"{"id":6,"name":"x"}"#.utf8) + [0x0A], .gzip)
        let outcome = Self.read(first + second + first)
        #expect(outcome.failure == nil)
        #expect(outcome.ids == [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5])
    }

    /// The CRC-32 of gzip (ISO 3309), bit by bit: the test's own, to build members by hand.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func littleEndian(_ value: UInt32, bytes: Int = 4) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A gzip member holding `data` in one stored deflate block, with the optional header
    /// fields (RFC 1952) that `flags` names: extra (0x04), name (0x08), comment (0x10) and the
    /// header's own CRC-16 (0x02).
    static func member(_ data: [UInt8], flags: UInt8) -> [UInt8] {
        var header: [UInt8] = [0x1F, 0x8B, 8, flags, 0, 0, 0, 0, 0, 3]
        if flags & 0x04 != 0 {
            let extra: [UInt8] = Array("AB".utf8) + [2, 0] + Array("xy".utf8)
            header += littleEndian(UInt32(extra.count), bytes: 2) + extra
        }
        if flags & 0x08 != 0 { header += Array("events.jsonl".utf8) + [0] }
        if flags & 0x10 != 0 { header += Array("a comment".utf8) + [0] }
        if flags & 0x02 != 0 { header += littleEndian(crc32(header), bytes: 2) }
        let stored = [0x01] + littleEndian(UInt32(data.count), bytes: 2) + littleEndian(~UInt32(data.count), bytes: 2) + data
        return header + stored + littleEndian(crc32(data)) + littleEndian(UInt32(data.count))
    }

    @Test(arguments: [1, 5, 4096])
    func membersWithEachOptionalHeaderFieldAreRead(chunkSize: Int) {
        for fields in 0..<16 {
            let flags = UInt8(fields) << 1
            let member = Self.member(Self.lines(4), flags: flags)
            let outcome = Self.read(member + member, chunkSize: chunkSize)
            #expect(outcome.failure == nil, "flags \(flags)")
            #expect(outcome.ids == [1, 2, 3, 4, 1, 2, 3, 4], "flags \(flags)")
        }
    }

    @Test(arguments: [(byte: 0, value: UInt8(0x1E), reason: "incorrect header check"), (byte: 1, value: 0x8C, reason: "incorrect header check"),
                      (byte: 3, value: 0x20, reason: "unknown header flags set")])
    func aBadHeaderByteFailsThere(byte: Int, value: UInt8, reason: String) {
        // In the second member: a first one is what makes the input gzip.
        let first = Self.member(Self.lines(2), flags: 0)
        var second = first
        second[byte] = value
        let outcome = Self.read(first + second)
        guard case let .corruptCompressedInput(_, offset, found)? = outcome.failure else {
            Issue.record("expected a corrupt-input error")
            return
        }
        #expect(found == reason)
        #expect(offset == first.count + byte + 1)
        #expect(outcome.ids == [1, 2])
    }

    @Test(arguments: [1, 3, 7, 4096])
    func gzipTrailersCutByAnyReadAreChecked(chunkSize: Int) throws {
        // Small reads cut a member's eight-byte trailer anywhere, and members run on from
        // one read into the next.
        let first = try Tool.compress(Self.lines(40), .gzip)
        let second = try Tool.compress(Self.lines(3), .gzip)
        let outcome = Self.read(first + second + first, chunkSize: chunkSize)
        #expect(outcome.failure == nil)
        #expect(outcome.ids == Array(1...40) + [1, 2, 3] + Array(1...40))
    }

    @Test(arguments: [(offsetFromEnd: 8, reason: "incorrect data check"), (offsetFromEnd: 5, reason: "incorrect data check"),
                      (offsetFromEnd: 4, reason: "incorrect length check"), (offsetFromEnd: 1, reason: "incorrect length check")])
    func aWrongGzipTrailerFailsAtItsMember(offsetFromEnd: Int, reason: String) throws {
        // The second member's trailer is damaged: its CRC-32 (the trailer's first four bytes)
        // or its length (the last four). The first member's records come first.
        let first = try Tool.compress(Self.lines(30), .gzip)
        var second = try Tool.compress(Self.lines(5), .gzip)
        second[second.count - offsetFromEnd] ^= 0x01
        for chunkSize in [3, 4096] {
            let outcome = Self.read(first + second, chunkSize: chunkSize)
            guard case let .corruptCompressedInput(source, offset, found)? = outcome.failure else {
                Issue.record("expected a corrupt-input error, got \(String(describing: outcome.failure))")
                return
            }
            #expect(source == "events.gz")
            #expect(found == reason, "chunk size \(chunkSize)")
            #expect(offset == first.count + second.count, "the trailer's end, chunk size \(chunkSize)")
            #expect(outcome.ids.starts(with: Array(1...30)), "chunk size \(chunkSize)")
        }
    }

    @Test func readsConcatenatedZstdFramesAsOneStream() throws {
        let outcome = Self.read(try Tool.compress(Self.lines(3), .zstd) + Tool.compress(Self.lines(2), .zstd))
        #expect(outcome.failure == nil)
        #expect(outcome.ids == [1, 2, 3, 1, 2])
    }

    @Test(arguments: CompressionFormat.allCases)
    func anEmptyCompressedFileHasNoRecords(format: CompressionFormat) throws {
        let empty = try Tool.compress([], format)
        #expect(!empty.isEmpty)
        let outcome = Self.read(empty)
        #expect(outcome.failure == nil)
        #expect(outcome.ids.isEmpty)
        #expect(outcome.read == 0)
    }

    @Test func uncompressedBytesPassThrough() {
        #expect(Self.read(Self.lines(10)).ids == Array(1...10))
        #expect(Self.read([]).ids.isEmpty)
        #expect(Self.read(Array("{\"id\":7}".utf8)).ids == [7])
    }

    @Test(arguments: CompressionFormat.allCases)
    func aTruncatedStreamFailsAfterTheRecordsBeforeIt(format: CompressionFormat) throws {
        let compressed = try Tool.compress(Self.lines(20000), format)
        let cut = Array(compressed.prefix(compressed.count / 2))
        let outcome = Self.read(cut)
        guard case let .corruptCompressedInput(source, offset, reason)? = outcome.failure else {
            Issue.record("expected a corrupt-input error, got \(String(describing: outcome.failure))")
            return
        }
        #expect(source == "events.gz")
        #expect(offset == cut.count)
        #expect(reason.contains("truncated"))
        #expect(outcome.ids.count > 1000)
        #expect(outcome.ids == Array(1...outcome.ids.count), "the records before the cut, in order")
        #expect(outcome.read == outcome.ids.count + outcome.rejections.count)
    }

    @Test(arguments: CompressionFormat.allCases)
    func aCorruptStreamNamesTheCompressedOffset(format: CompressionFormat) throws {
        var compressed = try Tool.compress(Self.lines(20000), format)
        let middle = compressed.count / 2
        for index in middle..<(middle + 64) { compressed[index] ^= 0x5A }
        let outcome = Self.read(compressed)
        guard case let .corruptCompressedInput(source, offset, _)? = outcome.failure else {
            Issue.record("expected a corrupt-input error, got \(String(describing: outcome.failure))")
            return
        }
        #expect(source == "events.gz")
        // Decompression stops in or after the damaged bytes (a block is checked as a whole,
        // and a checksum only at the end of its frame), so the records of the first half,
        // before the damage, have all been delivered.
        #expect(offset > middle && offset <= compressed.count)
        let inOrder = outcome.ids.enumerated().prefix { $0.offset + 1 == $0.element }.count
        #expect(inOrder >= 3000, "the first records, in order (\(inOrder) of \(outcome.ids.count))")
        #expect(outcome.read == outcome.ids.count + outcome.rejections.count)
    }

    @Test func aCorruptGzipHeaderFailsAtTheStart() {
        let outcome = Self.read([0x1F, 0x8B, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01])
        guard case let .corruptCompressedInput(_, offset, reason)? = outcome.failure else {
            Issue.record("expected a corrupt-input error, got \(String(describing: outcome.failure))")
            return
        }
        // The method byte (3rd) is wrong: zlib stops within the 10-byte header.
        #expect(offset <= 10)
        #expect(reason.contains("compression method"))
        #expect(outcome.ids.isEmpty)
    }

    @Test(arguments: CompressionFormat.allCases)
    func rejectionsArePlacedInTheDecompressedBytes(format: CompressionFormat) throws {
        let plain = Self.lines(500, rejectedIDs: [3, 250])
        let outcome = Self.read(try Tool.compress(plain, format))
        #expect(outcome.failure == nil)
        #expect(outcome.ids.count == 498)
        #expect(outcome.read == 500)
        let expected = Self.lines(2).count
        #expect(outcome.rejections.map(\.line) == [3, 250])
        #expect(outcome.rejections.first?.byteRange.lowerBound == expected)
        #expect(outcome.rejections.first.map { Array($0.rawBytes) } == Array(#"{"id":"x3","name":"record 3"}"#.utf8))
    }

    @Test func aCompressedFileIsReadByPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).jsonl.zst").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try Tool.compress(Self.lines(100), .zstd)).write(to: URL(fileURLWithPath: path))
        let records = JSONRecordDecoder(workers: 1).records(Event.self, from: .decompressedFile(path))
        #expect(try records.map { try $0.get().value.id } == Array(1...100))
    }

    @Test func aMissingFileIsAReadError() {
        let records = JSONRecordDecoder(workers: 1).records(Event.self, from: .decompressedFile("/nonexistent/events.gz"))
        let results = Array(records)
        guard results.count == 1, case .failure(.ioFailed(let reason)) = results[0] else {
            Issue.record("expected one read error, got \(results)")
            return
        }
        #expect(reason.contains("/nonexistent/events.gz"))
    }

    @Test func anAsynchronousStreamReadsCompressedSources() async throws {
        let decoder = JSONRecordDecoder(workers: 2, chunkSize: 1000)
        var ids: [Int] = []
        for try await record in decoder.records(Event.self, from: .decompressed(.bytes(try Tool.compress(Self.lines(300), .gzip)), name: "m")).async {
            ids.append(record.value.id)
        }
        #expect(ids == Array(1...300))
    }
}

struct Event: JSONMappable, Sendable {
    var id = 0
    var name = ""
    static let jsonMapping = JSONMapping<Event> {
        JSONMap(\.id, "id", required: true)
        JSONMap(\.name, "name")
    }
}

struct Outcome {
    var ids: [Int] = []
    var rejections: [JSONRecordRejection] = []
    var failure: JSONMapperError?
    var read = 0
    var bytesRead = 0
}

/// Rejections collected by the callback, which runs on the iterating thread.
final class Box {
    var items: [JSONRecordRejection] = []
}

/// The `gzip` and `zstd` command-line tools, reading standard input and writing standard output.
enum Tool {
    static func compress(_ bytes: [UInt8], _ format: CompressionFormat) throws -> [UInt8] {
        try run(format == .gzip ? ["gzip", "-c", "-n"] : ["zstd", "-q", "-c"], input: bytes)
    }

    static func decompress(_ bytes: [UInt8], _ format: CompressionFormat) throws -> [UInt8] {
        try run(format == .gzip ? ["gzip", "-d", "-c"] : ["zstd", "-q", "-d", "-c"], input: bytes)
    }

    static func run(_ arguments: [String], input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let (stdin, stdout) = (Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Written from another thread: the tool's output pipe is read here meanwhile.
        let writer = Thread { [handle = stdin.fileHandleForWriting] in
            handle.write(Data(input))
            try? handle.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolFailure(arguments: arguments, status: process.terminationStatus) }
        return Array(output)
    }
}

struct ToolFailure: Error {
    var arguments: [String]
    var status: Int32
}
