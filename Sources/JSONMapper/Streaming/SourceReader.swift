import Foundation

/// Reads a ``JSONRecordSource`` into a framer, one chunk at a time. Files and handles are
/// read with `read(2)` straight into the framer's buffer, or (see ``FileReading``) a regular
/// file is mapped (``MappedFile``) and the framer cuts its blocks where the bytes lie; what a
/// mapped file gains past its size is read after. A file is opened on the first read and
/// closed when the reader is released. A filtered source, and a file read ahead, are read
/// from the queue of a ``ThreadedSourceReader`` (which runs the filter, or reads the file),
/// whose chunks the framer adopts.
final class SourceReader: JSONRecordByteReader {
    private let source: JSONRecordSource
    private let chunkSize: Int
    private let fileReading: FileReading
    private var file: FileDescriptor?
    private var ownsFile = false
    /// Bytes of an in-memory source handed on so far.
    private var position = 0
    private var isAtEnd = false
    /// The thread reading ahead (or running a filtered source's filter), and, for a caller of
    /// ``read(into:)-(UnsafeMutableRawBufferPointer)`` (a filter of this reader's bytes), the
    /// chunk being copied out and how much of it has been.
    private var thread: ThreadedSourceReader?
    private var threadChunk: PooledChunk?
    private var threadChunkCopied = 0
    /// The mapped file, once mapped, and how much of it the framer has; `triedMapping` is
    /// false until the first read.
    private var mapping: MappedFile?
    private var mappedCount = 0
    private var triedMapping = false
    /// The size of the file read with `read(2)` when first read, if it is a regular file.
    private var fileEnd: Int?
    private var measuredFile = false

    /// How a regular file reaches the framer.
    enum FileReading {
        /// With `read(2)` on the caller's thread.
        case onCaller
        /// A file path: on a thread of its own, while the caller works on what it read before.
        case aheadOnThread
        /// Mapped, a path or a handle: no thread copies it.
        case mapped
    }

    /// A reader of `source` in chunks of `chunkSize` bytes, its regular files read as
    /// `fileReading` says.
    init(_ source: JSONRecordSource, chunkSize: Int, fileReading: FileReading = .onCaller) {
        self.source = source
        self.chunkSize = max(chunkSize, 1)
        self.fileReading = fileReading
    }

    deinit {
        if ownsFile { try? file?.close() }
        thread?.close()
    }

    /// Reads the next chunk into `framer` (straight into its buffer), or ends its input at the
    /// end of the source or where reading failed. Returns the number of bytes read.
    @discardableResult
    func read(into framer: RecordFramer) -> Int {
        do throws(JSONMapperError) {
            let count: Int
            if isAtEnd {
                count = 0
            } else if readsOnThread, threadChunk == nil {
                count = try adoptThreadChunk(into: framer)
            } else if fileReading == .mapped, let mapping = try mapped() {
                count = try adoptWindow(of: mapping, into: framer)
            } else {
                count = try read(into: framer.reserve(chunkSize))
                framer.commit(count)
            }
            if count == 0 { framer.endInput() }
            return count
        } catch {
            framer.endInput(failure: error)
            return 0
        }
    }

