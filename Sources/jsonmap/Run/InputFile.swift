import Foundation
import JSONMapper

/// One input of a run: a file opened before anything is written (so a missing one stops the
/// run with nothing written), or standard input.
struct InputFile {
    /// The name in messages and in the rejects log: the path, or `-`.
    let name: String
    let source: JSONRecordSource
    /// The file's size, when it is a regular file (for the progress bar's total).
    let size: Int?
    /// The descriptor the source reads.
    private let descriptor: Int32

    /// The name in a message of its own: the path, or "standard input".
    var displayName: String { name == "-" ? "standard input" : name }

    /// Whether reading the input now could wait for its writer: it is not a file and has
    /// no bytes ready.
    var wouldWait: Bool {
        guard size == nil else { return false }
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
            return InputFile(name: "-", source: .standardInput, size: isFile ? Int(status.st_size) : nil, descriptor: STDIN_FILENO)
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
        return InputFile(name: path, source: .fileHandle(handle, name: path), size: isFile ? Int(status.st_size) : nil,
                         descriptor: descriptor)
    }

    /// How many bytes the input still holds after what its source has read, or `nil` when
    /// they cannot be read. A file is measured; a pipe is read to its end (without decoding),
    /// so that the count does not depend on how much its writer had written when a run stopped.
    func remainingByteCount() -> Int? {
        if size != nil {
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
