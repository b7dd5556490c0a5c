import ArgumentParser
import Foundation
import JSONMapper

/// `jsonmap`: converts streams of JSON records to CSV, TSV, NDJSON or a JSON array through a
/// column spec, accounting for every record (written or rejected, with the reason).
@main
struct Jsonmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap",
        abstract: "Convert JSON records (JSON Lines, arrays, concatenated) to CSV, TSV, NDJSON or JSON.",
        discussion: """
            Every record read is either written or rejected, with its reason, input line and byte \
            offset (--rejects FILE). Exit status: 0 when every record was written, 1 when some were \
            rejected, 2 for a usage, spec or I/O error, 3 when an input was damaged (malformed JSON \
            ending an array or concatenated input, or a read error): every record before the damage \
            is written or rejected, the output is committed, and stderr names the byte where reading \
            stopped. When the reader of standard output closes it early (`| head`), the run ends \
            quietly with status 141 (128 + SIGPIPE, as a process that signal ends), committing \
            nothing; SIGINT, SIGTERM and SIGHUP end it with 128 + the signal, leaving no file.
            """,
        subcommands: [ConvertCommand.self, ValidateCommand.self, InferCommand.self]
    )

    /// Runs the command line, with exit status 2 for every usage error (the argument parser's
    /// own is 64) and 0 for help. Every way out removes the temporary files of outputs that
    /// were not committed.
    static func main() {
        // A reader closing standard output makes writes fail with EPIPE, which ends the run
        // through `CommandFailure.closedOutput` (temporary files removed), instead of
        // killing the process on SIGPIPE with its temporary files left behind.
        signal(SIGPIPE, SIG_IGN)
        returnLargeBuffersToTheSystem()
        do {
            var command = try parseAsRoot()
            try command.run()
            exit(0)
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { FileHandle.standardError.write(Data("jsonmap: \(failure.message)\n".utf8)) }
            exit(failure.status)
        } catch let status as ExitCode {
            exit(status.rawValue)
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success {
                print(message)
                exit(0)
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(CommandFailure.usageStatus)
        }
    }

    /// Makes every buffer of a megabyte or more its own mapping, given back to the system when
    /// freed. A run allocates such buffers over and over (a row group's columns, a block's
    /// output); by default glibc raises this threshold to the largest buffer freed so far and
    /// keeps the later ones in its heap, so resident memory would grow with the input.
    private static func returnLargeBuffersToTheSystem() {
        mapAllocations(from: 1 << 20)
    }

    private static func exit(_ status: Int32) -> Never {
        TemporaryFiles.shared.removeAll()
        Foundation.exit(status)
    }
}

/// Why a run stopped, with its exit status: 1 for rejected records, 2 for usage, spec and
/// I/O errors, 3 for a damaged input, 141 for standard output closed by its reader. The
/// message is one line for stderr, naming the file and position (none for a closed output).
struct CommandFailure: Error {
    static let rejectedStatus: Int32 = 1
    static let usageStatus: Int32 = 2
    static let damagedStatus: Int32 = 3
    /// 128 + SIGPIPE: what a shell reports for a process that a closed pipe ended, so a
    /// pipeline treats `jsonmap … | head` as it treats `cat … | head`.
    static let closedOutputStatus: Int32 = 128 + SIGPIPE

    /// Standard output's reader closed it before the run ended: the run stops without a
    /// message, since nobody wants the rest, and commits nothing.
    static let closedOutput = CommandFailure(message: "", status: closedOutputStatus)

    let message: String
    let status: Int32

    /// A usage, spec or I/O error (exit status 2).
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: usageStatus)
    }
}
