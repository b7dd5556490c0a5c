import CYajl

/// A chunk-fed JSON parser over yajl: feed any number of byte chunks of any size with
/// ``parse(_:)``, then call ``finish()``. Events go to the sink as soon as they are complete.
///
/// Rejects empty input, trailing non-whitespace after the document, and invalid UTF-8.
/// The yajl handle is freed when the parser is released, whatever path got there.
final class JSONParser {
    private let handle: yajl_handle
    private let sink: JSONEventSink
    /// Bytes of the chunks fed before the current one.
    private var offsetBefore = 0
    /// Newlines in those chunks and the offset just past the last one, for line:column.
    private var linesBefore = 0
    private var lineStartBefore = 0
    private var sawValue = false

    init(sink: JSONEventSink) {
        self.sink = sink
        // The context is the sink, unretained: the parser holds it strongly for as long as the
        // handle lives, and the handle dies in deinit.
        let context = Unmanaged.passUnretained(sink).toOpaque()
        guard let handle = yajl_alloc(yajlCallbacks, nil, context) else {
            fatalError("yajl_alloc failed: out of memory")
        }
        self.handle = handle
    }

    deinit { yajl_free(handle) }

    /// Parses the next chunk of the document.
    func parse(_ chunk: UnsafeRawBufferPointer) throws(JSONMapperError) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        if !sawValue { sawValue = chunk.contains { !Self.isWhitespace($0) } }
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), chunk.count)
        if status != yajl_status_ok {
            throw failure(status, in: chunk)
        }
        countLines(in: chunk)
        offsetBefore += chunk.count
    }

    /// Ends the document: reports a document cut short, or input with no value at all.
    func finish() throws(JSONMapperError) {
        guard sawValue else { throw .emptyInput }
        let status = yajl_complete_parse(handle)
        if status != yajl_status_ok {
            throw failure(status, in: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// Parses a whole document held in one buffer.
    func parseDocument(_ bytes: UnsafeRawBufferPointer) throws(JSONMapperError) {
        try parse(bytes)
        try finish()
    }

    private func failure(_ status: yajl_status, in chunk: UnsafeRawBufferPointer) -> JSONMapperError {
        if status == yajl_status_client_canceled {
            return sink.failure ?? .invalidValue(path: "", reason: "decoding was cancelled")
        }
        let consumed = min(yajl_get_bytes_consumed(handle), chunk.count)
        let message = errorMessage()
        var line = linesBefore + 1
        var lineStart = lineStartBefore
        for i in 0..<consumed where chunk[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offsetBefore + i + 1
        }
        let offset = offsetBefore + consumed
        return .syntax(offset: offset, line: line, column: offset - lineStart + 1, message: message)
    }

    private func errorMessage() -> String {
        guard let text = yajl_get_error(handle, 0, nil, 0) else { return "invalid JSON" }
        defer { yajl_free_error(handle, text) }
        return String(cString: text).trimmingWhitespace()
    }

    private func countLines(in chunk: UnsafeRawBufferPointer) {
        for i in 0..<chunk.count where chunk[i] == UInt8(ascii: "\n") {
            linesBefore += 1
            lineStartBefore = offsetBefore + i + 1
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}

// MARK: - C callbacks

/// Recovers the sink from yajl's context pointer. It was passed unretained by `JSONParser`,
/// which keeps the sink alive for the life of the handle.
@inline(__always)
private func sink(_ context: UnsafeMutableRawPointer?) -> JSONEventSink {
    Unmanaged<JSONEventSink>.fromOpaque(context!).takeUnretainedValue()
}

@inline(__always)
private func bytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> JSONBytes {
    // yajl hands a null pointer for an empty string; any valid address does for zero bytes.
    JSONBytes(start: pointer ?? emptyBytes, count: count)
}

private nonisolated(unsafe) let emptyBytes: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()

/// One callback table for every parser, allocated once and never freed: yajl keeps the
/// pointer for the life of each handle.
private nonisolated(unsafe) let yajlCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(to: yajl_callbacks(
        yajl_null: { sink($0).null() ? 1 : 0 },
        yajl_boolean: { sink($0).bool($1 != 0) ? 1 : 0 },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, text, count in
            let raw = UnsafeRawPointer(text!).assumingMemoryBound(to: UInt8.self)
            return sink(context).number(JSONBytes(start: raw, count: count)) ? 1 : 0
        },
        yajl_string: { sink($0).string(bytes($1, $2)) ? 1 : 0 },
        yajl_start_map: { sink($0).beginObject() ? 1 : 0 },
        yajl_map_key: { sink($0).key(bytes($1, $2)) ? 1 : 0 },
        yajl_end_map: { sink($0).endObject() ? 1 : 0 },
        yajl_start_array: { sink($0).beginArray() ? 1 : 0 },
        yajl_end_array: { sink($0).endArray() ? 1 : 0 }
    ))
    return table
}()
