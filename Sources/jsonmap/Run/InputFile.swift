import Foundation
import JSONMapper

/// One input of a run: a file opened before anything is written (so a missing one stops the
/// run with nothing written), or standard input. Compressed input (gzip, zstd) is told by its
/// first bytes and read decompressed (``CompressedInput``).
struct InputFile {
    /// The name in messages and in the rejects log: the path, or `-`.
    let name: String
    let source: JSONRecordSource
    /// The size of the bytes the stream reads, when known: a regular file's, unless it is
    /// compressed (for the progress bar's total).
    let size: Int?
    /// For an input read through the decompressing filter: what the filter took from it.
    let filtered: FilterInput?
    /// The descriptor the source reads.
    private let descriptor: Int32
    private let isRegularFile: Bool

    /// The name in a message of its own: the path, or "standard input".
    var displayName: String { name == "-" ? "standard input" : name }

    /// Whether reading the input now could wait for its writer: it is not a file and has
    /// no bytes ready.
    var wouldWait: Bool {
        guard !isRegularFile else { return false }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) == 0
    }

    /// Opens every input in `paths` (standard input for none, or for `-`).
    static func open(_ paths: [String]) throws(CommandFailure) -> [InputFile] {
        var inputs: [InputFile] = []
        for path in paths.isEmpty ? ["-"] : paths { inputs.append(try open(path)) }
        return inputs
    }

    private static func open(_ path: String) throws(CommandFailure) -> InputFile {
        guard path != "-" else {
            var status = stat()
            let isFile = fstat(STDIN_FILENO, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            return InputFile(name: "-", handle: .standardInput, descriptor: STDIN_FILENO, fileSize: isFile ? Int(status.st_size) : nil)
        }
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .usage("\(path): cannot open: \(systemError())") }
        var status = stat()
        fstat(descriptor, &status)
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw .usage("\(path): is a directory")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let isFile = status.st_mode & S_IFMT == S_IFREG
        return InputFile(name: path, handle: handle, descriptor: descriptor, fileSize: isFile ? Int(status.st_size) : nil)
    }

    /// An input read from `handle`; `fileSize` is `nil` unless it is a regular file. A plain
    /// regular file is read directly; anything else through the decompressing filter.
    private init(name: String, handle: FileHandle, descriptor: Int32, fileSize: Int?) {
        self.name = name
        self.descriptor = descriptor
        isRegularFile = fileSize != nil
        let sourceName = name == "-" ? "standard input" : name
        if fileSize != nil, CompressedInput.format(ofFile: descriptor) == nil {
            source = .fileHandle(handle, name: sourceName)
            size = fileSize
            filtered = nil
        } else {
            let counter = FilterInput()
            source = CompressedInput.source(handle, name: sourceName, counter: counter)
            size = nil
            filtered = counter
        }
    }

    /// How many bytes the input still holds after what its source has read, or `nil` when
    /// they cannot be read. A file is measured; a pipe is read to its end (without decoding),
    /// so that the count does not depend on how much its writer had written when a run stopped.
    func remainingByteCount() -> Int? {
        if isRegularFile {
            let position = lseek(descriptor, 0, SEEK_CUR)
            let end = lseek(descriptor, 0, SEEK_END)
            return position >= 0 && end >= position ? Int(end - position) : nil
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return total }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            total += count
        }
    }
}
