import Foundation

/// A one-line progress display on stderr, redrawn by its own thread ten times a second:
/// bytes read (of the total, when the inputs are files), records, rejects, throughput and,
/// with a total, the time left. It only reads the run's counters, which the run updates
/// anyway, so it costs the run nothing measurable.
// Sendable: `isFinished` is read and written under the condition's lock; the other fields are immutable.
final class ProgressBar: @unchecked Sendable {
    private let status: RunStatus
    private let totalBytes: Int?
    private let started = Date()
    private let condition = NSCondition()
    private var isFinished = false
    /// Signalled by the drawing thread after its last redraw.
    private let stopped = DispatchSemaphore(value: 0)

    init(status: RunStatus, totalBytes: Int?) {
        self.status = status
        self.totalBytes = totalBytes
    }

    func start() {
        // Drawn at least once, however short the run.
        let thread = Thread { [self] in
            var isFinished = false
            while !isFinished {
                draw()
                condition.lock()
                if !self.isFinished { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1)) }
                isFinished = self.isFinished
                condition.unlock()
            }
            stopped.signal()
        }
        thread.name = "jsonmap progress"
        thread.start()
    }

    /// Stops redrawing and clears the line.
    func finish() {
        condition.lock()
        isFinished = true
        condition.signal()
        condition.unlock()
        // The drawing thread may be mid-line: wait for its last redraw before clearing.
        stopped.wait()
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private func draw() {
        let (bytes, records, rejected, rows) = status.snapshot
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(bytes) / seconds
        var line = "\r\u{1B}[K"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(Double(bytes) / Double(totalBytes), 1)
            let filled = Int(fraction * 20)
            line += "[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 20 - filled))] "
            line += "\(Summary.megabytes(bytes))/\(Summary.megabytes(totalBytes)) MB \(Int(fraction * 100))%"
        } else {
            line += "\(Summary.megabytes(bytes)) MB"
        }
        line += ", \(records) records, \(rejected) rejected"
        if let rows { line += ", \(rows) rows" }
        line += ", \(String(format: "%.1f", rate / 1_000_000)) MB/s"
        if let totalBytes, rate > 0, bytes < totalBytes {
            let left = Int((Double(totalBytes - bytes) / rate).rounded(.up))
            line += ", ETA \(left / 60):\(String(format: "%02d", left % 60))"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }
}
