import Foundation
import Testing

/// gzip and zstd input and output of `jsonmap convert`. Compressed files are made and read
/// back by the `gzip` and `zstd` tools, and compared with the uncompressed run's output.
@Suite struct CompressionTests {
    static let fields = ["--field", "id=id:int!", "--field", "name=name"]

    /// `count` records, the ids in `rejected` strings the int column rejects.
    static func lines(_ count: Int, rejected: Set<Int> = []) -> String {
        (1...count).map { id in
            rejected.contains(id) ? "{\"id\":\"x\(id)\",\"name\":\"n\(id)\"}\n" : "{\"id\":\(id),\"name\":\"n\(id)\"}\n"
        }.joined()
    }

    static func csv(_ ids: some Sequence<Int>) -> String {
        "id,name\n" + ids.map { "\($0),n\($0)\n" }.joined()
    }

    @Test(arguments: ["gzip", "zstd"])
    func compressedFilesAreReadByContent(tool: String) throws {
        let runner = try JsonmapRunner()
        let text = Self.lines(2000, rejected: [7, 1500])
        // The name says nothing: the content decides.
        try Data(try Self.compress(Array(text.utf8), tool)).write(to: URL(fileURLWithPath: runner.path("events.data")))
        let result = try runner.run(["convert", "events.data", "--to", "csv", "--rejects", "r.jsonl"] + Self.fields)
        #expect(result.status == 1)
        #expect(result.stdout == Self.csv((1...2000).filter { $0 != 7 && $0 != 1500 }))
        #expect(result.stderr.contains("2000 records read, 1998 written, 2 rejected"))
        // Rejects are placed in the decompressed bytes.
        let rejects = runner.read("r.jsonl") ?? ""
        let offset = Self.lines(6).utf8.count
        #expect(rejects.contains("\"line\":7,\"offset\":\(offset),"))
        #expect(rejects.contains("\"line\":1500,"))
    }

    @Test func concatenatedGzipMembersAreOneInput() throws {
        let runner = try JsonmapRunner()
        let first = try Self.compress(Array(Self.lines(3).utf8), "gzip")
        let second = try Self.compress(Array("{\"id\":4,\"name\":\"n4\"}\n".utf8), "gzip")
        try Data(first + second).write(to: URL(fileURLWithPath: runner.path("in.gz")))
        let result = try runner.run(["convert", "in.gz", "--to", "csv"] + Self.fields)
        #expect(result.status == 0)
        #expect(result.stdout == Self.csv(1...4))
    }

    @Test(arguments: ["gzip", "zstd"])
    func compressedStandardInputIsRead(tool: String) throws {
        let runner = try JsonmapRunner()
        let compressed = try Self.compress(Array(Self.lines(500).utf8), tool)
        // Standard input as a file, then as a pipe (which cannot be looked at before reading).
        try Data(compressed).write(to: URL(fileURLWithPath: runner.path("in.z")))
        let fromFile = try runner.start(["convert", "--to", "csv"] + Self.fields, stdinHandle: FileHandle(forReadingAtPath: runner.path("in.z")))
        fromFile.waitUntilExit()
        #expect(try runner.result(of: fromFile).stdout == Self.csv(1...500))

        let pipe = Pipe()
        let fromPipe = try runner.start(["convert", "--to", "csv", "-"] + Self.fields, stdinHandle: pipe.fileHandleForReading)
        pipe.fileHandleForWriting.write(Data(compressed))
        try pipe.fileHandleForWriting.close()
        fromPipe.waitUntilExit()
        let result = try runner.result(of: fromPipe)
        #expect(result.status == 0)
        #expect(result.stdout == Self.csv(1...500))
    }

    @Test(arguments: ["gzip", "zstd"])
    func anEmptyCompressedFileHasNoRecords(tool: String) throws {
        let runner = try JsonmapRunner()
        try Data(try Self.compress([], tool)).write(to: URL(fileURLWithPath: runner.path("empty.z")))
        let result = try runner.run(["convert", "empty.z", "--to", "csv"] + Self.fields)
        #expect(result.status == 0)
        #expect(result.stdout == "id,name\n")
        #expect(result.stderr.contains("0 records read, 0 written, 0 rejected"))
    }

