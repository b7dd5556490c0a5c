import Foundation

/// Reads a ``JSONRecordSource`` into a framer, one chunk at a time, with `read(2)` straight
/// into the framer's buffer for files and handles. A file is opened on the first read and
/// closed when the reader is released. A filtered source, and a file read ahead, are read
/// from the queue of a ``ThreadedSourceReader`` (which runs the filter, or reads the file),
/// whose chunks the framer adopts.
final class SourceReader: JSONRecordByteReader {
    private let source: JSONRecordSource
    private let chunkSize: Int
    /// Whether a file path is read on a thread of its own, ahead of the framer.
    private let readsAheadOnThread: Bool
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

    /// A reader of `source` in chunks of `chunkSize` bytes. With `readsAheadOnThread`, a file
    /// path is read on a thread of its own while the caller works on what it read before: for
    /// a caller that decodes inline, whose reads would otherwise wait for the kernel's copy.
    init(_ source: JSONRecordSource, chunkSize: Int, readsAheadOnThread: Bool = false) {
        self.source = source
        self.chunkSize = max(chunkSize, 1)
        self.readsAheadOnThread = readsAheadOnThread
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
        case .path where readsAheadOnThread:
            return try readThreaded(into: room)
        case .path(let path):
            if file == nil {
                do throws(FileDescriptor.Failure) {
                    file = try FileDescriptor.open(forReading: path)
                    ownsFile = true
                } catch {
                    throw .ioFailed(reason: "cannot open \(path): \(error.message)")
                }
            }
            return try read(into: room, name: path)
        case .handle(let handle, let name):
            file = FileDescriptor(raw: handle.fileDescriptor)
            return try read(into: room, name: name)
        case .filtered:
            return try readThreaded(into: room)
        }
    }

    /// Whether the source is read on a thread of its own.
    private var readsOnThread: Bool {
        switch source.storage {
        case .path: readsAheadOnThread
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

    private func read(into room: UnsafeMutableRawBufferPointer, name: String) throws(JSONMapperError) -> Int {
        do throws(FileDescriptor.Failure) {
            return try file!.read(into: room)
        } catch {
            throw .ioFailed(reason: "cannot read \(name): \(error.message)")
        }
    }
}
