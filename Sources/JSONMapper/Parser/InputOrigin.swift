/// Where the bytes a parser reads start in a larger input, such as one record of a JSON Lines
/// file: the parser counts positions from the start of its own bytes, and the origin turns
/// them into positions in the whole input, so errors name the byte, line and column there.
struct InputOrigin: Sendable, Equatable {
    /// The offset of the first byte.
    var offset: Int
    /// The 1-based line of the first byte.
    var line: Int
    /// The offset of the first byte of that line (columns count from there).
    var lineStart: Int

    /// The start of an input read on its own.
    static let start = InputOrigin(offset: 0, line: 1, lineStart: 0)

    /// `error`, with the position it names (counted from this origin) made a position in the
    /// whole input. Errors without a position are returned as they are.
    func locate(_ error: JSONMapperError) -> JSONMapperError {
        guard self != .start else { return error }
        switch error {
        case let .syntax(offset, line, column, message):
            // Only the first line starts part-way through a line of the whole input.
            return .syntax(offset: self.offset + offset, line: self.line + line - 1,
                           column: line == 1 ? self.offset - lineStart + column : column, message: message)
        case let .limitExceeded(offset, message):
            return .limitExceeded(offset: self.offset + offset, message: message)
        default:
            return error
        }
    }
}
