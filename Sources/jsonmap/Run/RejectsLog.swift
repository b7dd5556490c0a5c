import JSONMapper

/// The `--rejects` file: one JSON line per rejected record,
/// `{"input":"events.jsonl","line":12,"offset":3456,"error":"…","record":"<raw text>"}`,
/// with the record's raw text capped (`"truncated":true` when it was cut).
final class RejectsLog {
    private let output: OutputFile
    private var buffer: [UInt8] = []

    init(output: OutputFile) {
        self.output = output
    }

    func write(_ rejection: JSONRecordRejection, input: String) throws(CommandFailure) {
        var members: [(String, JSONValue)] = [
            ("input", .string(input)),
            ("line", .number(JSONNumber(rejection.line))),
            ("offset", .number(JSONNumber(rejection.byteRange.lowerBound))),
            ("error", .string(rejection.error.description)),
            ("record", .string(String(decoding: rejection.rawBytes, as: UTF8.self))),
        ]
        if rejection.isTruncated { members.append(("truncated", .bool(true))) }
        buffer.append(contentsOf: JSONValue.object(JSONObject(members)).description.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes what is buffered, and makes the file visible.
    func commit() throws(CommandFailure) {
        try flush()
        try output.commit()
    }

    func discard() { output.discard() }

    private func flush() throws(CommandFailure) {
        try output.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
