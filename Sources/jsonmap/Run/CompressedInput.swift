import Foundation
import JSONMapper
import JSONMapperCompression

/// How an input's bytes reach the stream when they are or may be compressed: through the
/// library's decompressing filter, on a thread of its own, with the bytes it took from the
/// file or pipe counted, so that a damaged input can say what was left unread.
///
/// A regular file is looked at before the run (its first bytes, read without moving its
/// position): a plain file is read directly. A pipe cannot be looked at without
/// taking its bytes, so it is always read through the filter, which hands plain bytes on as
/// they are.
enum CompressedInput {
    /// The compressed format of the regular file open at `descriptor`, from the bytes at its
    /// current position; `nil` for plain bytes.
    static func format(ofFile descriptor: Int32) -> CompressionFormat? {
        var first = [UInt8](repeating: 0, count: 4)
        let position = lseek(descriptor, 0, SEEK_CUR)
        guard position >= 0 else { return nil }
        let count = first.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, position) }
        return count > 0 ? CompressionFormat.detect(first.prefix(count)) : nil
    }

    /// `handle`'s bytes through the decompressing filter, counted into `counter`.
    static func source(_ handle: FileHandle, name: String, counter: FilterInput) -> JSONRecordSource {
        .filtered(.fileHandle(handle, name: name)) { input in
            DecompressingReader(CountingReader(input, counter: counter), name: name)
        }
    }
}

/// What the decompressing filter took from an input: its byte count and its first bytes,
/// written on the filter's thread and read on the run's.
final class FilterInput: Sendable {
    private let taken = LockedBox((count: 0, first: [UInt8]()))

    fileprivate func add(_ bytes: UnsafeRawBufferPointer) {
        taken.withLockedValue { (taken) in
            if taken.first.count < 4 { taken.first += bytes.prefix(4 - taken.first.count) }
            taken.count += bytes.count
        }
    }

    /// The bytes taken from the input so far.
    var bytesTaken: Int { taken.withLockedValue { $0.count } }

    /// Whether the bytes taken start as gzip or zstd do.
    var isCompressed: Bool { taken.withLockedValue { CompressionFormat.detect($0.first) != nil } }
}

/// A reader that counts what passes through it.
private final class CountingReader: JSONRecordByteReader {
    private let input: any JSONRecordByteReader
    private let counter: FilterInput

    init(_ input: any JSONRecordByteReader, counter: FilterInput) {
        self.input = input
        self.counter = counter
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        let count = try input.read(into: buffer)
        counter.add(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
        return count
    }
}
