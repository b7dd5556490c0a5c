import Foundation
import JSONMapper

/// The `--rejects` file: one JSON line per rejected record,
/// `{"input":"events.jsonl","line":12,"offset":3456,"error":"…","record":"<raw text>"}`,
/// with the record's raw bytes capped (`"truncated":true` when they were cut).
///
/// The record is kept byte for byte: as text in `record` when its bytes are UTF-8 (a JSON
/// string holds any text exactly), and otherwise, since a string would have to replace the
/// invalid bytes, as `recordBase64`, the base64 of the bytes. A cap that cuts a character in
/// two leaves the character out of `record`, rather than sending the record to base64.
final class RejectsLog {
    private let output: OutputFile
    /// The lines not yet written out, each written member by member (no value tree: a damaged
    /// input can reject most of its records, all on the thread that feeds the workers).
    private var writer = JSONWriter(options: EncodingOptions(), capacity: 1 << 16)

    init(output: OutputFile) {
        self.output = output
    }

    func write(_ rejection: JSONRecordRejection, input: String) throws(CommandFailure) {
        writer.beginObject()
        writer.key("input")
        writer.writeString(input)
        writer.key("line")
        writer.writeInteger(rejection.line)
        writer.key("offset")
        writer.writeInteger(rejection.byteRange.lowerBound)
        writer.key("error")
        writer.writeString(rejection.error.description)
        if let text = Self.text(of: rejection.rawBytes, isTruncated: rejection.isTruncated) {
            writer.key("record")
            writer.writeString(text)
        } else {
            writer.key("recordBase64")
            writer.writeString(Data(rejection.rawBytes).base64EncodedString())
        }
        if rejection.isTruncated {
            writer.key("truncated")
            writer.writeBool(true)
        }
        writer.endObject()
        writer.writeNewline()
        if writer.bytes.count >= 1 << 16 { try flush() }
    }

    /// The record's bytes as text when they are UTF-8; for a truncated record, without the
    /// start of a character the cap cut.
    /// (Decoded, then compared with the bytes: a byte that is not UTF-8 decodes to U+FFFD and
    /// the two differ. `String(validating:as:)` would say it directly, but needs macOS 15. They
    /// are compared with `memcmp`, which takes a whole record's bytes a word at a time.)
    static func text(of bytes: [UInt8], isTruncated: Bool) -> String? {
        let kept = isTruncated ? withoutCutCharacter(bytes) : bytes[...]
        var text = String(decoding: kept, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            kept.withUnsafeBufferPointer { kept in
                decoded.count == kept.count && (kept.isEmpty || memcmp(decoded.baseAddress!, kept.baseAddress!, kept.count) == 0)
            }
        }
        return same ? text : nil
    }

    /// `bytes` without a character cut at their end: a lead byte followed by fewer
    /// continuation bytes than its sequence needs.
    private static func withoutCutCharacter(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        for back in stride(from: 1, through: min(3, bytes.count), by: 1) where bytes[bytes.count - back] & 0xC0 != 0x80 {
            let lead = bytes[bytes.count - back]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            return length > back ? bytes.dropLast(back) : bytes[...]
        }
        return bytes[...]
    }

    /// Writes what is buffered, and makes the file visible.
    func commit() throws(CommandFailure) {
        try flush()
        try output.commit()
    }

    func discard() { output.discard() }

    private func flush() throws(CommandFailure) {
        try output.write(writer.bytes)
        writer.removeWrittenBytes()
    }
}
