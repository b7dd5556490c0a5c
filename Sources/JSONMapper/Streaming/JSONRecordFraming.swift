/// How the records of a stream are laid out in its bytes.
public enum JSONRecordFraming: Sendable, Equatable, CustomStringConvertible {
    /// JSON Lines (NDJSON): one JSON value per line. Lines end with `\n` or `\r\n`; blank
    /// lines are skipped; the last line needs no line ending. A line that is not valid JSON
    /// is rejected on its own and reading goes on at the next line.
    case jsonLines
    /// The elements of one top-level JSON array, each a record, delivered as it ends (the
    /// array is never held whole). Malformed JSON ends the stream with an error, after every
    /// element before it has been delivered.
    case array
    /// JSON values one after another, separated by whitespace or nothing (`{…}{…}`), as many
    /// tools write them. Malformed JSON ends the stream with an error, after every value before
    /// it has been delivered.
    case concatenated
    /// Chosen from the first bytes: ``array`` when the input is one array (it spans several
    /// lines, or is the only value), ``jsonLines`` when the first value ends its line and another
    /// line follows (so a JSON Lines file whose lines are arrays is read as JSON Lines), and
    /// ``concatenated`` when a value spans lines or another value follows on the same line.
    /// The choice is reported by ``JSONRecordProgress/framing``.
    case automatic

    /// The framing's name: `json-lines`, `array`, `concatenated` or `automatic`.
    public var description: String {
        switch self {
        case .jsonLines: "json-lines"
        case .array: "array"
        case .concatenated: "concatenated"
        case .automatic: "automatic"
        }
    }
}
