import ArgumentParser
import Foundation
import JSONMapper

/// One run of `convert` or `validate`: reads every input through the schema into a
/// ``RowOutput``, with rejects, progress and the summary; commits the outputs of a complete
/// run and discards them otherwise; and ends with the exit status: 1 when records were
/// rejected, 3 when an input was damaged.
///
/// A damaged input (its records end before its bytes do) does not make the run incomplete:
/// every record before the damage has been written or rejected, which is what standard output
/// has received as well, so a file output is committed with those rows and the exit status,
/// with one line per damaged input on stderr, says what was left.
struct Conversion<Rows: RowOutput> {
    let options: RecordOptions
    let schema: JSONSchema
    let inputs: [InputFile]
    let rows: Rows
    /// What the summary calls a record handed on: "written", "valid".
    let verb: String

    func run() throws {
        let rejectsLog = try options.rejects.map { (path) throws(CommandFailure) in
            RejectsLog(output: try OutputFile.open(path, kind: "rejects file"))
        }
        let run = RecordRun(schema: schema, settings: options.settings, rejects: rejectsLog)
        let bar = options.showsProgress ? ProgressBar(status: run.status, totalBytes: totalBytes) : nil
        let started = Date()
        bar?.start()
        do {
            try run.run(inputs, into: rows)
            if !run.isStopped { try rows.finish() }
            bar?.finish()
        } catch {
            bar?.finish()
            rows.discard()
            rejectsLog?.discard()
            throw error
        }
        // A stopped run's output is incomplete: it is not committed (its rejects are).
        if run.isStopped { rows.discard() } else { try rows.commit() }
        try rejectsLog?.commit()
        report(run, seconds: Date().timeIntervalSince(started))
        try endStatus(of: run)
    }

    /// The inputs' total size for the progress bar, when every input's is known.
    private var totalBytes: Int? {
        inputs.allSatisfy { $0.size != nil } ? inputs.reduce(0) { $0 + ($1.size ?? 0) } : nil
    }

    /// The summary (unless `--quiet`), then a line per damaged input, on stderr.
    private func report(_ run: RecordRun, seconds: Double) {
        if !options.quiet {
            FileHandle.standardError.write(Data((Summary.line(run.totals, seconds: seconds, handled: verb) + "\n").utf8))
        }
        for damage in run.damages {
            FileHandle.standardError.write(Data("jsonmap: \(damage.message)\n".utf8))
        }
    }

    /// Throws the exit status of a run that is not a clean success.
    private func endStatus(of run: RecordRun) throws {
        if run.isStopped {
            let rest = rows.output?.isStandardOutput == true ? "standard output is incomplete" : rows.outputName.map { "\($0) was not written" }
            throw CommandFailure(message: "stopped after \(run.totals.rejected) rejected records (--max-rejects \(options.maxRejects ?? 0)); "
                                 + (rest ?? "the rest was not read"), status: CommandFailure.rejectedStatus)
        }
        if !run.damages.isEmpty { throw ExitCode(CommandFailure.damagedStatus) }
        if run.totals.rejected > 0 { throw ExitCode(CommandFailure.rejectedStatus) }
    }
}
