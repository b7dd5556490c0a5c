/// Where a value is in a JSON document read from bytes: the offset of its first byte from the
/// start of the document (0 for the first byte), and the line and column of that byte, both
/// counted from 1. Columns count bytes, as the offset does; lines end at `\n`.
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    /// Bytes before the value's first byte.
    public var offset: Int
    /// The value's line, from 1.
    public var line: Int
    /// The value's column in bytes, from 1.
    public var column: Int

    /// A location from its parts.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 4411, column 17, byte 120388`.
    public var description: String { "line \(line), column \(column), byte \(offset)" }
}
