import Foundation

/// Where a synchronous record stream reads its bytes: a file, an open file handle (standard
/// input included), or bytes in memory. Files and handles are read in chunks of the decoder's
/// ``JSONRecordDecoder/chunkSize``, so a file of any length is read in bounded memory.
///
/// For asynchronous byte sequences (`URLSession` bytes, a stream of chunks), use the decoder's
/// asynchronous ``JSONRecordDecoder/records(_:from:onRejection:)-(_,Bytes,_)``.
///
/// A source whose bytes must be made from another source's bytes (decompressed, decrypted)
/// is ``filtered(_:through:)``: the filter runs on a thread of its own and feeds the stream.
public struct JSONRecordSource: Sendable {
    enum Storage: Sendable {
        case path(String)
        case handle(FileHandle, name: String)
        case bytes([UInt8])
        case data(Data)
        indirect case filtered(JSONRecordSource, @Sendable (any JSONRecordByteReader) -> any JSONRecordByteReader)
    }

    let storage: Storage

    /// The file at `path`, opened when the stream starts and closed when it ends.
    public static func file(_ path: String) -> JSONRecordSource {
        JSONRecordSource(storage: .path(path))
    }

    /// The file at a `file:` URL.
    public static func file(_ url: URL) -> JSONRecordSource {
        JSONRecordSource(storage: .path(url.path))
    }

    /// An open file handle (a file, a pipe, a socket), read from its current position to its
    /// end; the handle is left open. `name` is used in read errors.
    public static func fileHandle(_ handle: FileHandle, name: String = "the file handle") -> JSONRecordSource {
        JSONRecordSource(storage: .handle(handle, name: name))
    }

    /// Standard input, read to its end.
    public static var standardInput: JSONRecordSource {
        .fileHandle(.standardInput, name: "standard input")
    }

    /// Bytes in memory.
    public static func bytes(_ bytes: [UInt8]) -> JSONRecordSource {
        JSONRecordSource(storage: .bytes(bytes))
    }

    /// Bytes in memory.
    public static func data(_ data: Data) -> JSONRecordSource {
        JSONRecordSource(storage: .data(data))
    }

    /// The bytes a filter makes of `source`'s bytes: decompressed, decrypted, or transcoded.
    ///
    /// When the stream starts, `makeFilter` is called on a thread of its own with a reader of
    /// `source`'s bytes, and the reader it returns is read on that thread, chunk after chunk,
    /// into a short queue the stream takes its input from: the filter's work overlaps with
    /// decoding, and a filter that blocks (on a pipe) holds no other thread. An error the
    /// filter throws ends the stream after every record before it. Positions in the stream's
    /// errors and rejections are positions in the filtered bytes.
    ///
    /// `JSONMapperCompression` uses it to read gzip and zstd input.
    public static func filtered(_ source: JSONRecordSource,
                                through makeFilter: @escaping @Sendable (any JSONRecordByteReader) -> any JSONRecordByteReader)
        -> JSONRecordSource {
        JSONRecordSource(storage: .filtered(source, makeFilter))
    }

    /// Whether reading never waits for a writer: bytes in memory, or a regular file (unlike a
    /// pipe, a terminal or a socket), so that a stream may read ahead without holding back
    /// records that are ready.
    var readsNeverWait: Bool {
        switch storage {
        case .bytes, .data: true
        case .path(let path): FileDescriptor.isRegularFile(atPath: path)
        case .handle(let handle, _): FileDescriptor(raw: handle.fileDescriptor).isRegularFile
        case .filtered(let source, _): source.readsNeverWait
        }
    }
}

/// A reader of bytes, one chunk at a time: the input of a ``JSONRecordSource/filtered(_:through:)``
/// filter, and the filter itself.
///
/// A reader is made, read and released on one thread, which may block in ``read(into:)``.
public protocol JSONRecordByteReader: AnyObject {
    /// Reads at most `buffer.count` bytes into the start of `buffer` and returns how many;
    /// 0 only at the end of the bytes (after which every call returns 0). Throws, typically
    /// ``JSONMapperError/ioFailed(reason:)`` or
    /// ``JSONMapperError/corruptCompressedInput(source:compressedOffset:reason:)``, when the
    /// bytes cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int
}
