import Foundation
import JSONMapper
import JSONMapperCompression

/// Where a command's bytes go: standard output, or a file written atomically. A file is
/// written through the library's ``AtomicFile`` (under a temporary name in its own directory,
/// renamed into place by ``commit()``), so a run that fails, stops or is interrupted leaves no
/// partial file (and an existing file as it was): until then the temporary file is listed in
/// ``TemporaryFiles``, which removes it on every other way out of the process.
///
/// Bytes may be compressed (gzip, zstd) on their way out; the compressed stream is ended by
/// ``commit()``, before the file is renamed into place.
final class OutputFile {
    /// The name in messages: the path, or "standard output".
    let name: String
    /// What the file is, in messages: "output file", "rejects file".
    private let kind: String
    /// The file, or `nil` for standard output.
    private let file: AtomicFile?
    /// What compresses the bytes, when they are compressed.
    private let compressor: ByteCompressor?

    private init(name: String, kind: String, file: AtomicFile?, compression: CompressionFormat?) throws(CommandFailure) {
        self.name = name
        self.kind = kind
        self.file = file
        do throws(JSONMapperError) {
            compressor = try compression.map { (format) throws(JSONMapperError) in try ByteCompressor(format) }
        } catch {
            throw .usage("\(name): cannot write the \(kind): \(error)")
        }
    }

    /// Standard output for `nil` or `-`; otherwise a temporary file next to `path`. `kind`
    /// names the file in messages. The bytes are compressed in `compression`, by default the
    /// format `path`'s extension names (`.gz`, `.zst`).
    static func open(_ path: String?, kind: String = "output file",
                     compression: CompressionFormat?? = nil) throws(CommandFailure) -> OutputFile {
        let compression = compression ?? path.flatMap(CompressionFormat.forFileName)
        guard let path, path != "-" else {
            return try OutputFile(name: "standard output", kind: kind, file: nil, compression: compression)
        }
        let file: AtomicFile
        do throws(AtomicFile.Failure) {
            file = try TemporaryFiles.shared.create(replacing: path)
        } catch {
            throw .usage("\(path): cannot create the \(kind): \(error.message)")
        }
        do throws(CommandFailure) {
            return try OutputFile(name: path, kind: kind, file: file, compression: compression)
        } catch {
            TemporaryFiles.shared.discard(file)
            throw error
        }
    }

    /// Whether this is standard output.
    var isStandardOutput: Bool { file == nil }

    /// Writes all of `bytes` (compressed, when the output is).
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        guard let compressor else { return try writeOut(bytes) }
        try writeOut(try compressed { () throws(JSONMapperError) in try compressor.compress(bytes) })
    }

    /// What `compress` returns, or a failure naming the file.
    private func compressed(_ compress: () throws(JSONMapperError) -> [UInt8]) throws(CommandFailure) -> [UInt8] {
        do throws(JSONMapperError) {
            return try compress()
        } catch {
            throw .usage("\(name): cannot write the \(kind): \(error)")
        }
    }

    /// Writes all of `bytes` as they are. Standard output closed by its reader ends the run
    /// quietly (``CommandFailure/closedOutput``).
    private func writeOut(_ bytes: [UInt8]) throws(CommandFailure) {
        guard let file else { return try StandardOutput.write(bytes) }
        do throws(AtomicFile.Failure) {
            try file.write(bytes)
        } catch {
            throw .usage("\(name): write failed: \(error.message)")
        }
    }

    /// Ends a compressed stream, and makes a file's contents visible under its name.
    func commit() throws(CommandFailure) {
        if let compressor {
            try writeOut(try compressed { () throws(JSONMapperError) in try compressor.finish() })
        }
        guard let file else { return }
        do throws(AtomicFile.Failure) {
            try TemporaryFiles.shared.commit(file)
        } catch {
            throw .usage("\(name): cannot write the \(kind): \(error.message)")
        }
    }

    /// Drops a file's contents: nothing is left under either name.
    func discard() {
        if let file { TemporaryFiles.shared.discard(file) }
    }
}

/// The process's standard output, written with the system's `write`.
enum StandardOutput {
    /// Writes all of `bytes`. A reader that closed the pipe (`EPIPE`) is
    /// ``CommandFailure/closedOutput``: what the run writes is no longer wanted.
    static func write(_ bytes: [UInt8]) throws(CommandFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw .closedOutput }
                throw .usage("standard output: write failed: \(systemError())")
            }
            offset += written
        }
    }
}