    /// Reads up to ``chunkSize`` bytes into `buffer`; 0 at the end of the source.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        guard !isAtEnd else { return 0 }
        let room = UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(chunkSize))
        do throws(JSONMapperError) {
            let count = try readChunk(into: room)
            if count == 0 { isAtEnd = true }
            return count
        } catch {
            isAtEnd = true
            throw error
        }
    }

    private func readChunk(into room: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        switch source.storage {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { copy(from: $0, into: room) }
        case .data(let data):
            return data.withUnsafeBytes { copy(from: $0, into: room) }
        case .path where fileReading == .aheadOnThread:
            return try readThreaded(into: room)
        case .path(let path):
            if file == nil {
                file = try open(path)
                ownsFile = true
            }
            return try read(into: room, name: path)
        case .handle(let handle, let name):
            file = FileDescriptor(raw: handle.fileDescriptor)
            return try read(into: room, name: name)
        case .filtered:
            return try readThreaded(into: room)
        }
    }

    /// The source's file, mapped on the first call; `nil` when the source is no file that
    /// maps (see ``FileMapping/init(_:)``), and once the framer has every mapped byte (the
    /// file is then read on, from where the mapping ends).
    private func mapped() throws(JSONMapperError) -> MappedFile? {
        if !triedMapping {
            triedMapping = true
            switch source.storage {
            case .path(let path):
                file = try open(path)
                ownsFile = true
            case .handle(let handle, _):
                file = FileDescriptor(raw: handle.fileDescriptor)
            case .bytes, .data, .filtered:
                return nil
            }
            mapping = file.flatMap { MappedFile($0, name: sourceName) }
        }
        guard let mapping, mappedCount < mapping.bytes.count else { return nil }
        return mapping
    }

    /// Hands `framer` the file's next chunk where it lies. Ends the stream with an error when
    /// the file has lost bytes since it was mapped: they would read as zeros.
    private func adoptWindow(of mapping: MappedFile, into framer: RecordFramer) throws(JSONMapperError) -> Int {
        if let truncation = mapping.truncation { throw truncation }
        let count = min(chunkSize, mapping.bytes.count - mappedCount)
        framer.adopt(mapping, from: mappedCount, count: count)
        mappedCount += count
        mapping.seek(to: mappedCount)
        if mappedCount == mapping.bytes.count, let truncation = mapping.truncation { throw truncation }
        return count
    }

    private var sourceName: String {
        switch source.storage {
        case .path(let path): path
        case .handle(_, let name): name
        case .bytes, .data, .filtered: "the source"
        }
    }

    private func open(_ path: String) throws(JSONMapperError) -> FileDescriptor {
        do throws(FileDescriptor.Failure) {
            return try FileDescriptor.open(forReading: path)
        } catch {
            throw .ioFailed(reason: "cannot open \(path): \(error.message)")
        }
    }

    /// Whether the source is read on a thread of its own.
    private var readsOnThread: Bool {
        switch source.storage {
        case .path: fileReading == .aheadOnThread
        case .filtered: true
        case .bytes, .data, .handle: false
        }
    }

    /// The thread's next chunk, handed to `framer` whole; 0 at the end of the source.
    private func adoptThreadChunk(into framer: RecordFramer) throws(JSONMapperError) -> Int {
        do throws(JSONMapperError) {
            guard let chunk = try threadReader(pool: framer.bufferPool).nextWaiting() else {
                isAtEnd = true
                return 0
            }
            framer.adopt(chunk)
            return chunk.count
        } catch {
            isAtEnd = true
            throw error
        }
    }

    /// The thread's next bytes, copied into `room`.
    private func readThreaded(into room: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        if threadChunk == nil {
            guard let chunk = try threadReader(pool: BlockBufferPool(capacity: chunkSize, limit: 1)).nextWaiting() else { return 0 }
            threadChunk = chunk
            threadChunkCopied = 0
        }
        let bytes = threadChunk!.bytes
        let count = min(room.count, bytes.count - threadChunkCopied)
        room.baseAddress!.copyMemory(from: bytes.baseAddress! + threadChunkCopied, byteCount: count)
        threadChunkCopied += count
        if threadChunkCopied == bytes.count { threadChunk = nil }
        return count
    }

    /// The thread, started on the first read, reading into `pool`'s buffers.
    private func threadReader(pool: @autoclosure () -> BlockBufferPool) -> ThreadedSourceReader {
        if let thread { return thread }
        let reader = ThreadedSourceReader(source, chunkSize: chunkSize, pool: pool())
        thread = reader
        return reader
    }

    private func copy(from bytes: UnsafeRawBufferPointer, into room: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(room.count, bytes.count - position)
        guard count > 0 else { return 0 }
        room.baseAddress!.copyMemory(from: bytes.baseAddress! + position, byteCount: count)
        position += count
        return count
    }

    /// Reads from the file; a regular file that ends before the size it had at the first read
    /// was truncated while it was read, which is an error, not the end of the stream.
    private func read(into room: UnsafeMutableRawBufferPointer, name: String) throws(JSONMapperError) -> Int {
        guard let file else { return 0 }
        if !measuredFile {
            measuredFile = true
            fileEnd = file.regularFileSize
        }
        let count: Int
        do throws(FileDescriptor.Failure) {
            count = try file.read(into: room)
        } catch {
            throw .ioFailed(reason: "cannot read \(name): \(error.message)")
        }
        if count == 0, let fileEnd, file.position < fileEnd { throw .truncated(name) }
        return count
    }
}

extension JSONMapperError {
    /// A file that lost bytes while a stream read it.
    static func truncated(_ name: String) -> JSONMapperError {
        .ioFailed(reason: "\(name) was truncated while it was read")
    }
}
