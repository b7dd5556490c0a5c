import Foundation

/// Type-checks Swift source against the `JSONMapper` module of the build these tests belong to,
/// for tests of the compiler's diagnostics: `swift build --build-tests` puts every module's
/// interface in `Modules/` next to the test bundle.
enum SwiftCompiler {
    struct Outcome {
        var status: Int32
        /// What the compiler wrote (diagnostics go to standard error).
        var output: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The package's root, from this file's place in it.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built modules: `Modules/` in the products directory, which holds the test bundle.
    static func modulesDirectory() throws -> URL {
        let bundle = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let modules = bundle.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("JSONMapper.swiftmodule").path) else {
            throw Failure(description: "no JSONMapper.swiftmodule in \(modules.path): build with `swift build --build-tests`")
        }
        return modules
    }

    /// Runs `swiftc -typecheck` on `source` (a file of its own, importing `JSONMapper`).
    static func typecheck(_ source: String) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try Data(source.utf8).write(to: file)
        let output = directory.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The C modules JSONMapper imports, CYajl and CYajlCallbacks, are found through their module
        // maps (CYajlCallbacks's header includes yajl's from the system include path).
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", file.path,
                             "-I", try modulesDirectory().path,
                             "-I", packageRoot.appendingPathComponent("Sources/CYajl").path,
                             "-I", packageRoot.appendingPathComponent("Sources/CYajlCallbacks/include").path]
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = String(decoding: FileManager.default.contents(atPath: output.path) ?? Data(), as: UTF8.self)
        return Outcome(status: process.terminationStatus, output: text)
    }
}
