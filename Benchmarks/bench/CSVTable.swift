/// A CSV file read back as cells (RFC 4180: quoted fields may hold commas, quotes doubled, and
/// line breaks; records end with LF or CRLF), so that tools that quote differently can be
/// compared by what their rows say.
struct CSVTable: Equatable {
    var rows: [[String]]

    init(rows: [[String]]) { self.rows = rows }

    init(parsing bytes: [UInt8]) throws {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var index = 0
        var quoted = false
        func endField() {
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte != UInt8(ascii: "\"") {
                    field.append(byte)
                } else if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    field.append(byte)
                    index += 1
                } else {
                    quoted = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty: quoted = true
            case UInt8(ascii: ","): endField()
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"): break
            case UInt8(ascii: "\n"):
                endField()
                rows.append(row)
                row.removeAll(keepingCapacity: true)
            default: field.append(byte)
            }
        }
        if quoted { throw CLIComparisonError("the CSV ends inside a quoted field") }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        self.rows = rows
    }

    /// The first row where `self` and `other` differ, described for a report, or nil.
    func firstDifference(from other: CSVTable) -> String? {
        for (index, (mine, theirs)) in zip(rows, other.rows).enumerated() where mine != theirs {
            return "row \(index + 1): \(mine) ≠ \(theirs)"
        }
        return rows.count == other.rows.count ? nil : "\(rows.count) rows ≠ \(other.rows.count) rows"
    }
}
