/// Feeds an array record to a decoding session as the object its column names make of it:
/// `["B0000SX2UC","Nokia",3]` under the names `asin, brand, rating` arrives as
/// `{"asin":"B0000SX2UC","brand":"Nokia","rating":3}`. Events of records that are not arrays,
/// and of everything nested, pass unchanged. Sits between the parser and the session, so no
/// tree is built.
///
/// A record with more values than names fails with ``JSONMapperError/invalidValue(path:reason:)``
/// at the first value with no name; one with fewer leaves the last columns absent.
final class ColumnSink: JSONEventSink {
    private let session: DecodingSession
    private let names: Names
    /// Containers open in the record, and whether the record itself is an array.
    private var depth = 0
    private var recordIsArray = false
    private var column = 0

    /// The column names as key bytes, kept for the life of the stream.
    // Sendable: the names and their bytes are immutable once made.
    final class Names: @unchecked Sendable {
        let names: [String]
        /// The names' UTF-8, back to back; immutable once made.
        private let bytes: UnsafeMutableBufferPointer<UInt8>
        private let ranges: [Range<Int>]

        init(_ names: [String]) {
            self.names = names
            let all = names.flatMap(\.utf8)
            bytes = .allocate(capacity: max(all.count, 1))
            _ = bytes.initialize(from: all)
            var ranges: [Range<Int>] = []
            var start = 0
            for name in names {
                ranges.append(start..<start + name.utf8.count)
                start += name.utf8.count
            }
            self.ranges = ranges
        }

        deinit { bytes.deallocate() }

        var count: Int { ranges.count }

        /// The key bytes of column `index`, valid as long as the names.
        func key(_ index: Int) -> JSONBytes {
            JSONBytes(start: UnsafePointer(bytes.baseAddress! + ranges[index].lowerBound), count: ranges[index].count)
        }
    }

    init(session: DecodingSession, names: Names) {
        self.session = session
        self.names = names
    }

    /// The session's failure is the parser's: mapping errors are raised in the session.
    override var failure: JSONMapperError? {
        get { session.failure }
        set { session.failure = newValue }
    }

    /// Names the next element of an array record before its value arrives.
    private func nameColumn() -> Bool {
        guard depth == 1, recordIsArray else { return true }
        guard column < names.count else {
            failure = .invalidValue(path: JSONPathText.index(column), reason: "the record has more values than the \(names.count) column names")
            return false
        }
        defer { column += 1 }
        return session.key(names.key(column))
    }

    override func null() -> Bool { nameColumn() && session.null() }
    override func bool(_ value: Bool) -> Bool { nameColumn() && session.bool(value) }
    override func number(_ text: JSONBytes) -> Bool { nameColumn() && session.number(text) }
    override func string(_ text: JSONBytes) -> Bool { nameColumn() && session.string(text) }
    override func key(_ text: JSONBytes) -> Bool { session.key(text) }

    override func beginObject() -> Bool {
        defer { depth += 1 }
        return nameColumn() && session.beginObject()
    }

    override func beginArray() -> Bool {
        if depth == 0 {
            depth = 1
            recordIsArray = true
            return session.beginObject()
        }
        defer { depth += 1 }
        return nameColumn() && session.beginArray()
    }

    override func endObject() -> Bool {
        depth -= 1
        return session.endObject()
    }

    override func endArray() -> Bool {
        depth -= 1
        return depth == 0 && recordIsArray ? session.endObject() : session.endArray()
    }
}
