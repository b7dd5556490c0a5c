import CorpusModels
import Foundation
import JSONMapper

/// The `stream` operation: a JSON Lines file decoded one model per line, from disk, in bounded
/// memory.
///
/// The file is generated when the bench starts, so that the README's command needs nothing
/// else: twitter.json's 100 statuses, each minified onto one line (strings and their escapes
/// exactly as in the corpus), repeated until the file holds at least 100 MB. It is written to
/// the temporary directory and removed when the bench ends; probe children reuse the parent's
/// copy (its path is passed in the environment).
enum StreamCorpus {
    static let file = "twitter-statuses.jsonl"
    static let minimumBytes = 100_000_000
    private static let environmentKey = "JSONMAPPER_BENCH_STREAM_FILE"

    /// The contenders, decoding `TwitterStatus` per line:
    /// - JSONMapper: `JSONRecordDecoder` with one worker (decoding on the reading thread);
    /// - JSONMapper-parallel: the same with one worker per active core;
    /// - JSONMapper-parallel-transform: the same workers, each status reduced to its text's
    ///   length by a transform on the worker that decoded it, the lengths summed here: the way
    ///   to keep models from crossing threads (memory freed on another thread than the one
    ///   that allocated it takes glibc's slow, locked path);
    /// - JSONMapper-parallel-async: the same workers over the file read as an `AsyncSequence`
    ///   of 64 KiB chunks (``FileChunks``), each read when the stream asks for it, as a server
    ///   reads a body;
    /// - JSONDecoder-per-line: lines cut with `memchr` from chunks read from the file, each
    ///   decoded by one reused `JSONDecoder`;
    /// - yajl: one yajl handle over the whole file (multiple values allowed), do-nothing callbacks;
    /// - yajl-parallel: the same on as many threads as the parallel rows have workers, each over
    ///   its share of the lines: how far this machine lets that many threads speed up in this run.
    static func contenders(path: String) -> [Contender] {
        let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        return [
            Contender(Library.jsonMapper, .stream, workers: 1) { { blackHole(try decodeRecords(path: path, workers: 1)) } },
            Contender(Library.jsonMapperParallel, .stream, workers: workers) { { blackHole(try decodeRecords(path: path, workers: workers)) } },
            Contender(Library.jsonMapperParallelTransform, .stream, workers: workers) {
                { blackHole(try textLengths(path: path, workers: workers)) }
            },
            Contender(Library.jsonMapperParallelAsync, .stream, workers: workers) {
                { blackHole(try decodeAsyncChunks(path: path, workers: workers)) }
            },
            Contender(Library.jsonMapperRows, .stream, workers: 1) { { blackHole(try csvRows(path: path)) } },
            Contender(Library.jsonDecoderPerLine, .stream) { { blackHole(try decodeLinesWithJSONDecoder(path: path) { blackHole($0) }) } },
            Contender(Library.yajl, .stream) { { blackHole(try YajlFloor.parseStream(path: path)) } },
            Contender(Library.yajlParallel, .stream, workers: workers) {
                { blackHole(try YajlFloor.parseStreamInParallel(path: path, threads: workers)) }
            },
        ]
    }

    static var entry: CorpusEntry {
        CorpusEntry(file: file, contenderIDs: contenders(path: "").map(\.id)) {
            let path = try generatedPath()
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            var suite = FileSuite(file: file, data: Data(), bytes: bytes, recordNoun: "statuses", weight: 1,
                                  origin: "\(file): twitter.json's 100 statuses, one per line, repeated to \(bytes) bytes",
                                  contenders: contenders(path: path), release: {}) { verify(path: path) }
            // A round reads 100 MB four times (JSONDecoder alone takes seconds): three rounds will do.
            suite.minRounds = 3
            return .success(suite)
        }
    }

    /// The file, generated on first use in this process tree.
    private static func generatedPath() throws -> String {
        if let inherited = ProcessInfo.processInfo.environment[environmentKey], FileManager.default.fileExists(atPath: inherited) {
            return inherited
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-bench-\(getpid())-\(file)").path
        let lines = try statusLines()
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw StreamCorpusError(description: "cannot create \(path)")
        }
        defer { try? handle.close() }
        var written = 0
        var block = Data()
        while written < minimumBytes {
            for line in lines {
                block.append(contentsOf: line)
                block.append(UInt8(ascii: "\n"))
            }
            try handle.write(contentsOf: block)
            written += block.count
            block.removeAll(keepingCapacity: true)
        }
        setenv(environmentKey, path, 1)
        return path
    }

