import Foundation
import JSONMapper
import JSONMapperCompression

/// Where a command's bytes go: standard output, or a file written atomically. A file is
/// written under a temporary name in its own directory and renamed into place by
/// ``commit()``, so a run that fails, stops or is interrupted leaves no partial file (and an
/// existing file as it was): until then the temporary file is listed in ``TemporaryFiles``,
/// which removes it on every other way out of the process.
///
/// Bytes may be compressed (gzip, zstd) on their way out; the compressed stream is ended by
/// ``commit()``, before the file is renamed into place.
final class OutputFile {
    /// The name in messages: the path, or "standard output".
    let name: String
    /// What the file is, in messages: "output file", "rejects file".
    private let kind: String
    private let descriptor: Int32
    /// The temporary file and the final path, for a file.
    private let paths: (temporary: String, final: String)?
    /// What compresses the bytes, when they are compressed.
    private let compressor: ByteCompressor?

    private init(name: String, kind: String, descriptor: Int32, paths: (temporary: String, final: String)?,
                 compression: CompressionFormat?) throws(CommandFailure) {
        self.name = name
        self.kind = kind
        self.descriptor = descriptor
        self.paths = paths
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
            return try OutputFile(name: "standard output", kind: kind, descriptor: STDOUT_FILENO, paths: nil, compression: compression)
        }
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let template = (directory.isEmpty ? "." : directory) + "/.\(base).jsonmap-XXXXXX"
        guard let (descriptor, temporary) = TemporaryFiles.shared.create(template) else {
            throw .usage("\(path): cannot create the \(kind): \(systemError())")
        }
        do throws(CommandFailure) {
            return try OutputFile(name: path, kind: kind, descriptor: descriptor, paths: (temporary, path), compression: compression)
        } catch {
            close(descriptor)
            TemporaryFiles.shared.remove(temporary)
            throw error
        }
    }

    /// Whether this is standard output.
    var isStandardOutput: Bool { paths == nil }

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

    /// Writes all of `bytes` as they are.
    private func writeOut(_ bytes: [UInt8]) throws(CommandFailure) {
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

    /// Ends a compressed stream, and makes a file's contents visible under its name.
    func commit() throws(CommandFailure) {
        if let compressor {
            try writeOut(try compressed { () throws(JSONMapperError) in try compressor.finish() })
        }
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
