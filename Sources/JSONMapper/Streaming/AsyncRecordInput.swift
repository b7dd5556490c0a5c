/// Where an asynchronous record stream's bytes come from: an asynchronous sequence of bytes or
/// of byte chunks, or a synchronous source read on a thread of its own.
class AsyncRecordInput {
    /// Puts the next bytes into `framer`, or ends its input at the end of the bytes or where
    /// reading failed. Returns the number of bytes added.
    func read(into framer: RecordFramer, isolation: isolated (any Actor)?) async -> Int {
        preconditionFailure("abstract")
    }

    /// Stops reading for good.
    func close() {}

    /// Whether reading never waits for a writer (see ``RecordStream/readsAhead``).
    var neverWaits: Bool { false }
}

/// An asynchronous sequence of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`):
/// bytes are gathered into the framer's buffer up to a chunk, or up to a line end, so that a
/// JSON Lines record is decoded as soon as its line is complete.
final class AsyncByteInput<Bytes: AsyncSequence>: AsyncRecordInput where Bytes.Element == UInt8 {
    private var iterator: Bytes.AsyncIterator
    private let chunkSize: Int

    init(_ bytes: Bytes, chunkSize: Int) {
        iterator = bytes.makeAsyncIterator()
        self.chunkSize = chunkSize
    }

    override func read(into framer: RecordFramer, isolation: isolated (any Actor)?) async -> Int {
        let room = framer.reserve(chunkSize)
        var count = 0
        do {
            while count < chunkSize, let byte = try await iterator.next(isolation: isolation) {
                room[count] = byte
                count += 1
                if byte == 0x0A { break }
            }
        } catch {
            framer.commit(count)
            framer.endInput(failure: .ioFailed(reason: "the byte sequence failed: \(error)"))
            return count
        }
        framer.commit(count)
        if count == 0 { framer.endInput() }
        return count
    }
}

/// An asynchronous sequence of byte chunks (`Data`, `[UInt8]`, a NIO-style stream of buffers).
final class AsyncChunkInput<Chunks: AsyncSequence>: AsyncRecordInput where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    private var iterator: Chunks.AsyncIterator

    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    override func read(into framer: RecordFramer, isolation: isolated (any Actor)?) async -> Int {
        do {
            // Empty chunks are skipped: only the end of the sequence ends the input.
            while let chunk = try await iterator.next(isolation: isolation) {
                let count = framer.bytesReceived
                if chunk.withContiguousStorageIfAvailable({ framer.append(UnsafeRawBufferPointer($0)) }) == nil {
                    framer.append(Array(chunk))
                }
                if framer.bytesReceived > count { return framer.bytesReceived - count }
            }
            framer.endInput()
        } catch {
            framer.endInput(failure: .ioFailed(reason: "the byte sequence failed: \(error)"))
        }
        return 0
    }
}

/// A synchronous source (a file, a handle, bytes), read on a thread of its own into the
/// framer's buffers, which the framer adopts. The thread starts on the first read.
final class ThreadedSourceInput: AsyncRecordInput {
    private let source: JSONRecordSource
    private let chunkSize: Int
    private var reader: ThreadedSourceReader?
    private var isClosed = false
    private let readsNeverWait: Bool

    init(_ source: JSONRecordSource, chunkSize: Int) {
        self.source = source
        self.chunkSize = chunkSize
        readsNeverWait = source.readsNeverWait
    }

    override var neverWaits: Bool { readsNeverWait }

    override func read(into framer: RecordFramer, isolation: isolated (any Actor)?) async -> Int {
        guard !isClosed else {
            framer.endInput()
            return 0
        }
        let reader = reader ?? ThreadedSourceReader(source, chunkSize: chunkSize, pool: framer.bufferPool)
        self.reader = reader
        do throws(JSONMapperError) {
            guard let chunk = try await reader.next() else {
                framer.endInput()
                return 0
            }
            framer.adopt(chunk)
            return chunk.count
        } catch {
            framer.endInput(failure: error)
            return 0
        }
    }

    override func close() {
        isClosed = true
        reader?.close()
    }
}

extension RecordFramer {
    /// Adds a copy of `bytes`.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }
}
