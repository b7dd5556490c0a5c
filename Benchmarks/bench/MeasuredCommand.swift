import Foundation

/// One run of an external command, timed from the outside, with its peak resident memory.
struct MeasuredRun {
    var seconds: Double
    /// Peak resident memory of the command's process in bytes, or nil where it cannot be measured.
    var peakRSSBytes: Int?
    var status: Int32
    var standardError: String
}

/// Runs commands the CLI comparison measures.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`), which forks the command from its
/// own small process: on Linux a child's `ru_maxrss` starts at the high-water mark of the
/// process it was forked or spawned from, so measuring from the bench itself would charge each
/// tool with the bench's memory. GNU time's own floor is about 1 MB.
enum MeasuredCommand {
    static let timeTool = "/usr/bin/time"
    static var canMeasureMemory: Bool { FileManager.default.isExecutableFile(atPath: timeTool) }

    /// Runs `arguments` (the first is the program, looked up in PATH) with stdin from
    /// `standardInput` (or /dev/null) and stdout into `standardOutput` (or /dev/null).
    static func run(_ arguments: [String], standardInput: String? = nil, standardOutput: String? = nil,
                    in directory: String) throws -> MeasuredRun {
        let rssFile = directory + "/rss-\(UUID().uuidString)"
        let errorFile = directory + "/stderr-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: rssFile)
            try? FileManager.default.removeItem(atPath: errorFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = (canMeasureMemory ? [timeTool, "-f", "%M", "-o", rssFile] : []) + arguments
        process.standardInput = try handle(reading: standardInput)
        process.standardOutput = try handle(writing: standardOutput)
        process.standardError = try handle(writing: errorFile)
        // Waited for through the termination handler: `waitUntilExit()` polls its run loop
        // every 50 ms on Linux, which would round each time up to that step.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        exited.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rssText = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
        // GNU time reports kilobytes; its last line holds the number (earlier lines say why a command failed).
        let kilobytes = rssText.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return MeasuredRun(seconds: seconds, peakRSSBytes: kilobytes.map { $0 * 1024 },
                           status: process.terminationStatus, standardError: errors)
    }

    /// Whether `program` is found in PATH.
    static func isInstalled(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    private static func handle(reading path: String?) throws -> FileHandle {
        guard let path else { return FileHandle.nullDevice }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CLIComparisonError("cannot read \(path)") }
        return handle
    }

    private static func handle(writing path: String?) throws -> FileHandle {
        guard let path else { return FileHandle.nullDevice }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIComparisonError("cannot write \(path)")
        }
        return handle
    }
}