    /// Removes the file this process generated (probe children leave their parent's alone).
    static func removeGeneratedFile() {
        guard let path = ProcessInfo.processInfo.environment[environmentKey],
              path.contains("jsonmapper-bench-\(getpid())-") else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// twitter.json's statuses, each minified.
    private static func statusLines() throws -> [[UInt8]] {
        let minified = minify(Array(try CorpusFile.twitter.data()))
        let key = Array("{\"statuses\":[".utf8)
        guard minified.starts(with: key) else { throw StreamCorpusError(description: "twitter.json does not start with its statuses") }
        var lines: [[UInt8]] = []
        var depth = 0, start = key.count, inString = false, escaped = false
        for index in key.count..<minified.count {
            let byte = minified[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return lines }
                depth -= 1
                if depth == 0 { lines.append(Array(minified[start...index])) }
            case UInt8(ascii: ","): if depth == 0 { start = index + 1 }
            default: break
            }
        }
        throw StreamCorpusError(description: "twitter.json's statuses array is not closed")
    }

    /// The bytes without the whitespace between tokens.
    private static func minify(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                continue
            }
            out.append(byte)
        }
        return out
    }

    // MARK: Contenders

    /// Decodes every line with JSONMapper's record stream; returns the number of records.
    static func decodeRecords(path: String, workers: Int, _ each: (TwitterStatus) -> Void = { blackHole($0) }) throws -> Int {
        var rejected: JSONRecordRejection?
        let records = JSONRecordDecoder(workers: workers).records(TwitterStatus.self, from: .file(path)) { rejected = rejected ?? $0 }
        var count = 0
        for result in records {
            // Bound first, so that the value is lent to `each` rather than copied out of a temporary.
            let record = try result.get()
            each(record.value)
            count += 1
        }
        if let rejected { throw rejected }
        return count
    }

    /// Decodes every line of the file read as 64 KiB async chunks, on `workers` workers; returns
    /// the number of records.
    static func decodeAsyncChunks(path: String, workers: Int, _ each: @escaping @Sendable (TwitterStatus) -> Void = { blackHole($0) }) throws -> Int {
        try SmallChunkStream.decodeJSONLines(TwitterStatus.self, from: { FileChunks(path: path) }, workers: workers, each)
    }

    /// Decodes every line on `workers` workers, each status reduced there to its text's length
    /// in UTF-8 bytes; returns the number of records and the sum of the lengths.
    static func textLengths(path: String, workers: Int) throws -> (records: Int, textBytes: Int) {
        var rejected: JSONRecordRejection?
        let length: @Sendable (TwitterStatus) throws(JSONMapperError) -> Int = { status in status.text.utf8.count }
        let lengths = JSONRecordDecoder(workers: workers).records(TwitterStatus.self, from: .file(path), transform: length) {
            rejected = rejected ?? $0
        }
        var total = (records: 0, textBytes: 0)
        for result in lengths {
            total.records += 1
            total.textBytes += try result.get().value
        }
        if let rejected { throw rejected }
        return total
    }

    /// The columns of the rows contender: a key path, an int, a count, a bool, two strings.
    static let rowSchema = try! JSONSchema(columns: [
        JSONColumn("id", path: "id", type: .int, required: true),
        JSONColumn("user", path: "user.screen_name"),
        JSONColumn("text", path: "text"),
        JSONColumn("retweets", path: "retweet_count", type: .int),
        JSONColumn("hashtags", path: "entities.hashtags", type: .count),
        JSONColumn("favorited", path: "favorited", type: .bool),
    ])

    /// Every line as a CSV row of ``rowSchema``, formatted a block at a time on one worker
    /// (`jsonmap`'s record path); returns the records and the bytes of CSV.
    static func csvRows(path: String) throws -> (records: Int, bytes: Int) {
        var rejected: JSONRecordRejection?
        let runs = JSONRecordDecoder(workers: 1).rowRuns(rowSchema, as: .csv, from: .file(path)) { rejected = rejected ?? $0 }
        var total = (records: 0, bytes: 0)
        for result in runs {
            let run = try result.get().value
            total.records += run.records
            total.bytes += run.rows.count
        }
        if let rejected { throw rejected }
        return total
    }

    /// Reads the file in chunks, cuts lines at `\n`, decodes each with one `JSONDecoder`.
    static func decodeLinesWithJSONDecoder(path: String, _ each: (TwitterStatus) -> Void) throws -> Int {
        guard let file = FileHandle(forReadingAtPath: path) else { throw StreamCorpusError(description: "cannot open \(path)") }
        defer { try? file.close() }
        let decoder = JSONDecoder()
        var pending: [UInt8] = []
        var count = 0
        func decodeLines(final: Bool) throws {
            var start = 0
            try pending.withUnsafeBytes { bytes in
                while start < bytes.count {
                    let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start)
                    guard newline != nil || final else { break }
                    let end = newline.map { UnsafeRawPointer($0) - bytes.baseAddress! } ?? bytes.count
                    if end > start {
                        each(try decoder.decode(TwitterStatus.self, from: Data(bytes[start..<end])))
                        count += 1
                    }
                    start = end + 1
                }
            }
            pending.removeFirst(min(start, pending.count))
        }
        while let chunk = try file.read(upToCount: 256 * 1024), !chunk.isEmpty {
            pending.append(contentsOf: chunk)
            try decodeLines(final: false)
        }
        try decodeLines(final: true)
        return count
    }

    // MARK: Check

    private static func countLines(path: String) throws -> Int {
        guard let file = FileHandle(forReadingAtPath: path) else { throw StreamCorpusError(description: "cannot open \(path)") }
        defer { try? file.close() }
        var lines = 0
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                var cursor = bytes.baseAddress!
                let end = cursor + bytes.count
                while cursor < end, let newline = memchr(cursor, 0x0A, end - cursor) {
                    lines += 1
                    cursor = UnsafeRawPointer(newline) + 1
                }
            }
        }
        return lines
    }

    /// Every record of JSONMapper, with one worker and with several, == JSONDecoder's decoding
    /// of the same line (the file repeats the statuses, so JSONDecoder decodes each once);
    /// every contender sees as many records as the file has lines.
    static func verify(path: String) -> VerificationResult {
        var result = VerificationResult()
        do {
            let decoder = JSONDecoder()
            let expected = try statusLines().map { try decoder.decode(TwitterStatus.self, from: Data($0)) }
            let lines = try countLines(path: path)
            var mismatches = 0
            for workers in [1, max(2, ProcessInfo.processInfo.activeProcessorCount)] {
                var index = 0
                let count = try decodeRecords(path: path, workers: workers) { status in
                    if status != expected[index % expected.count] { mismatches += 1 }
                    index += 1
                }
                if count != lines { result.failures.append("\(file): JSONMapper with \(workers) workers read \(count) records of \(lines) lines") }
            }
            if mismatches > 0 { result.failures.append("\(file): \(mismatches) records differ between JSONMapper and JSONDecoder") }
            let asyncStatuses = SmallChunkStream.Collected<TwitterStatus>()
            let asyncCount = try decodeAsyncChunks(path: path, workers: 2) { asyncStatuses.append($0) }
            let asyncDiffering = asyncStatuses.all.enumerated().filter { $0.element != expected[$0.offset % expected.count] }.count
            if asyncCount != lines || asyncDiffering > 0 {
                result.failures.append("\(file): the async chunks gave \(asyncCount) records of \(lines) lines, \(asyncDiffering) differing")
            }
            let rows = try csvRows(path: path)
            if rows.records != lines { result.failures.append("\(file): JSONMapper-rows read \(rows.records) records of \(lines) lines") }
            let lengths = try textLengths(path: path, workers: max(2, ProcessInfo.processInfo.activeProcessorCount))
            let expectedLength = (0..<lines).reduce(0) { $0 + expected[$1 % expected.count].text.utf8.count }
            if lengths != (lines, expectedLength) {
                result.failures.append("\(file): the transform read \(lengths.records) records, \(lengths.textBytes) text bytes; expected \(lines), \(expectedLength)")
            }
            let perLine = try decodeLinesWithJSONDecoder(path: path) { blackHole($0) }
            if perLine != lines { result.failures.append("\(file): JSONDecoder-per-line decoded \(perLine) records of \(lines) lines") }
            let floor = try YajlFloor.parseStream(path: path)
            if floor.values != lines { result.failures.append("\(file): yajl saw \(floor.values) values in \(lines) lines") }
            let shared = try YajlFloor.parseStreamInParallel(path: path, threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
            if shared.values != lines || shared.counts != floor.counts {
                result.failures.append("\(file): yajl on several threads saw \(shared.values) values in \(lines) lines, counts \(shared.counts == floor.counts ? "equal" : "different")")
            }
            result.records = lines
        } catch {
            result.failures.append("\(file): \(error)")
        }
        return result
    }
}

struct StreamCorpusError: Error, CustomStringConvertible {
    let description: String
}

/// A file's bytes as an `AsyncSequence` of 64 KiB chunks, each read when the consumer asks for
/// the next: a source with the backpressure of a request body, over bytes already on disk.
/// Each chunk is read straight into its array, as a server's body arrives in buffers it owns.
struct FileChunks: AsyncSequence, Sendable {
    let path: String
    let chunkSize = 65_536

    final class AsyncIterator: AsyncIteratorProtocol {
        private let handle: FileHandle?
        private let chunkSize: Int

        init(path: String, chunkSize: Int) {
            handle = FileHandle(forReadingAtPath: path)
            self.chunkSize = chunkSize
        }

        deinit { try? handle?.close() }

        func next() async throws -> [UInt8]? {
            guard let handle else { throw StreamCorpusError(description: "cannot open the stream file") }
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { room, count in
                let read = Foundation.read(handle.fileDescriptor, room.baseAddress, room.count)
                failed = read < 0
                count = Swift.max(read, 0)
            }
            if failed { throw StreamCorpusError(description: "cannot read the stream file: errno \(errno)") }
            return chunk.isEmpty ? nil : chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(path: path, chunkSize: chunkSize) }
}
