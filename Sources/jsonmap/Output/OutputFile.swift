import Foundation

/// Where a command's bytes go: standard output, or a file written atomically. A file is
/// written under a temporary name in its own directory and renamed into place by
/// ``commit()``, so a run that fails, stops or is interrupted leaves no partial file (and an
/// existing file as it was).
final class OutputFile {
    /// The name in messages: the path, or "standard output".
    let name: String
    private let descriptor: Int32
    /// The temporary file and the final path, for a file.
    private let paths: (temporary: String, final: String)?

    private init(name: String, descriptor: Int32, paths: (temporary: String, final: String)?) {
        self.name = name
        self.descriptor = descriptor
        self.paths = paths
    }

    /// Standard output for `nil` or `-`; otherwise a temporary file next to `path`.
    static func open(_ path: String?) throws(CommandFailure) -> OutputFile {
        guard let path, path != "-" else { return OutputFile(name: "standard output", descriptor: STDOUT_FILENO, paths: nil) }
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(base).jsonmap-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .usage("\(path): cannot create the output file: \(systemError())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Until it is committed, the file is removed if the process is interrupted.
        InterruptCleanup.shared.register(temporary)
        return OutputFile(name: path, descriptor: descriptor, paths: (temporary, path))
    }

    /// Whether this is standard output.
    var isStandardOutput: Bool { paths == nil }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .usage("\(name): write failed: \(systemError())")
            }
            offset += written
        }
    }

    /// Makes a file's contents visible under its name (standard output needs nothing).
    func commit() throws(CommandFailure) {
        guard let paths else { return }
        defer { InterruptCleanup.shared.unregister(paths.temporary) }
        // mkstemp makes the file 0600; an output file gets the usual permissions.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0, rename(paths.temporary, paths.final) == 0 else {
            let reason = systemError()
            unlink(paths.temporary)
            throw .usage("\(paths.final): cannot write the output file: \(reason)")
        }
    }

    /// Drops a file's contents: nothing is left under either name.
    func discard() {
        guard let paths else { return }
        close(descriptor)
        unlink(paths.temporary)
        InterruptCleanup.shared.unregister(paths.temporary)
    }
}

/// Removes the temporary files of uncommitted outputs when the process gets SIGINT or
/// SIGTERM (and turns a closed pipe into a write error), then exits with the usual status for the signal (128 + its number). The signals
/// are handled on a dispatch queue, not in a signal handler, so the cleanup may lock and
/// call anything.
final class InterruptCleanup: @unchecked Sendable {
    static let shared = InterruptCleanup()

    // `paths` is read and written under the lock.
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [any DispatchSourceSignal] = []

    private init() {
        // A closed pipe downstream makes writes fail (and the run discard its files) rather
        // than killing the process with files left behind.
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [unowned self] in self.exit(signal: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    func register(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    private func exit(signal signalNumber: Int32) {
        lock.lock()
        for path in paths { unlink(path) }
        _exit(128 + signalNumber)
    }
}

/// The message for the current `errno`: "No such file or directory".
func systemError() -> String {
    String(cString: strerror(errno))
}
