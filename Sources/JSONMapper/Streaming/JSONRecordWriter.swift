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
/// Writing to a path is atomic: the output goes to a hidden temporary file next to it, which
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
        /// A file that appears at its path when finished.
        case file(AtomicFile)

        /// Writes all of `bytes`; the system's message when that fails.
        func write(_ bytes: [UInt8]) -> String? {
            switch self {
            case .handle(let handle):
                let file = FileDescriptor(raw: handle.fileDescriptor)
                let written = bytes.withUnsafeBytes { bytes in Result { () throws(FileDescriptor.Failure) in try file.write(bytes) } }
                if case .failure(let error) = written { return error.message }
            case .file(let file):
                do throws(AtomicFile.Failure) { try file.write(bytes) } catch { return error.message }
            }
            return nil
        }

        var name: String {
            switch self {
            case .handle: "the file handle"
            case .file(let file): file.path
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
        do throws(AtomicFile.Failure) {
            destination = .file(try AtomicFile(replacing: path))
        } catch {
            throw .ioFailed(reason: "cannot create a file beside \(path): \(error.message)")
        }
        writer = Self.makeWriter(format: format, options: options, bufferSize: self.bufferSize)
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
        guard case .file(let file) = destination else { return }
        do throws(AtomicFile.Failure) {
            try file.commit()
        } catch {
            throw fail(.ioFailed(reason: "cannot finish \(file.path): \(error.message)"))
        }
    }

    private func checkUsable() throws(JSONMapperError) {
        if let failure { throw failure }
        if isFinished { throw .ioFailed(reason: "the record writer for \(destination.name) has already finished") }
    }

    private func writeOut() throws(JSONMapperError) {
        if let message = destination.write(writer.bytes) {
            throw fail(.ioFailed(reason: "cannot write \(destination.name): \(message)"))
        }
        bytesWritten += writer.bytes.count
        writer.removeWrittenBytes()
    }

    private func fail(_ error: JSONMapperError) -> JSONMapperError {
        failure = error
        return error
    }
}
