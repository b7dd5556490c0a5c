import Foundation
import JSONMapper
import Testing

/// Runs the built `jsonmap` executable as a subprocess, in a scratch directory of its own,
/// removed with the runner.
///
/// The binary is the one `swift build` / `swift test` put next to the test bundle; when it is
/// not there (a test target built alone), it is built once with `swift build --product jsonmap`.
final class JsonmapRunner {
    /// What a run gave back.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    /// A fresh directory for one test's files.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmap-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of a file in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of the files in the directory, sorted (hidden ones included).
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs `jsonmap` with `arguments` in the directory, `stdin` as standard input (none:
    /// empty input).
    func run(_ arguments: [String], stdin: String = "") throws -> Result {
        let process = try start(arguments, stdin: stdin)
        process.waitUntilExit()
        return try result(of: process)
    }

    /// Starts `jsonmap` without waiting; ``result(of:)`` collects what it wrote (standard
    /// output only when it goes to the runner's file, not to `stdoutHandle`).
    func start(_ arguments: [String], stdin: String = "", stdinHandle: FileHandle? = nil, stdoutHandle: FileHandle? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let stdinHandle {
            process.standardInput = stdinHandle
        } else {
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: path(".stdin")))
            process.standardInput = FileHandle(forReadingAtPath: path(".stdin"))
        }
        _ = FileManager.default.createFile(atPath: path(".stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: path(".stderr"), contents: nil)
        process.standardOutput = stdoutHandle ?? FileHandle(forWritingAtPath: path(".stdout"))
        process.standardError = FileHandle(forWritingAtPath: path(".stderr"))
        try process.run()
        return process
    }

    func result(of process: Process) throws -> Result {
        let stdout = FileManager.default.contents(atPath: path(".stdout")) ?? Data()
        let stderr = FileManager.default.contents(atPath: path(".stderr")) ?? Data()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: stdout)
    }

    /// The files a test wrote itself, and the runner's, removed.
    func userFiles() throws -> [String] {
        try files().filter { ![".stdin", ".stdout", ".stderr"].contains($0) }
    }

    // MARK: The executable

    /// The package's root, from this file's place in it.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The located binary, behind a lock: tests run in parallel.
    private static let located = LockedBox<URL?>(nil)

    /// The `jsonmap` binary of the build these tests belong to.
    static func binary() throws -> URL {
        try located.withLockedValue { (cached: inout URL?) throws -> URL in
            if let cached { return cached }
            let found = try locate()
            cached = found
            return found
        }
    }

    private static func locate() throws -> URL {
        // The test bundle lives in the build's products directory, next to the executables.
        let bundle = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let candidate = bundle.deletingLastPathComponent().appendingPathComponent("jsonmap")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--product", "jsonmap", "--package-path", packageRoot.path]
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw RunnerError(message: "jsonmap is not built at \(candidate.path) and swift build failed")
        }
        return candidate
    }

    struct RunnerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
