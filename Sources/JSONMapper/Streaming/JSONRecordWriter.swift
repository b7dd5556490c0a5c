import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writes values one at a time as JSON Lines or as one JSON array, to a file handle or a file,
/// through the same mappings and encoder as ``JSONMapper/encode(_:options:)``: an ingest →
/// transform → write pipeline never holds more than a buffer of output.
///
/// ```swift
/// let writer = try JSONRecordWriter(toFile: "out.jsonl")
/// for result in decoder.records(Event.self, from: .file("in.jsonl")) {
///     try writer.write(transform(try result.get().value))
/// }
/// try writer.finish()                 // flushes; the file appears only now
/// ```
///
/// Output is buffered and written when the buffer fills, on ``flush()`` and on ``finish()``.
/// A value that cannot be encoded throws and leaves nothing of itself in the output; the
/// writer goes on. After a write to the file fails, every later call throws that error.
///
/// Writing to a path is atomic: the output goes to a temporary file next to it, which
/// ``finish()`` renames into place; a writer released without finishing removes it.
public final class JSONRecordWriter {
    /// How the records are laid out.
    public enum Format: Sendable, Equatable {
        /// One compact JSON value per line, each line ended by `\n` (indentation options are
        /// ignored: a record must stay on its line).
        case jsonLines
        /// One JSON array holding every record (`[]` when there is none).
        case array
    }

    /// The layout being written.
    public let format: Format
    /// Records written so far (buffered ones included).
    public private(set) var recordsWritten = 0
    /// Bytes handed to the file so far (buffered ones not included).
    public private(set) var bytesWritten = 0

    private var writer: JSONWriter
    private let bufferSize: Int
    private let destination: Destination
    private var failure: JSONMapperError?
    private var isFinished = false

    /// Where the bytes go.
    private enum Destination {
        case handle(FileHandle)
        /// A temporary file (descriptor and path) to rename to `path` when finished.
        case file(descriptor: Int32, temporary: String, path: String)

        var descriptor: Int32 {
            switch self {
            case .handle(let handle): handle.fileDescriptor
            case .file(let descriptor, _, _): descriptor
            }
        }

        var name: String {
            switch self {
            case .handle: "the file handle"
            case .file(_, _, let path): path
            }
        }
    }

    /// A writer to an open file handle (a file, a pipe, standard output), left open.
    ///
    /// - Parameter bufferSize: Bytes gathered before each write to the handle.
    public init(to handle: FileHandle, format: Format = .jsonLines, options: EncodingOptions = EncodingOptions(),
                bufferSize: Int = 256 * 1024) {
        self.format = format
        self.bufferSize = max(bufferSize, 1)
        destination = .handle(handle)
        writer = Self.makeWriter(format: format, options: options, bufferSize: self.bufferSize)
    }

    /// A writer to the file at `path`, created or replaced when ``finish()`` succeeds.
    ///
    /// - Parameter bufferSize: Bytes gathered before each write to the file.
    public init(toFile path: String, format: Format = .jsonLines, options: EncodingOptions = EncodingOptions(),
                bufferSize: Int = 256 * 1024) throws(JSONMapperError) {
        self.format = format
        self.bufferSize = max(bufferSize, 1)
        let (descriptor, temporary) = try Self.createTemporaryFile(near: path)
        destination = .file(descriptor: descriptor, temporary: temporary, path: path)
        writer = Self.makeWriter(format: format, options: options, bufferSize: self.bufferSize)
    }

    deinit {
        if case .file(let descriptor, let temporary, _) = destination, !isFinished {
            close(descriptor)
            unlink(temporary)
        }
    }

    /// A new file next to `path` (same directory, so the final rename stays on one file
    /// system), created with the usual permissions.
    private static func createTemporaryFile(near path: String) throws(JSONMapperError) -> (Int32, String) {
        while true {
            let temporary = path + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST {
                throw .ioFailed(reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func makeWriter(format: Format, options: EncodingOptions, bufferSize: Int) -> JSONWriter {
        var options = options
        if format == .jsonLines { options.indentWidth = nil }
        var writer = JSONWriter(options: options, capacity: bufferSize + 4096)
        if format == .array { writer.beginArray() }
        return writer
    }

    /// Writes one record: `value` encoded through its mapping.
    public func write<Value: JSONMappableValue>(_ value: Value) throws(JSONMapperError) {
        try checkUsable()
        let mark = writer.mark
        do throws(JSONMapperError) {
            if format == .array { writer.element() }
            try valueReader(for: Value.self).write(value, to: &writer)
            if format == .jsonLines { writer.writeNewline() }
        } catch {
            writer.rewind(to: mark)
            throw error
        }
        recordsWritten += 1
        if writer.bytes.count >= bufferSize { try flush() }
    }

    /// Writes the buffered records to the file.
    public func flush() throws(JSONMapperError) {
        try checkUsable()
        try writeOut()
    }

    /// Ends the output: closes the array, writes what is buffered and, for a path, closes the
    /// file and moves it into place. The writer takes no more records.
    public func finish() throws(JSONMapperError) {
        try checkUsable()
        if format == .array {
            writer.endArray()
            writer.writeNewline()
        }
        try writeOut()
        isFinished = true
        guard case .file(let descriptor, let temporary, let path) = destination else { return }
        let closed = close(descriptor) == 0
        guard closed, rename(temporary, path) == 0 else {
            let reason = "cannot \(closed ? "move the output into place at" : "close") \(path): \(String(cString: strerror(errno)))"
            unlink(temporary)
            throw fail(.ioFailed(reason: reason))
        }
    }

    private func checkUsable() throws(JSONMapperError) {
        if let failure { throw failure }
        if isFinished { throw .ioFailed(reason: "the record writer for \(destination.name) has already finished") }
    }

    private func writeOut() throws(JSONMapperError) {
        let descriptor = destination.descriptor
        let error: Int32? = writer.bytes.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = writeDescriptorBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let error { throw fail(.ioFailed(reason: "cannot write \(destination.name): \(String(cString: strerror(error)))")) }
        bytesWritten += writer.bytes.count
        writer.removeWrittenBytes()
    }

    private func fail(_ error: JSONMapperError) -> JSONMapperError {
        failure = error
        return error
    }
}

/// `write(2)`, under a name the writer's own `write(_:)` does not hide.
private func writeDescriptorBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
