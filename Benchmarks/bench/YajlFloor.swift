import CYajl
import Foundation

/// The floor: yajl parsing the bytes with callbacks that only count events and return 1.
///
/// Numbers go through `yajl_integer` / `yajl_double` (not `yajl_number`), so yajl still converts
/// every number with `strtoll` / `strtod` as a real handler would make it do. Strings are
/// UTF-8-validated, as in JSONMapper's parser (yajl's default configuration).
enum YajlFloor {
    /// Events seen in one parse. The sum of all fields is returned so the work stays observable.
    struct Counts: Equatable {
        var nulls = 0, booleans = 0, integers = 0, doubles = 0, strings = 0
        var keys = 0, objects = 0, arrays = 0

        /// Scalar values: strings, numbers, booleans and nulls (object keys excluded).
        var scalars: Int { nulls + booleans + integers + doubles + strings }

        /// Adds `other`'s counts to these.
        mutating func add(_ other: Counts) {
            nulls &+= other.nulls; booleans &+= other.booleans; integers &+= other.integers; doubles &+= other.doubles
            strings &+= other.strings; keys &+= other.keys; objects &+= other.objects; arrays &+= other.arrays
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ data: Data) throws -> Counts {
        var counts = Counts()
        var callbacks = yajl_callbacks(
            yajl_null: { counted($0) { $0.nulls &+= 1 } },
            yajl_boolean: { context, _ in counted(context) { $0.booleans &+= 1 } },
            yajl_integer: { context, _ in counted(context) { $0.integers &+= 1 } },
            yajl_double: { context, _ in counted(context) { $0.doubles &+= 1 } },
            yajl_number: nil,
            yajl_string: { context, _, _ in counted(context) { $0.strings &+= 1 } },
            yajl_start_map: { counted($0) { $0.objects &+= 1 } },
            yajl_map_key: { context, _, _ in counted(context) { $0.keys &+= 1 } },
            yajl_end_map: { _ in 1 },
            yajl_start_array: { counted($0) { $0.arrays &+= 1 } },
            yajl_end_array: { _ in 1 }
        )
        try withUnsafeMutablePointer(to: &counts) { context in
            try withUnsafePointer(to: &callbacks) { table in
                guard let handle = yajl_alloc(table, nil, context) else { throw ParseError(description: "yajl_alloc failed") }
                defer { yajl_free(handle) }
                var status = data.withUnsafeBytes { bytes in
                    yajl_parse(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
                }
                if status == yajl_status_ok { status = yajl_complete_parse(handle) }
                guard status == yajl_status_ok else { throw ParseError(description: message(handle)) }
            }
        }
        return counts
    }

    private static func message(_ handle: yajl_handle) -> String {
        guard let text = yajl_get_error(handle, 0, nil, 0) else { return "yajl: parse error" }
        defer { yajl_free_error(handle, text) }
        return "yajl: " + String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@inline(__always)
private func counted(_ context: UnsafeMutableRawPointer?, _ bump: (inout YajlFloor.Counts) -> Void) -> Int32 {
    bump(&context!.assumingMemoryBound(to: YajlFloor.Counts.self).pointee)
    return 1
}

extension YajlFloor {
    /// The floor for a stream: one yajl handle over a whole file of concatenated values (JSON
    /// Lines included), read from disk in chunks of `chunkSize` bytes, with the same counting
    /// callbacks as ``parse(_:)``. Returns the counts and the number of top-level objects and arrays.
    static func parseStream(path: String, chunkSize: Int = 256 * 1024) throws -> (counts: Counts, values: Int) {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ParseError(description: "cannot open \(path)") }
        defer { try? file.close() }
        let state = try parseStream(file, bytes: 0..<Int.max, chunkSize: chunkSize)
        return (state.counts, state.values)
    }

    /// The stream floor on `threads` threads at once, each with its own handle over its share of
    /// the file's lines (cut after a line feed near each share's end): what the machine gives two
    /// threads (or more) of the same work in this run.
    /// Returns the counts and values of all the shares together.
    static func parseStreamInParallel(path: String, threads: Int, chunkSize: Int = 256 * 1024) throws -> (counts: Counts, values: Int) {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ParseError(description: "cannot open \(path)") }
        defer { try? file.close() }
        let shares = try lineShares(of: file, count: threads)
        // The shares' counts are summed, so the order they arrive in does not matter.
        let results = SmallChunkStream.Collected<Result<StreamCounts, any Error>>()
        DispatchQueue.concurrentPerform(iterations: shares.count) { index in
            results.append(Result { try parseStream(file, bytes: shares[index], chunkSize: chunkSize) })
        }
        var total = (counts: Counts(), values: 0)
        for result in results.all {
            let state = try result.get()
            total.counts.add(state.counts)
            total.values += state.values
        }
        return total
    }

    /// The file cut into `count` ranges of about equal size, each ending after a line feed (or
    /// at the end).
    private static func lineShares(of file: FileHandle, count: Int) throws -> [Range<Int>] {
        let size = Int(try file.seekToEnd())
        var starts = [0]
        var window = [UInt8](repeating: 0, count: 1 << 16)
        for share in 1..<max(1, count) {
            var position = max(starts.last!, size / count * share)
            while position < size {
                let read = window.withUnsafeMutableBytes { pread(file.fileDescriptor, $0.baseAddress, $0.count, off_t(position)) }
                guard read > 0 else { break }
                if let newline = window[..<read].firstIndex(of: 0x0A) {
                    position += newline + 1
                    break
                }
                position += read
            }
            starts.append(min(position, size))
        }
        return zip(starts, starts.dropFirst() + [size]).map { $0..<$1 }
    }

    /// One handle over `bytes` of `file` (to its end at most), read with `pread` so that
    /// threads share the descriptor.
    private static func parseStream(_ file: FileHandle, bytes: Range<Int>, chunkSize: Int) throws -> StreamCounts {
        var state = StreamCounts()
        var callbacks = yajl_callbacks(
            yajl_null: { streamCounted($0) { $0.counts.nulls &+= 1 } },
            yajl_boolean: { context, _ in streamCounted(context) { $0.counts.booleans &+= 1 } },
            yajl_integer: { context, _ in streamCounted(context) { $0.counts.integers &+= 1 } },
            yajl_double: { context, _ in streamCounted(context) { $0.counts.doubles &+= 1 } },
            yajl_number: nil,
            yajl_string: { context, _, _ in streamCounted(context) { $0.counts.strings &+= 1 } },
            yajl_start_map: { streamCounted($0) { $0.open() } },
            yajl_map_key: { context, _, _ in streamCounted(context) { $0.counts.keys &+= 1 } },
            yajl_end_map: { streamCounted($0) { $0.close() } },
            yajl_start_array: { streamCounted($0) { $0.open() } },
            yajl_end_array: { streamCounted($0) { $0.close() } }
        )
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        try withUnsafeMutablePointer(to: &state) { context in
            try withUnsafePointer(to: &callbacks) { table in
                guard let handle = yajl_alloc(table, nil, context) else { throw ParseError(description: "yajl_alloc failed") }
                defer { yajl_free(handle) }
                cyajl_allow_multiple_values(handle)
                var position = bytes.lowerBound
                while position < bytes.upperBound {
                    let wanted = min(chunkSize, bytes.upperBound - position)
                    let count = buffer.withUnsafeMutableBytes { pread(file.fileDescriptor, $0.baseAddress, wanted, off_t(position)) }
                    guard count > 0 else { break }
                    position += count
                    let status = buffer.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress!, count) }
                    guard status == yajl_status_ok else { throw ParseError(description: message(handle)) }
                }
                guard yajl_complete_parse(handle) == yajl_status_ok else { throw ParseError(description: message(handle)) }
            }
        }
        return state
    }

    /// The counts, and containers open, to count top-level objects and arrays.
    struct StreamCounts {
        var counts = Counts()
        var depth = 0
        var values = 0

        mutating func open() {
            if depth == 0 { values += 1 }
            depth += 1
        }

        mutating func close() { depth -= 1 }
    }

}

@inline(__always)
private func streamCounted(_ context: UnsafeMutableRawPointer?, _ bump: (inout YajlFloor.StreamCounts) -> Void) -> Int32 {
    bump(&context!.assumingMemoryBound(to: YajlFloor.StreamCounts.self).pointee)
    return 1
}
