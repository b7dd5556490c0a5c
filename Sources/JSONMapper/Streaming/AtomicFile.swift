/// A file that appears at its path whole or not at all: written under a hidden temporary name
/// beside the path, `.<name>.jsonmap-` and six random letters and digits (in the same directory, so that the rename stays
/// on one file system), moved into place by ``commit()``, and removed by ``discard()`` or when
/// released uncommitted. An existing file at the path stays as it is until the commit.
///
/// The temporary file is created with the permissions the process's umask allows, as the
/// final file would be. The record writer writes its files through it, and so does `jsonmap`,
/// which also lists the temporary names to remove them when a signal ends the process.
package final class AtomicFile {
    /// The path the file appears at when committed.
    package let path: String
    /// Where the bytes are written until then.
    package let temporaryPath: String
    private let file: FileDescriptor
    private var isOpen = true

    /// Why a call on the file failed: the system's message ("No such file or directory").
    package struct Failure: Error, Sendable {
        package let message: String
    }

    /// Creates the temporary file for `path`.
    package init(replacing path: String) throws(Failure) {
        self.path = path
        (file, temporaryPath) = try Self.createTemporaryFile(beside: path)
    }

    deinit { discard() }

    /// A new file beside `path` under a name no file has yet.
    private static func createTemporaryFile(beside path: String) throws(Failure) -> (FileDescriptor, String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        while true {
            let temporary = "\(directory).\(name).jsonmap-\(randomSuffix())"
            do throws(FileDescriptor.Failure) {
                return (try FileDescriptor.create(temporary), temporary)
            } catch where !error.exists {
                throw Failure(message: error.message)
            } catch {}
        }
    }

    /// Six letters and digits, as `mkstemp` puts in a name.
    private static func randomSuffix() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<6).map { _ in characters.randomElement()! })
    }

    /// Writes all of `bytes` to the temporary file.
    package func write(_ bytes: [UInt8]) throws(Failure) {
        // (`withUnsafeBytes` rethrows untyped errors: the typed one crosses it as a Result.)
        let written = bytes.withUnsafeBytes { bytes in Result { () throws(FileDescriptor.Failure) in try file.write(bytes) } }
        if case .failure(let error) = written { throw Failure(message: error.message) }
    }

    /// Closes the temporary file and moves it to ``path``, replacing any file there. When
    /// that fails, the temporary file is removed.
    package func commit() throws(Failure) {
        precondition(isOpen, "\(path) was committed or discarded already")
        isOpen = false
        do throws(FileDescriptor.Failure) {
            try file.close()
            try FileDescriptor.rename(temporaryPath, to: path)
        } catch {
            FileDescriptor.remove(temporaryPath)
            throw Failure(message: error.message)
        }
    }

    /// Closes and removes the temporary file, unless it was committed: nothing is left under
    /// either name, and a file at ``path`` stays as it was.
    package func discard() {
        guard isOpen else { return }
        isOpen = false
        try? file.close()
        FileDescriptor.remove(temporaryPath)
    }
}