/// The temporary files of outputs not yet committed, removed on every way out of the process
/// but a commit: by ``Jsonmap/main()`` whatever error ends the run, and here on SIGINT, SIGTERM
/// and SIGHUP, unless ignored when the process started (then the process exits with the usual
/// status for the signal, 128 + its number).
/// The signals are handled on a dispatch queue, not in a signal handler, so the cleanup may
/// lock and call anything.
// Sendable: `paths` is a locked box, and `sources` (not Sendable) is set by `init` and never read.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    private let paths = LockedBox(Set<String>())
    /// Temporary directories, removed with all they hold (the lock of `paths` guards them too).
    private let directories = LockedBox(Set<String>())
    /// The handlers of the signals, kept for the life of the process.
    private let sources: [any DispatchSourceSignal]

    private init() {
        sources = [SIGINT, SIGTERM, SIGHUP].compactMap { (signalNumber) in
            // A signal ignored from the start stays ignored (`nohup`, a shell's background job).
            guard !Self.isIgnored(signal(signalNumber, SIG_IGN)) else { return nil }
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { TemporaryFiles.shared.exit(signal: signalNumber) }
            source.resume()
            return source
        }
    }

    private static func isIgnored(_ handler: __sighandler_t?) -> Bool {
        handler.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Creates the temporary file of `path` and lists it, under the lock, so that a signal
    /// cannot come between the two.
    func create(replacing path: String) throws(AtomicFile.Failure) -> AtomicFile {
        try paths.withLockedValue { (paths) throws(AtomicFile.Failure) in
            let file = try AtomicFile(replacing: path)
            paths.insert(file.temporaryPath)
            return file
        }
    }

    /// Moves a file into place and takes it off the list.
    func commit(_ file: AtomicFile) throws(AtomicFile.Failure) {
        try paths.withLockedValue { (paths) throws(AtomicFile.Failure) in
            paths.remove(file.temporaryPath)
            try file.commit()
        }
    }

    /// Removes a file and takes it off the list.
    func discard(_ file: AtomicFile) {
        paths.withLockedValue { (paths) in
            file.discard()
            paths.remove(file.temporaryPath)
        }
    }

    /// Creates a temporary directory beside `path` (`.<name>.jsonmap-XXXXXX`) and lists it,
    /// under the lock, so that a signal cannot come between the two.
    func createDirectory(beside path: String) throws(CommandFailure) -> String {
        try paths.withLockedValue { (_) throws(CommandFailure) in
            let slash = path.lastIndex(of: "/")
            let parent = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            var template = Array("\(parent).\(name).jsonmap-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw .usage("\(path): cannot create the output directory: \(systemError())")
            }
            let temporary = String(cString: made)
            directories.withLockedValue { _ = $0.insert(temporary) }
            return temporary
        }
    }

    /// Takes a directory off the list once it is renamed into place.
    func forgetDirectory(_ path: String) {
        paths.withLockedValue { (_) in directories.withLockedValue { _ = $0.remove(path) } }
    }

    /// Removes a directory with all it holds and takes it off the list.
    func discardDirectory(_ path: String) {
        paths.withLockedValue { (_) in
            try? FileManager.default.removeItem(atPath: path)
            directories.withLockedValue { _ = $0.remove(path) }
        }
    }

    /// Removes every listed file and directory.
    func removeAll() {
        paths.withLockedValue { (paths) in
            for path in paths { unlink(path) }
            paths = []
            removeDirectories()
        }
    }

    /// Removes every listed directory; called holding the lock of `paths`.
    private func removeDirectories() {
        directories.withLockedValue { (directories) in
            for path in directories { try? FileManager.default.removeItem(atPath: path) }
            directories = []
        }
    }

    /// Removes every listed file and ends the process, holding the lock so that no file is
    /// created or committed meanwhile.
    private func exit(signal signalNumber: Int32) {
        paths.withLockedValue { (paths) in
            for path in paths { unlink(path) }
            removeDirectories()
            _exit(128 + signalNumber)
        }
    }
}

/// The message for the current `errno`: "No such file or directory".
func systemError() -> String {
    String(cString: strerror(errno))
}
