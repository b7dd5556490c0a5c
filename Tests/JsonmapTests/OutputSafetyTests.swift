import Foundation
import Testing

/// A failed or interrupted run leaves no partial output file, and an existing file as it was.
@Suite("jsonmap output files")
struct OutputSafetyTests {
    @Test func aStoppedRunKeepsTheOldFile() throws {
        let runner = try JsonmapRunner()
        try runner.write("out.csv", "old contents\n")
        try runner.write("in.json", #"[{"id":"1"}, {"di":"2"}, {"id":"3"}]"#)
        let result = try runner.run(["convert", "in.json", "--to", "csv", "-o", "out.csv", "--field", "id=id!", "--max-rejects", "1"])
        #expect(result.status == 1)
        #expect(runner.read("out.csv") == "old contents\n")
        #expect(try runner.userFiles() == ["in.json", "out.csv"])
    }

    /// The issue's case: the output is opened, then an input is missing.
    @Test func aMissingInputLeavesNoFile() throws {
        let runner = try JsonmapRunner()
        try runner.write("out.csv", "old contents\n")
        let result = try runner.run(["convert", "nosuch.jsonl", "--field", "a=a", "--to", "csv", "-o", "out.csv"])
        #expect(result.status == 2)
        #expect(result.stderr == "jsonmap: nosuch.jsonl: cannot open: No such file or directory\n")
        #expect(runner.read("out.csv") == "old contents\n")
        #expect(try runner.userFiles() == ["out.csv"])
    }

    /// A rejects file that cannot be created is named as such, and the output file begun
    /// before it is removed.
    @Test func aRejectsFileThatCannotBeCreatedLeavesNoFile() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--field", "a=a", "--to", "csv", "-o", "out.csv", "--rejects", "no/such/dir/bad.jsonl"],
                                    stdin: #"{"a":"1"}"#)
        #expect(result.status == 2)
        #expect(result.stderr == "jsonmap: no/such/dir/bad.jsonl: cannot create the rejects file: No such file or directory\n")
        #expect(try runner.userFiles() == [])
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedRunLeavesNoFile(signal: Int32) throws {
        let runner = try JsonmapRunner()
        let pipe = Pipe()
        let process = try runner.start(["convert", "--to", "csv", "-o", "out.csv", "--rejects", "bad.jsonl", "--field", "id=id!"],
                                       stdinHandle: pipe.fileHandleForReading)
        // Records keep coming and the input stays open, so the run is mid-way when the signal lands.
        pipe.fileHandleForWriting.write(Data(String(repeating: "{\"id\":\"1\"}\n{}\n", count: 1000).utf8))
        let deadline = Date().addingTimeInterval(20)
        while try runner.userFiles().filter({ $0.hasPrefix(".out.csv.jsonmap-") }).isEmpty, Date() < deadline { usleep(10_000) }
        #expect(try !runner.userFiles().isEmpty, "the temporary output file never appeared")
        usleep(100_000)
        kill(process.processIdentifier, signal)
        // A signal the run does not handle may leave it waiting for input: it is ended here
        // (and the test fails) rather than hanging the test.
        let exitDeadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < exitDeadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? pipe.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signal)
        #expect(try runner.userFiles() == [])
    }

    /// A reader that closes standard output early (`jsonmap … | head -c 1`) ends the run
    /// quietly with 128 + SIGPIPE, as `cat` ends; the rejects file is not committed.
    @Test func aReaderClosingStandardOutputEndsTheRunQuietly() throws {
        let runner = try JsonmapRunner()
        // Far more rows than a pipe holds, so writes go on after the reader has gone.
        try runner.write("in.jsonl", String(repeating: "{\"id\":\"12345678\",\"name\":\"a name of some length\"}\n{}\n", count: 50_000))
        let pipe = Pipe()
        let process = try runner.start(["convert", "in.jsonl", "--to", "csv", "--field", "id=id!", "--field", "name=name", "--rejects", "bad.jsonl"],
                                       stdoutHandle: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let first = try pipe.fileHandleForReading.read(upToCount: 1)
        #expect(first == Data("i".utf8))
        try pipe.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let result = try runner.result(of: process)
        #expect(process.terminationReason == .exit)
        #expect(result.status == 141)
        #expect(result.stderr == "")
        #expect(try runner.userFiles() == ["in.jsonl"])
    }

    /// An output file gets the permissions a new file gets from the umask, not the temporary
    /// file's own.
    @Test func aCommittedFileHasTheUsualPermissions() throws {
        let runner = try JsonmapRunner()
        let result = try runner.run(["convert", "--field", "id=id", "--to", "csv", "-o", "out.csv"], stdin: #"{"id":"1"}"#)
        #expect(result.status == 0)
        let mask = umask(0)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: runner.path("out.csv"))
        #expect((attributes[.posixPermissions] as? Int) == Int(0o666 & ~mask))
    }
}
