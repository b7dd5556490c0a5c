import Foundation

/// The end-of-run line on stderr:
/// `jsonmap: 200000 records read, 199000 written, 1000 rejected; 249.0 MB in 0.81 s (307.4 MB/s)`;
/// with an explode, records and rows apart:
/// `jsonmap: 200000 records read, 199000 mapped, 1000 rejected; 612000 rows written; 249.0 MB …`.
enum Summary {
    static func line(_ totals: RecordRun.Totals, seconds: Double, handled verb: String) -> String {
        let rate = Double(totals.bytes) / max(seconds, 1e-6) / 1_000_000
        let counts = totals.isExploding
            ? "\(totals.read) records read, \(totals.written) mapped, \(totals.rejected) rejected; \(totals.rows) rows \(verb); "
            : "\(totals.read) records read, \(totals.written) \(verb), \(totals.rejected) rejected; "
        return "jsonmap: " + counts
            + "\(megabytes(totals.bytes)) MB in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", rate)) MB/s)"
    }

    /// Bytes in megabytes (10^6), one decimal.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}
