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
