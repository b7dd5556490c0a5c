import Foundation

/// Where a synchronous record stream reads its bytes: a file, an open file handle (standard
/// input included), or bytes in memory. Files and handles are read in chunks of the decoder's
/// ``JSONRecordDecoder/chunkSize``, so a file of any length is read in bounded memory.
///
/// For asynchronous byte sequences (`URLSession` bytes, a stream of chunks), use the decoder's
/// asynchronous ``JSONRecordDecoder/records(_:from:onRejection:)-(_,Bytes,_)``.
public struct JSONRecordSource: Sendable {
    enum Storage: Sendable {
        case path(String)
        case handle(FileHandle, name: String)
        case bytes([UInt8])
        case data(Data)
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

    /// Whether reading never waits for a writer: bytes in memory, or a regular file (unlike a
    /// pipe, a terminal or a socket), so that a stream may read ahead without holding back
    /// records that are ready.
    var readsNeverWait: Bool {
        switch storage {
        case .bytes, .data: true
        case .path(let path): FileDescriptor.isRegularFile(atPath: path)
        case .handle(let handle, _): FileDescriptor(raw: handle.fileDescriptor).isRegularFile
        }
    }
}
