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
        if case let .limitExceeded(offset, message) = error {
            return .limitExceeded(offset: self.offset + offset, message: message)
        }
        return error.mappingLocation(locate)
    }

    /// A position counted from this origin, as a position in the whole input.
    func locate(_ location: JSONLocation) -> JSONLocation {
        // Only the first line starts part-way through a line of the whole input.
        JSONLocation(offset: offset + location.offset, line: line + location.line - 1,
                     column: location.line == 1 ? offset - lineStart + location.column : location.column)
    }
}
