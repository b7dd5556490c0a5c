import Foundation
import Testing
@testable import JSONMapper

/// The record writer: JSON Lines and arrays, to files (atomically) and handles, in parts, with
/// a record that cannot be encoded leaving nothing behind.
@Suite("Streaming: record writer")
struct RecordWriterTests {
    struct Reading: JSONMappable, Equatable, Sendable {
        var id = 0
        var value = 0.0
        static let jsonMapping = JSONMapping<Reading> {
            JSONMap(\.id, "id")
            JSONMap(\.value, "value")
        }
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString).json").path
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The files beside `path` named after it: the file itself and any temporary file.
    static func leftovers(of path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.contains(url.lastPathComponent) }.sorted()
    }

    @Test(arguments: [1, 8, 1 << 16])
    func jsonLinesToAFileAppearWhenFinished(bufferSize: Int) throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONRecordWriter(toFile: path, options: EncodingOptions(indentWidth: 2), bufferSize: bufferSize)
        try writer.write(Reading(id: 1, value: 1.5))
        #expect(throws: JSONMapperError.self) { try writer.write(Reading(id: 2, value: .nan)) }
        try writer.write(Reading(id: 3, value: -2))
        #expect(FileManager.default.fileExists(atPath: path) == false)
        try writer.finish()
        let expected = "{\"id\":1,\"value\":1.5}\n{\"id\":3,\"value\":-2}\n"
        #expect(Self.contents(path) == expected)
        #expect(writer.recordsWritten == 2 && writer.bytesWritten == expected.utf8.count)
        #expect(Self.leftovers(of: path) == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(throws: JSONMapperError.self) { try writer.write(Reading()) }
    }

    @Test(arguments: [1, 1 << 16])
    func arrays(bufferSize: Int) throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONRecordWriter(toFile: path, format: .array, bufferSize: bufferSize)
        #expect(throws: JSONMapperError.self) { try writer.write(Reading(id: 0, value: .infinity)) }
        try writer.write(Reading(id: 1, value: 0.25))
        #expect(throws: JSONMapperError.self) { try writer.write(Reading(id: 2, value: .nan)) }
        try writer.write(Reading(id: 3))
        try writer.finish()
        #expect(Self.contents(path) == "[{\"id\":1,\"value\":0.25},{\"id\":3,\"value\":0}]\n")

        let pretty = try JSONRecordWriter(toFile: path, format: .array, options: .pretty())
        try pretty.write(Reading(id: 1))
        try pretty.write(Reading(id: 2))
        try pretty.finish()
        #expect(Self.contents(path) == "[\n  {\n    \"id\": 1,\n    \"value\": 0\n  },\n  {\n    \"id\": 2,\n    \"value\": 0\n  }\n]\n")

        let empty = try JSONRecordWriter(toFile: path, format: .array)
        try empty.finish()
        #expect(Self.contents(path) == "[]\n")
    }

    @Test func aWriterReleasedUnfinishedLeavesNoFile() throws {
        let path = Self.temporaryPath()
        do {
            let writer = try JSONRecordWriter(toFile: path, bufferSize: 1)
            try writer.write(Reading(id: 1))
        }
        #expect(Self.leftovers(of: path).isEmpty)
        #expect(throws: JSONMapperError.self) { try JSONRecordWriter(toFile: "/nonexistent/out.jsonl") }
    }

    @Test func handlesAreWrittenAndLeftOpen() throws {
        let pipe = Pipe()
        let writer = JSONRecordWriter(to: pipe.fileHandleForWriting, bufferSize: 4)
        for id in 1...3 { try writer.write(Reading(id: id)) }
        try writer.finish()
        try pipe.fileHandleForWriting.write(contentsOf: Data("{\"id\":4,\"value\":0}\n".utf8))
        try pipe.fileHandleForWriting.close()
        let run = JSONRecordDecoder().run(Reading.self, .fileHandle(pipe.fileHandleForReading))
        #expect(run.records.map(\.value) == (1...4).map { Reading(id: $0) })
    }

    @Test func decodeTransformWriteRoundTrip() throws {
        let input = (0..<500).map { "{\"value\":\($0).5,\"extra\":[1,2],\"id\":\($0)}" }.joined(separator: "\n")
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONRecordWriter(toFile: path, bufferSize: 1000)
        for result in JSONRecordDecoder(workers: 2, chunkSize: 700).records(Reading.self, from: .bytes(Array(input.utf8))) {
            var reading = try result.get().value
            reading.value *= 2
            try writer.write(reading)
        }
        try writer.finish()
        let expected = (0..<500).map { "{\"id\":\($0),\"value\":\($0 * 2 + 1)}\n" }.joined()
        #expect(Self.contents(path) == expected)
    }

    /// Until it is finished, a file is written under the hidden temporary name `jsonmap`
    /// uses too (one mechanism, ``AtomicFile``), with the permissions the umask gives a new
    /// file, and an existing file stays as it was.
    @Test func aFileIsWrittenUnderAHiddenTemporaryName() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let name = URL(fileURLWithPath: path).lastPathComponent
        let writer = try JSONRecordWriter(toFile: path, bufferSize: 1)
        try writer.write(Reading(id: 1))
        let pending = Self.leftovers(of: path).filter { $0 != name }
        #expect(pending.count == 1 && pending[0].hasPrefix(".\(name).jsonmap-") && pending[0].count == name.count + 16)
        #expect(Self.contents(path) == "old\n")
        try writer.finish()
        #expect(Self.leftovers(of: path) == [name])
        #expect(Self.contents(path) == "{\"id\":1,\"value\":0}\n")
        let mask = umask(0)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == Int(0o666 & ~mask))
    }

    /// A file that is discarded, or released uncommitted, leaves nothing; a committed one
    /// replaces the file at its path.
    @Test func atomicFilesAppearWholeOrNotAtAll() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let discarded = try AtomicFile(replacing: path)
        try discarded.write(Array("lost".utf8))
        discarded.discard()
        do {
            let released = try AtomicFile(replacing: path)
            try released.write(Array("lost".utf8))
        }
        #expect(Self.leftovers(of: path).isEmpty)
        let committed = try AtomicFile(replacing: path)
        try committed.write(Array("kept".utf8))
        try committed.commit()
        #expect(Self.contents(path) == "kept")
        #expect(Self.leftovers(of: path) == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile(replacing: "/nonexistent/out.jsonl") }
    }
}
