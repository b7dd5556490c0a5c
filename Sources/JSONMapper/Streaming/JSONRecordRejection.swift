/// A record of a stream that was not delivered, and why: malformed JSON (in JSON Lines), a
/// value the model cannot take under the `.throw` policy, a missing required key, a record
/// over the size limit.
///
/// Rejections are reported as they happen, in stream order, so that none is lost and none is
/// kept longer than it takes to report it.
public struct JSONRecordRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record's position among the records read from the stream, from 0, a header
    /// record not counted (see ``JSONRecord/index``).
    public var index: Int
    /// The 1-based line of the stream on which the record starts (a header record's line
    /// included).
    public var line: Int
    /// Where the record's bytes lie in the stream, as byte offsets.
    public var byteRange: Range<Int>
    /// Why the record was rejected. Syntax errors and size limits name positions in the
    /// stream, not in the record.
    public var error: JSONMapperError
    /// The record's bytes, or their first ``JSONRecordDecoder/maxRejectedBytes`` when it is
    /// longer (see ``isTruncated``); for a record over ``JSONRecordDecoder/maxRecordBytes``, no
    /// more than that limit.
    public var rawBytes: [UInt8]

    /// Whether ``rawBytes`` holds only the start of the record.
    public var isTruncated: Bool { rawBytes.count < byteRange.count }

    /// A rejection with the given contents.
    public init(index: Int, line: Int, byteRange: Range<Int>, error: JSONMapperError, rawBytes: [UInt8]) {
        self.index = index
        self.line = line
        self.byteRange = byteRange
        self.error = error
        self.rawBytes = rawBytes
    }

    /// A one-line report: `record 3 (line 4, bytes 120..<180) rejected: type mismatch at 'id': …`.
    public var description: String {
        "record \(index) (line \(line), bytes \(byteRange.lowerBound)..<\(byteRange.upperBound)) rejected: \(error)"
    }
}
