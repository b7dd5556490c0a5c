import Foundation

/// Where a command's bytes go: standard output, or a file written atomically. A file is
/// written under a temporary name in its own directory and renamed into place by
/// ``commit()``, so a run that fails, stops or is interrupted leaves no partial file (and an
/// existing file as it was): until then the temporary file is listed in ``TemporaryFiles``,
/// which removes it on every other way out of the process.
final class OutputFile {
    /// The name in messages: the path, or "standard output".
    let name: String
    /// What the file is, in messages: "output file", "rejects file".
    private let kind: String
    private let descriptor: Int32
    /// The temporary file and the final path, for a file.
    private let paths: (temporary: String, final: String)?

    private init(name: String, kind: String, descriptor: Int32, paths: (temporary: String, final: String)?) {
        self.name = name
        self.kind = kind
        self.descriptor = descriptor
        self.paths = paths
    }

    /// Standard output for `nil` or `-`; otherwise a temporary file next to `path`. `kind`
    /// names the file in messages.
    static func open(_ path: String?, kind: String = "output file") throws(CommandFailure) -> OutputFile {
        guard let path, path != "-" else { return OutputFile(name: "standard output", kind: kind, descriptor: STDOUT_FILENO, paths: nil) }
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let template = (directory.isEmpty ? "." : directory) + "/.\(base).jsonmap-XXXXXX"
        guard let (descriptor, temporary) = TemporaryFiles.shared.create(template) else {
            throw .usage("\(path): cannot create the \(kind): \(systemError())")
        }
        return OutputFile(name: path, kind: kind, descriptor: descriptor, paths: (temporary, path))
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
        defer { TemporaryFiles.shared.forget(paths.temporary) }
        // mkstemp makes the file 0600; an output file gets the usual permissions.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0, rename(paths.temporary, paths.final) == 0 else {
            let reason = systemError()
            unlink(paths.temporary)
            throw .usage("\(paths.final): cannot write the \(kind): \(reason)")
        }
    }

    /// Drops a file's contents: nothing is left under either name.
    func discard() {
        guard let paths else { return }
        close(descriptor)
        TemporaryFiles.shared.remove(paths.temporary)
    }
}

/// The temporary files of outputs not yet committed, removed on every way out of the process
/// but a commit: by ``Jsonmap/main()`` whatever error ends the run, and here on SIGINT, SIGTERM
/// and SIGHUP, unless ignored when the process started (then the process exits with the usual
/// status for the signal, 128 + its number).
/// The signals are handled on a dispatch queue, not in a signal handler, so the cleanup may
/// lock and call anything.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    // `paths` is read and written under the lock.
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [any DispatchSourceSignal] = []

    private init() {
        // A closed pipe downstream makes writes fail (and the run discard its files) rather
        // than killing the process with files left behind.
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // A signal ignored from the start stays ignored (`nohup`, a shell's background job).
            guard !Self.isIgnored(signal(signalNumber, SIG_IGN)) else { continue }
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [unowned self] in self.exit(signal: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    private static func isIgnored(_ handler: __sighandler_t?) -> Bool {
        handler.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Creates a file from a `mkstemp` template and lists it, under the lock, so that a
    /// signal cannot come between the two; its descriptor and path, or `nil` (see `errno`).
    func create(_ template: String) -> (descriptor: Int32, path: String)? {
        var bytes = Array(template.utf8CString)
        lock.lock()
        defer { lock.unlock() }
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        paths.insert(path)
        return (descriptor, path)
    }

    /// Takes a committed file off the list.
    func forget(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Removes a file and takes it off the list.
    func remove(_ path: String) {
        lock.lock()
        unlink(path)
        paths.remove(path)
        lock.unlock()
    }

    /// Removes every listed file.
    func removeAll() {
        lock.lock()
        for path in paths { unlink(path) }
        paths = []
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
