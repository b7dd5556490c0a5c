/// How the service runs: where it listens and stores, and its limits.
public struct IngestConfiguration: Sendable {
    /// The address to listen on: loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port to listen on.
    public var port = 8080
    /// The SQLite database; `":memory:"` keeps it in memory.
    public var databasePath = "ingest.sqlite"
    /// Threads that decode a request's records (bodies under `smallBodyBytes` are decoded on
    /// the request's own task).
    public var workers = 2
    /// The largest body accepted, compressed or not, and the most bytes a compressed body may
    /// decompress to.
    public var maxBodyBytes = 64 * 1024 * 1024
    /// The longest record accepted.
    public var maxRecordBytes = 1024 * 1024
    /// Accepted rows written per transaction.
    public var batchSize = 2000
    /// Bodies whose declared length is under this are decoded on the request's own task, without
    /// worker threads: starting threads costs more than such a body's records, and concurrent
    /// requests keep the cores busy anyway.
    public var smallBodyBytes = 256 * 1024

    /// The defaults.
    public init() {}

    /// The defaults with `--host`, `--port`, `--database`, `--workers`, `--max-body-bytes`,
    /// `--max-record-bytes` and `--batch-size` read from `arguments`.
    public init(arguments: [String]) throws(ConfigurationError) {
        var remaining = arguments[...]
        while let name = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw .missingValue(name) }
            switch name {
            case "--host": host = value
            case "--port": port = try Self.integer(value, name)
            case "--database": databasePath = value
            case "--workers": workers = try Self.integer(value, name)
            case "--max-body-bytes": maxBodyBytes = try Self.integer(value, name)
            case "--max-record-bytes": maxRecordBytes = try Self.integer(value, name)
            case "--batch-size": batchSize = try Self.integer(value, name)
            default: throw .unknownOption(name)
            }
        }
    }

    private static func integer(_ text: String, _ name: String) throws(ConfigurationError) -> Int {
        guard let value = Int(text), value > 0 else { throw .notAPositiveInteger(name, text) }
        return value
    }
}

/// A command line the service cannot run with.
public enum ConfigurationError: Error, CustomStringConvertible {
    /// An option given last, without its value.
    case missingValue(String)
    /// An option the service does not know.
    case unknownOption(String)
    /// An option whose value must be a positive integer, and its value.
    case notAPositiveInteger(String, String)

    /// What is wrong, for the command line.
    public var description: String {
        switch self {
        case .missingValue(let name): "\(name) needs a value"
        case .unknownOption(let name): "unknown option \(name)"
        case .notAPositiveInteger(let name, let text): "\(name) takes a positive integer, not \(text)"
        }
    }
}
