import Foundation
import JSONMapper

/// What a contender does with a corpus file. Throughput is always in MB/s of the file's JSON
/// bytes, so rows of one file and operation compare directly.
enum Operation: String, CaseIterable, Sendable {
    /// JSON bytes → model (parsing included).
    case decode
    /// An already parsed tree (`JSONSerialization`'s `[String: Any]`, or a ``JSONValue``) →
    /// model: the parse is done before timing, as in YYModel's own benchmark.
    case decodeDictionary = "decode-dictionary"
    /// Model → JSON bytes.
    case encode
    /// A JSON Lines file → one model per line, read from disk in bounded memory.
    case stream

    /// The contender every other one of the operation is compared with, and the name of the
    /// ratio field in the JSON report.
    var reference: (library: Library, field: String)? {
        switch self {
        case .decode: (.jsonDecoder, "ratio_vs_JSONDecoder")
        case .decodeDictionary: (.handwrittenDictionary, "ratio_vs_handwritten")
        case .encode: (.jsonEncoder, "ratio_vs_JSONEncoder")
        case .stream: (.jsonDecoderPerLine, "ratio_vs_JSONDecoder")
        }
    }

    /// A second reference: the raw yajl parse, for decoding from bytes.
    var floor: Library? { self == .decode || self == .stream ? .yajl : nil }
}

/// The contenders, named as they appear in reports and `--filter`.
enum Library: String, CaseIterable, Sendable, CustomStringConvertible {
    // decode
    case jsonMapper = "JSONMapper"
    /// JSONMapper on the same file's models declared with `@JSONMappable` instead of by hand.
    case jsonMapperMacro = "JSONMapper-macro"
    case jsonDecoder = "JSONDecoder"
    /// `JSONCodableDecoder` / `JSONCodableEncoder` on the same `Codable` models as JSONDecoder's
    /// and JSONEncoder's rows: the drop-ins.
    case jsonMapperCodable = "JSONMapper-Codable"
    case handwritten = "JSONSerialization+handwritten"
    case yajlTree = "yajl-tree"
    case yajl = "yajl"
    // decode-dictionary
    case jsonMapperDictionary = "JSONMapper-dictionary"
    case handwrittenDictionary = "handwritten-dictionary"
    case jsonMapperJSONValue = "JSONMapper-jsonvalue"
    /// JSONMapper's dictionary path made to walk every member of a wide object (the walk it
    /// would not choose), by padding the model's mapping with keys the file never has.
    case jsonMapperDictionaryWalkAll = "JSONMapper-dictionary-walk-all"
    /// The hand-written mapping written as a walk over every member with a key → field table.
    case handwrittenDictionaryWalkAll = "handwritten-dictionary-walk-all"
    // encode
    case jsonEncoder = "JSONEncoder"
    case jsonSerialization = "JSONSerialization"
    // stream
    /// JSONMapper's record stream with several workers (the stream row named `JSONMapper` has one).
    case jsonMapperParallel = "JSONMapper-parallel"
    /// The same workers, each status reduced by a transform on the worker that decoded it
    /// (`records(_:from:transform:)`), so that no model crosses threads.
    case jsonMapperParallelTransform = "JSONMapper-parallel-transform"
    /// The parallel stream over the same file read as an `AsyncSequence` of 64 KiB chunks, as
    /// a server reads a body: compared with the file source (`JSONMapper-parallel`).
    case jsonMapperParallelAsync = "JSONMapper-parallel-async"
    /// Lines split by hand, each decoded with `JSONDecoder`.
    case jsonDecoderPerLine = "JSONDecoder-per-line"
    /// The yajl floor on as many threads as the parallel stream has workers, each over its
    /// share of the lines: the speed-up the machine itself gives that many threads in this run,
    /// to read the parallel stream rows against.
    case yajlParallel = "yajl-parallel"
    /// Six columns of each status as CSV rows of a runtime schema, one worker: `jsonmap`'s
    /// record path (the planned way, runs of rows per block).
    case jsonMapperRows = "JSONMapper-rows"
    /// JSONMapper's record stream over a body of NIO `ByteBuffer`s (`JSONMapperNIO`), beside the
    /// same bytes as `[UInt8]` chunks (the row named `JSONMapper`).
    case jsonMapperByteBuffer = "JSONMapper-ByteBuffer"

    var description: String { rawValue }

    /// The one-worker counterpart of a parallel contender.
    var oneWorkerCounterpart: Library? {
        switch self {
        case .jsonMapperParallel, .jsonMapperParallelTransform: .jsonMapper
        case .yajlParallel: .yajl
        default: nil
        }
    }

    /// The same stream read from the file, for a contender reading it as async chunks.
    var fileSourceCounterpart: Library? { self == .jsonMapperParallelAsync ? .jsonMapperParallel : nil }

