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

    /// Opens every input in `paths` (standard input for none, or for `-`).
    static func open(_ paths: [String]) throws(CommandFailure) -> [InputFile] {
        var inputs: [InputFile] = []
        for path in paths.isEmpty ? ["-"] : paths { inputs.append(try open(path)) }
        return inputs
    }

    private static func open(_ path: String) throws(CommandFailure) -> InputFile {
        guard path != "-" else { return InputFile(name: "-", source: .standardInput, size: nil) }
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .usage("\(path): cannot open: \(systemError())") }
        var status = stat()
        fstat(descriptor, &status)
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw .usage("\(path): is a directory")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        return InputFile(name: path, source: .fileHandle(handle, name: path), size: size)
    }
}
