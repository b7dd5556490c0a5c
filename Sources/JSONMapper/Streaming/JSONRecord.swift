/// One record of a stream, decoded, with where it came from.
///
/// ```swift
/// for result in decoder.records(Event.self, from: .file(path)) {
///     let record = try result.get()
///     print(record.line, record.value)
/// }
/// ```
public struct JSONRecord<Value> {
    /// The decoded value.
    public var value: Value
    /// The record's position among the records read from the stream, delivered and rejected
    /// alike, from 0: records are delivered in stream order, whatever the number of workers. A
    /// header record is not counted (see ``JSONRecordColumns``).
    public var index: Int
    /// The 1-based line of the stream on which the record starts (a header record's line
    /// included).
    public var line: Int
    /// Where the record's bytes lie in the stream, as byte offsets (a JSON Lines record is its
    /// line without the line ending).
    public var byteRange: Range<Int>
    /// The problems that ``DecodingOptions/InvalidValuePolicy/collect`` kept for this record,
    /// each naming the path of a value left at its default; empty under the other policies.
    public var issues: [JSONMapperError]

    /// Where the record's first byte lies in the stream.
    public var byteOffset: Int { byteRange.lowerBound }

    /// A record with the given contents.
    public init(value: Value, index: Int, line: Int, byteRange: Range<Int>, issues: [JSONMapperError] = []) {
        self.value = value
        self.index = index
        self.line = line
        self.byteRange = byteRange
        self.issues = issues
    }
}

extension JSONRecord: Sendable where Value: Sendable {}
extension JSONRecord: Equatable where Value: Equatable {}
