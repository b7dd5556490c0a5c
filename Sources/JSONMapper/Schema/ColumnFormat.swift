import Foundation

/// How one column's cells are written: as JSON (NDJSON and JSON array output) and as text
/// (CSV and TSV cells, before quoting). Numbers go through the JSON writer's integer and
/// shortest round-trip double code, decimals through the exact decimal text, dates through
/// the column's output pattern or ISO 8601, in both forms.
struct ColumnFormat: Sendable {
    /// The output pattern of a date column with one.
    private let outputPattern: DatePattern?
    private static let utc = TimeZone(secondsFromGMT: 0)!

    /// The format of a column of `type`, or the problem with its date formats.
    static func make(_ type: JSONColumnType) -> Result<ColumnFormat, SchemaProblem> {
        guard case .date(let input, let output) = type else { return .success(ColumnFormat(outputPattern: nil)) }
        if let input, case .failure(let error) = DatePattern.compile(input) {
            return .failure(SchemaProblem("date format \"\(input)\": \(error.message)"))
        }
        guard let output else { return .success(ColumnFormat(outputPattern: nil)) }
        switch DatePattern.compile(output) {
        case .success(let pattern): return .success(ColumnFormat(outputPattern: pattern))
        case .failure(let error): return .failure(SchemaProblem("output date format \"\(output)\": \(error.message)"))
        }
    }

    private init(outputPattern: DatePattern?) { self.outputPattern = outputPattern }

    /// The cell as a JSON value: `null`, a number, `true`/`false`, a string, or the JSON a
    /// ``JSONColumnType/json`` column holds.
    func writeJSON(_ cell: JSONCell, to writer: inout JSONWriter) throws(JSONMapperError) {
        switch cell {
        case .null: writer.writeNull()
        case .string(let string): writer.writeString(string)
        case .int(let value): writer.writeInteger(value)
        case .double(let value): try write(double: value, to: &writer)
        case .decimal(let value): try write(decimal: value, to: &writer)
        case .bool(let value): writer.writeBool(value)
        case .date(let date): writer.writeString(try text(of: date))
        case .json(let value): writer.write(value)
        }
    }

    /// The cell as text in a table, for a cell the caller then quotes or escapes; strings,
    /// dates and JSON are handed to `quoting`, whose bytes may need it. Numbers and booleans
    /// never do and are written directly; `null` is an empty cell.
    func writeText(_ cell: JSONCell, to writer: inout JSONWriter,
                   quoting: (UnsafeBufferPointer<UInt8>, inout JSONWriter) -> Void) throws(JSONMapperError) {
        switch cell {
        case .null: break
        case .string(var string): string.withUTF8 { quoting($0, &writer) }
        case .int(let value): writer.writeInteger(value)
        case .double(let value): try write(double: value, to: &writer)
        case .decimal(let value): try write(decimal: value, to: &writer)
        case .bool(let value): writer.writeBool(value)
        case .date(let date):
            var text = try text(of: date)
            text.withUTF8 { quoting($0, &writer) }
        case .json(let value):
            var json = JSONWriter(options: writer.options, capacity: 256)
            json.write(value)
            json.bytes.withUnsafeBufferPointer { quoting($0, &writer) }
        }
    }

    private func write(double value: Double, to writer: inout JSONWriter) throws(JSONMapperError) {
        // Decoded doubles are finite unless the options allowed "nan" and "inf" strings.
        guard writer.writeDouble(value) else { throw .invalidValue(path: "", reason: "\(value) has no JSON number text") }
    }

    private func write(decimal value: Decimal, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard value.isFinite else { throw .invalidValue(path: "", reason: "a NaN decimal has no JSON number text") }
        DecimalWriting.withText(of: value) { writer.writeRaw($0) }
    }

    /// The date in the output pattern, or in ISO 8601.
    private func text(of date: Date) throws(JSONMapperError) -> String {
        let text = outputPattern.map { $0.string(from: date, timeZone: Self.utc) } ?? DateWriting.iso8601(date, fraction: .whenPresent)
        guard let text else {
            throw .invalidValue(path: "", reason: "the date \(date.timeIntervalSince1970) s from 1970 is outside the years 0000–9999")
        }
        return text
    }
}
