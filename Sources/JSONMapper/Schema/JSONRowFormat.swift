/// A text layout for rows of a ``JSONSchema`` (see ``JSONRowWriter``).
public enum JSONRowFormat: String, Sendable, CaseIterable {
    /// Comma-separated values per RFC 4180: a header row of column names (unless left out),
    /// and a cell quoted only when it needs to be: when it holds a comma, a double quote
    /// (doubled inside), a line break, or starts or ends with a space or tab (which many
    /// readers would trim). Empty cells are missing values. Lines end with `\n`, as most
    /// tools write CSV (RFC 4180 says CRLF; readers take both).
    case csv
    /// Tab-separated values: a header row, cells never quoted, and a tab, line feed,
    /// carriage return or backslash inside a cell written as `\t`, `\n`, `\r`, `\\` (the
    /// escapes PostgreSQL's and ClickHouse's TSV read).
    case tsv
    /// One JSON object per line (JSON Lines), keys in column order, missing values `null`.
    case ndjson
    /// One JSON array of those objects, one per line.
    case json
}