    /// The same decode through the hand-written mapping, for the macro row.
    var handWrittenMappingCounterpart: Library? { self == .jsonMapperMacro ? .jsonMapper : nil }

    /// The counterpart that walks every member, for the walk-choice rows.
    var walkAllCounterpart: Library? {
        switch self {
        case .jsonMapperDictionary: .jsonMapperDictionaryWalkAll
        case .handwrittenDictionary: .handwrittenDictionaryWalkAll
        default: nil
        }
    }
}

/// One contender of a file: an operation done by a library. Written `operation/library` on the
/// command line of a probe child.
struct ContenderID: Hashable, Sendable, CustomStringConvertible {
    let operation: Operation
    let library: Library

    var description: String { "\(operation.rawValue)/\(library.rawValue)" }

    init(_ operation: Operation, _ library: Library) {
        self.operation = operation
        self.library = library
    }

    /// Parses `operation/library`.
    init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/"),
              let operation = Operation(rawValue: String(text[..<slash])),
              let library = Library(rawValue: String(text[text.index(after: slash)...])) else { return nil }
        self.init(operation, library)
    }
}

/// One timed run: does the whole operation once on input prepared beforehand and hands the
/// result to ``blackHole(_:)``.
typealias Run = () throws -> Void

/// One library's way of performing one operation on one corpus file.
struct Contender {
    let id: ContenderID
    /// Decoding threads, for contenders that use several.
    let workers: Int?
    /// Builds the run's input (outside timing: e.g. the parsed tree of a decode-dictionary
    /// contender, or a NUL-terminated copy for `yajl_tree_parse`) and returns the run.
    let prepare: () throws -> Run

    init(_ library: Library, _ operation: Operation, workers: Int? = nil, prepare: @escaping () throws -> Run) {
        id = ContenderID(operation, library)
        self.workers = workers
        self.prepare = prepare
    }

    var library: Library { id.library }
    var operation: Operation { id.operation }
}

/// What a record is in a file (a tweet, a performance, …) and how many the file holds.
struct Records: Encodable {
    let noun: String
    let count: Int
}

/// Everything needed to benchmark one corpus file: its bytes, its contenders and a correctness
/// check that must pass before any of them is timed.
struct FileSuite {
    let file: String
    let data: Data
    /// The file's size: `data.count`, or the size on disk of a file read from there.
    let bytes: Int
    /// How records are counted; the count is filled in by `verify` (from a decoded model).
    let recordNoun: String
    /// Share of the per-file time budget (small files need fewer seconds for a stable median).
    let weight: Double
    /// Fewer rounds than the plan's minimum, for files whose runs take seconds each.
    var minRounds: Int?
    /// A line about where the file comes from, for synthetic files.
    let origin: String?
    let contenders: [Contender]
    /// Drops the inputs the contenders' `prepare` built (parsed trees), once the file is done.
    let release: () -> Void
    /// Decodes the file once with every contender and returns what disagreed.
    let verify: () -> VerificationResult

    init(file: String, data: Data, bytes: Int? = nil, recordNoun: String, weight: Double, origin: String?,
         contenders: [Contender], release: @escaping () -> Void, verify: @escaping () -> VerificationResult) {
        self.file = file
        self.data = data
        self.bytes = bytes ?? data.count
        self.recordNoun = recordNoun
        self.weight = weight
        self.origin = origin
        self.contenders = contenders
        self.release = release
        self.verify = verify
    }

    func selecting(_ keep: (Contender) -> Bool) -> FileSuite {
        var selected = FileSuite(file: file, data: data, bytes: bytes, recordNoun: recordNoun, weight: weight, origin: origin,
                                 contenders: contenders.filter(keep), release: release, verify: verify)
        selected.minRounds = minRounds
        return selected
    }
}

/// Inputs several contenders of a suite share, built on first use and kept (outside timing).
final class SharedInputs {
    let data: Data
    private var foundationTree: Any?
    private var jsonValue: JSONValue?

    init(data: Data) { self.data = data }

    /// `JSONSerialization.jsonObject(with:)` of the file.
    func tree() throws -> Any {
        if let foundationTree { return foundationTree }
        let tree = try JSONSerialization.jsonObject(with: data)
        foundationTree = tree
        return tree
    }

    /// Forgets the trees (they are rebuilt on next use).
    func release() {
        foundationTree = nil
        jsonValue = nil
    }

    /// `JSONValue(parsing:)` of the file.
    func value() throws -> JSONValue {
        if let jsonValue { return jsonValue }
        let value = try JSONValue(parsing: data)
        jsonValue = value
        return value
    }
}

/// Takes a value and does nothing with it, opaquely to the optimizer.
@_optimize(none)
func blackHole<T>(_ value: T) {}