    @Test(arguments: ["gzip", "zstd"])
    func aTruncatedInputIsReportedWithItsCompressedOffset(tool: String) throws {
        let runner = try JsonmapRunner()
        let compressed = try Self.compress(Array(Self.lines(20000).utf8), tool)
        let cut = compressed.prefix(compressed.count / 2)
        try Data(cut).write(to: URL(fileURLWithPath: runner.path("cut.z")))
        try runner.write("other.jsonl", "{\"id\":99999,\"name\":\"n99999\"}\n")
        let run = try runner.run(["convert", "cut.z", "other.jsonl", "--to", "csv"] + Self.fields)
        #expect(run.status == 3)
        #expect(run.stderr.contains("jsonmap: cut.z: reading stopped at byte "))
        #expect(run.stderr.contains(" of the decompressed stream: corrupt compressed input in cut.z at compressed byte \(cut.count): "
                                    + "the compressed stream is truncated"))
        // Every record before the cut was written, in order, then the next input's.
        let rows = run.stdout.split(separator: "\n").dropFirst().map { Int($0.split(separator: ",")[0])! }
        #expect(rows.count > 1000)
        #expect(rows.last == 99999)
        #expect(Array(rows.dropLast()) == Array(1...(rows.count - 1)))
        #expect(run.stderr.contains("\(rows.count) records read, \(rows.count) written, 0 rejected"))
    }

    @Test(arguments: ["gzip", "zstd"])
    func aCorruptInputIsReportedWithItsCompressedOffset(tool: String) throws {
        let runner = try JsonmapRunner()
        var compressed = try Self.compress(Array(Self.lines(20000).utf8), tool)
        let middle = compressed.count / 2
        for index in middle..<(middle + 64) { compressed[index] ^= 0x5A }
        try Data(compressed).write(to: URL(fileURLWithPath: runner.path("bad.z")))
        let result = try runner.run(["convert", "bad.z", "--to", "csv", "--rejects", "r.jsonl"] + Self.fields)
        #expect(result.status == 3)
        #expect(result.stderr.contains("corrupt compressed input in bad.z at compressed byte "))
        let written = result.stdout.split(separator: "\n").count - 1
        let rejected = (runner.read("r.jsonl") ?? "").split(separator: "\n").count
        #expect(result.stderr.contains("\(written + rejected) records read, \(written) written, \(rejected) rejected"))
    }

    @Test(arguments: [("csv", "gzip"), ("tsv", "zstd"), ("ndjson", "gzip"), ("json", "zstd")])
    func outputIsCompressedByItsName(format: String, tool: String) throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.lines(300, rejected: [5]))
        let plain = try runner.run(["convert", "in.jsonl", "--to", format] + Self.fields)
        let name = "out.\(format).\(tool == "gzip" ? "gz" : "zst")"
        let rejectsName = "r.jsonl.\(tool == "gzip" ? "gz" : "zst")"
        let compressed = try runner.run(["convert", "in.jsonl", "--to", format, "-o", name, "--rejects", rejectsName] + Self.fields)
        #expect(compressed.status == 1)
        let output = try Data(contentsOf: URL(fileURLWithPath: runner.path(name)))
        #expect(try Self.decompress(Array(output), tool) == Array(plain.stdoutBytes))
        let rejects = try Data(contentsOf: URL(fileURLWithPath: runner.path(rejectsName)))
        #expect(String(decoding: try Self.decompress(Array(rejects), tool), as: UTF8.self).contains("\"line\":5,"))
        // Written atomically: nothing but the committed files is left.
        #expect(try runner.userFiles() == ["in.jsonl", name, rejectsName].sorted())
    }

    @Test func compressOptionCompressesStandardOutputAndRoundTrips() throws {
        let runner = try JsonmapRunner()
        let text = Self.lines(100)
        let result = try runner.run(["convert", "--to", "ndjson", "--compress", "zstd"] + Self.fields, stdin: text)
        #expect(result.status == 0)
        let ndjson = try Self.decompress(Array(result.stdoutBytes), "zstd")
        // The compressed output read back by jsonmap itself gives the same rows.
        try Data(try Self.compress(ndjson, "gzip")).write(to: URL(fileURLWithPath: runner.path("rows.gz")))
        let again = try runner.run(["convert", "rows.gz", "--to", "csv"] + Self.fields)
        #expect(again.stdout == Self.csv(1...100))
    }

    @Test func compressOptionMustAgreeWithTheName() throws {
        let runner = try JsonmapRunner()
        try runner.write("in.jsonl", Self.lines(1))
        let result = try runner.run(["convert", "in.jsonl", "--to", "csv", "-o", "out.csv.gz", "--compress", "zstd"] + Self.fields)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--compress zstd disagrees with the output's name out.csv.gz"))
        #expect(try runner.userFiles() == ["in.jsonl"])
    }

    // MARK: The tools

    static func compress(_ bytes: [UInt8], _ tool: String) throws -> [UInt8] {
        try run(tool == "gzip" ? ["gzip", "-c", "-n"] : ["zstd", "-q", "-c"], input: bytes)
    }

    static func decompress(_ bytes: [UInt8], _ tool: String) throws -> [UInt8] {
        try run(tool == "gzip" ? ["gzip", "-d", "-c"] : ["zstd", "-q", "-d", "-c"], input: bytes)
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
        guard process.terminationStatus == 0 else { throw JsonmapRunner.RunnerError(message: "\(arguments) failed") }
        return Array(output)
    }
}
