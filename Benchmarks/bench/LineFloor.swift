import CYajl
import Foundation

/// The floor of the CLI comparison (`bench --line-floor FILE`, run by `bench --cli` as a child
/// process like every tool): yajl alone on each line of the event file, one thread, a fresh
/// handle per line as jsonmap has, with callbacks that do nothing and yajl's own string
/// checks on. It reads the file and parses it; nothing is written. jsonmap with one worker is
/// reported as a share of this (`× floor`).
enum LineFloor {
    static func run(path: String) -> Never {
        guard let data = FileManager.default.contents(atPath: path) else { fail("--line-floor: cannot read \(path)") }
        var callbacks = yajl_callbacks(
            yajl_null: { _ in 1 },
            yajl_boolean: { _, _ in 1 },
            yajl_integer: nil,
            yajl_double: nil,
            yajl_number: { _, _, _ in 1 },
            yajl_string: { _, _, _ in 1 },
            yajl_start_map: { _ in 1 },
            yajl_map_key: { _, _, _ in 1 },
            yajl_end_map: { _ in 1 },
            yajl_start_array: { _ in 1 },
            yajl_end_array: { _ in 1 }
        )
        var malformed = 0
        withUnsafePointer(to: &callbacks) { (table: UnsafePointer<yajl_callbacks>) in
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var start = 0
                while start < bytes.count {
                    var end = bytes.count
                    if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                        end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
                    }
                    if end > start, !parses(base + start, end - start, table) { malformed += 1 }
                    start = end + 1
                }
            }
        }
        // Observed, so that no part of the loop can be left out.
        exit(malformed >= 0 ? 0 : 1)
    }

    /// One line through a fresh handle.
    private static func parses(_ line: UnsafePointer<UInt8>, _ count: Int, _ table: UnsafePointer<yajl_callbacks>) -> Bool {
        let handle = yajl_alloc(table, nil, nil)
        defer { yajl_free(handle) }
        return yajl_parse(handle, line, count) == yajl_status_ok && yajl_complete_parse(handle) == yajl_status_ok
    }
}
