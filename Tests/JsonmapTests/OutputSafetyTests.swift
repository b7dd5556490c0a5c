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

    @Test(arguments: [SIGINT, SIGTERM])
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
        process.waitUntilExit()
        try? pipe.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signal)
        #expect(try runner.userFiles() == [])
    }
}
