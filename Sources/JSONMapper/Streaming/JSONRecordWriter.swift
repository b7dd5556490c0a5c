import Foundation

/// Writes values one at a time as JSON Lines or as one JSON array, to a file handle or a file,
/// through the same mappings and encoder as ``JSONMapEncoder``: an ingest →
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
        /// A temporary file to rename to `path` when finished.
        case file(FileDescriptor, temporary: String, path: String)

        var file: FileDescriptor {
            switch self {
            case .handle(let handle): FileDescriptor(raw: handle.fileDescriptor)
            case .file(let file, _, _): file
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
    /// - Parameters:
    ///   - handle: The handle written to; the writer leaves it open.
    ///   - format: JSON Lines (one value per line) or one JSON array.
    ///   - options: How each value is encoded.
    ///   - bufferSize: Bytes gathered before each write to the handle.
    public init(to handle: FileHandle, format: Format = .jsonLines, options: EncodingOptions = EncodingOptions(),
                bufferSize: Int = 256 * 1024) {
        self.format = format
        self.bufferSize = max(bufferSize, 1)
        destination = .handle(handle)
        writer = Self.makeWriter(format: format, options: options, bufferSize: self.bufferSize)
    }

    /// A writer to the file at `path`, created or replaced when ``finish()`` succeeds.
    ///
    /// - Parameters:
    ///   - path: The file created or replaced; until ``finish()`` the bytes go to a temporary
    ///     file beside it.
    ///   - format: JSON Lines (one value per line) or one JSON array.
    ///   - options: How each value is encoded.
    ///   - bufferSize: Bytes gathered before each write to the file.
    public init(toFile path: String, format: Format = .jsonLines, options: EncodingOptions = EncodingOptions(),
                bufferSize: Int = 256 * 1024) throws(JSONMapperError) {
        self.format = format
        self.bufferSize = max(bufferSize, 1)
        let (file, temporary) = try Self.createTemporaryFile(near: path)
        destination = .file(file, temporary: temporary, path: path)
        writer = Self.makeWriter(format: format, options: options, bufferSize: self.bufferSize)
    }

    deinit {
        if case .file(let file, let temporary, _) = destination, !isFinished {
            try? file.close()
            FileDescriptor.remove(temporary)
        }
    }

    /// A new file next to `path` (same directory, so the final rename stays on one file
    /// system), created with the usual permissions.
    private static func createTemporaryFile(near path: String) throws(JSONMapperError) -> (FileDescriptor, String) {
        while true {
            let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            do throws(FileDescriptor.Failure) {
                return (try FileDescriptor.create(temporary), temporary)
            } catch where !error.exists {
                throw .ioFailed(reason: "cannot create \(temporary): \(error.message)")
            } catch {}
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
            try valueCodec(for: Value.self).write(value, to: &writer)
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
        guard case .file(let file, let temporary, let path) = destination else { return }
        do throws(FileDescriptor.Failure) {
            try file.close()
            try FileDescriptor.rename(temporary, to: path)
        } catch {
            FileDescriptor.remove(temporary)
            throw fail(.ioFailed(reason: "cannot finish \(path): \(error.message)"))
        }
    }

    private func checkUsable() throws(JSONMapperError) {
        if let failure { throw failure }
        if isFinished { throw .ioFailed(reason: "the record writer for \(destination.name) has already finished") }
    }

    private func writeOut() throws(JSONMapperError) {
        // (`withUnsafeBytes` rethrows untyped errors: the typed one crosses it as a Result.)
        let written = writer.bytes.withUnsafeBytes { bytes in
            Result { () throws(FileDescriptor.Failure) in try destination.file.write(bytes) }
        }
        if case .failure(let error) = written {
            throw fail(.ioFailed(reason: "cannot write \(destination.name): \(error.message)"))
        }
        bytesWritten += writer.bytes.count
        writer.removeWrittenBytes()
    }

    private func fail(_ error: JSONMapperError) -> JSONMapperError {
        failure = error
        return error
    }
}
