#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import CYajlCallbacks

// The C library calls JSONMapper makes, in the one file that imports the platform's C
// module: a byte search (the parser's scans) and the file calls of record streams
// (``FileDescriptor``, ``FileMapping``).

/// The address of the first `byte` among the `count` bytes at `start`, or `nil`.
@inline(__always)
func firstOccurrence(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
}

/// The address of the last `byte` among the `count` bytes at `start`, or `nil`.
@inline(__always)
func lastOccurrence(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    cyajl_last_byte(start.bytePointer, count, byte).map { UnsafeRawPointer($0) }
}

/// How many of `bytes` are `byte` (a vector count in C, not a search per occurrence).
@inline(__always)
func occurrences(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
    guard let start = bytes.baseAddress else { return 0 }
    return cyajl_count_byte(start.bytePointer, bytes.count, byte)
}

/// An open file of a record stream (read by a record sequence, written by a record writer):
/// POSIX calls with interrupted calls retried and failures described by `strerror`.
struct FileDescriptor {
    let raw: Int32

    /// Why a call failed.
    struct Failure: Error {
        let message: String
        /// The file to create exists already.
        let exists: Bool

        fileprivate static func last() -> Failure {
            Failure(message: String(cString: strerror(errno)), exists: errno == EEXIST)
        }
    }

    /// The file at `path`, for reading.
    static func open(forReading path: String) throws(Failure) -> FileDescriptor {
        let raw = systemOpen(path, O_RDONLY, 0)
        guard raw >= 0 else { throw .last() }
        return FileDescriptor(raw: raw)
    }

    /// A new file at `path`, for writing; fails if one exists. Permissions as the process's
    /// umask allows.
    static func create(_ path: String) throws(Failure) -> FileDescriptor {
        let raw = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard raw >= 0 else { throw .last() }
        return FileDescriptor(raw: raw)
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        while true {
            let count = systemRead(raw, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .last() }
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(raw, bytes.baseAddress! + written, bytes.count - written)
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                throw .last()
            }
        }
    }

    func close() throws(Failure) {
        if systemClose(raw) != 0 { throw .last() }
    }

    /// Whether the descriptor is a regular file, whose reads never wait for a writer (unlike
    /// a pipe, a terminal or a socket).
    var isRegularFile: Bool { regularFileSize != nil }

    /// The file's size, if it is a regular file.
    var regularFileSize: Int? {
        var status = stat()
        guard fstat(raw, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The file's position: where the next read starts.
    var position: Int { Int(lseek(raw, 0, SEEK_CUR)) }

    /// Whether `path` names a regular file (following links).
    static func isRegularFile(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Moves the file at `source` to `destination`, replacing any file there.
    static func rename(_ source: String, to destination: String) throws(Failure) {
        if systemRename(source, destination) != 0 { throw .last() }
    }

    /// Removes the file at `path`, if it is there.
    static func remove(_ path: String) {
        unlink(path)
    }
}

/// The rest of a regular file, from its position on, mapped read-only and guarded
/// (`cyajl_mapping.h`): a page lost because the file shrank reads as zeros instead of raising
/// SIGBUS, and ``wasCut`` says so. A value that the one owner unmaps once (``unmap()``); every
/// pointer into the mapping is made inside ``bytes``.
struct FileMapping {
    /// The file's bytes from the position it was mapped at.
    let bytes: UnsafeRawBufferPointer
    /// The mapping: from the page holding that position to the end of the file.
    private let mapping: UnsafeMutableRawPointer
    private let length: Int
    private let pageSize: Int
    private let guardSlot: Int32
    private let descriptor: FileDescriptor
    /// The file's size when mapped: the end of ``bytes``, as a file offset.
    private let fileEnd: Int

    /// Maps `descriptor`'s file from its current position; `nil` when it is not a regular
    /// file with bytes left, or when the mapping or its guard cannot be made (the caller then
    /// reads the file).
    init?(_ descriptor: FileDescriptor) {
        guard let end = descriptor.regularFileSize else { return nil }
        let position = descriptor.position
        guard position >= 0, end > position else { return nil }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = position - position % pageSize
        guard let mapped = mmap(nil, end - start, PROT_READ, MAP_PRIVATE, descriptor.raw, off_t(start)), mapped != MAP_FAILED else {
            return nil
        }
        let slot = cyajl_mapping_guard(mapped, end - start)
        guard slot >= 0 else {
            munmap(mapped, end - start)
            return nil
        }
        madvise(mapped, end - start, MADV_SEQUENTIAL)
        mapping = mapped
        length = end - start
        bytes = UnsafeRawBufferPointer(start: mapped + (position - start), count: end - position)
        self.pageSize = pageSize
        guardSlot = slot
        self.descriptor = descriptor
        fileEnd = end
    }

    /// Whether the file lost bytes the mapping holds: it is shorter now than when mapped, or a
    /// page past its new end was touched.
    var wasCut: Bool {
        if cyajl_mapping_was_cut(guardSlot) != 0 { return true }
        return descriptor.regularFileSize.map { $0 < fileEnd } ?? false
    }

    /// Moves the file's position to `offset` bytes into ``bytes``, where reading that far
    /// would have left it.
    func seek(to offset: Int) {
        lseek(descriptor.raw, off_t(fileEnd - bytes.count + offset), SEEK_SET)
    }

    /// Gives back to the kernel the whole pages from the one holding `start` up to `offset`
    /// (both into ``bytes``), which nothing reads again. Returns where the pages given back end.
    func handBack(from start: Int, upTo offset: Int) -> Int {
        let skipped = bytes.baseAddress! - UnsafeRawPointer(mapping)
        let first = (start + skipped) / pageSize * pageSize
        let end = (offset + skipped) / pageSize * pageSize
        guard end > first else { return start }
        madvise(mapping + first, end - first, MADV_DONTNEED)
        return end - skipped
    }

    /// Unmaps the file; nothing may read ``bytes`` any more.
    func unmap() {
        cyajl_mapping_unguard(guardSlot)
        munmap(mapping, length)
    }
}

/// Makes every allocation of `bytes` or more a mapping of its own, given back to the system when
/// freed, for a process that allocates and frees large buffers over and over and must keep its
/// resident memory bounded (glibc otherwise keeps such buffers in its heap once a larger one has
/// been freed). Process-wide: for a program's `main`, never a library's.
package func mapAllocations(from bytes: Int) {
    cyajl_map_allocations_from(bytes)
}

// The calls under names that ``FileDescriptor``'s own methods do not hide.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemRead(_ raw: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(raw, buffer, count) }
private func systemWrite(_ raw: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(raw, bytes, count) }
private func systemClose(_ raw: Int32) -> Int32 { close(raw) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
