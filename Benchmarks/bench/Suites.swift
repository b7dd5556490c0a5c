import CorpusModels
import Foundation
import JSONMapper
#if MACRO_BENCH
import MacroCorpusModels
#endif

/// A root model every contender can produce: JSONMapper, Codable, and compared with `==`.
typealias BenchRoot = JSONMappableValue & Codable & Equatable

/// A contender beyond the standard set, with the model it produces for the correctness check
/// (compared exactly with the hand-written mapping of the same `JSONSerialization` tree).
struct ExtraContender<Root> {
    let contender: Contender
    let output: () throws -> Root
}

/// How one file is benchmarked: which operations, what a record is, which hand-written mapping.
struct ModelSpec<Root: BenchRoot> {
    let file: String
    let recordNoun: String
    let records: (Root) -> Int
    let handwritten: (Any) throws -> Root
    var operations: [Operation] = [.decode, .decodeDictionary, .encode]
    var weight = 1.0
    var origin: String?
    var extras: (SharedInputs) -> [ExtraContender<Root>] = { _ in [] }
    /// The same models declared with `@JSONMappable`, for the macro row.
    var macroDeclared: MacroDeclaredModel?
}

/// A corpus model declared with `@JSONMappable`: decoded for timing, and written back with
/// sorted keys for the check against the hand-written mapping (a different type, so compared by
/// what both write).
struct MacroDeclaredModel {
    let decode: (Data) throws -> Void
    let sortedJSON: (Data) throws -> String

    init<Model: JSONMappable>(_ type: Model.Type) {
        decode = { blackHole(try JSONMapDecoder().decode(Model.self, from: $0)) }
        sortedJSON = { try sortedEncoder.encode(try JSONMapDecoder().decode(Model.self, from: $0), as: String.self) }
    }
}

/// Writes keys sorted, so two models with the same values write the same text.
let sortedEncoder = JSONMapEncoder(options: EncodingOptions(sortsKeys: true))

/// The suite of a file whose root model decodes through JSONMapper (bytes, dictionary and
/// JSONValue), Codable and a hand-written mapping from `JSONSerialization`'s dictionaries.
func modelSuite<Root: BenchRoot>(_ spec: ModelSpec<Root>, data: Data) -> FileSuite {
    let inputs = SharedInputs(data: data)
    let handwritten = spec.handwritten
    var contenders: [Contender] = []
    if spec.operations.contains(.decode) {
        contenders += [
            Contender(Library.jsonMapper, .decode) {
                { blackHole(try JSONMapDecoder().decode(Root.self, from: data)) }
            },
            Contender(Library.jsonDecoder, .decode) {
                { blackHole(try JSONDecoder().decode(Root.self, from: data)) }
            },
            Contender(Library.jsonMapperCodable, .decode) {
                { blackHole(try JSONCodableDecoder().decode(Root.self, from: data)) }
            },
            Contender(Library.handwritten, .decode) {
                { blackHole(try handwritten(try JSONSerialization.jsonObject(with: data))) }
            },
            Contender(Library.yajlTree, .decode) {
                // yajl_tree_parse wants a NUL-terminated string: the copy is made here, untimed.
                let text = YajlTree.nulTerminated(data)
                return { blackHole(try YajlTree.parse(text)) }
            },
            Contender(Library.yajl, .decode) {
                { blackHole(try YajlFloor.parse(data)) }
            },
        ]
        if let macro = spec.macroDeclared {
            contenders.append(Contender(Library.jsonMapperMacro, .decode) { { try macro.decode(data) } })
        }
    }
    let extras = spec.extras(inputs)
    if spec.operations.contains(.decodeDictionary) {
        contenders += [
            Contender(Library.jsonMapperDictionary, .decodeDictionary) {
                let tree = try inputs.tree()
                return { blackHole(try JSONMapDecoder().decode(Root.self, fromJSONObject: tree)) }
            },
            Contender(Library.handwrittenDictionary, .decodeDictionary) {
                let tree = try inputs.tree()
                return { blackHole(try handwritten(tree)) }
            },
            Contender(Library.jsonMapperJSONValue, .decodeDictionary) {
                let value = try inputs.value()
                return { blackHole(try JSONMapDecoder().decode(Root.self, from: value)) }
            },
        ]
        contenders += extras.map(\.contender)
    }
    contenders += encodeContenders(Root.self, inputs: inputs, operations: spec.operations)
    return FileSuite(file: spec.file, data: data, recordNoun: spec.recordNoun, weight: spec.weight, origin: spec.origin,
                     contenders: contenders, release: { inputs.release() }) {
        verifyModels(spec, inputs: inputs, extras: extras)
    }
}

/// A corpus file and how to build its suite (the bytes are read only when it is selected).
struct CorpusEntry {
    let file: String
    /// Every contender, known before the file is loaded (for `--filter`).
    let contenderIDs: [ContenderID]
    /// The suite, or nil when the file is not there (with the reason).
    let makeSuite: () throws -> Result<FileSuite, Absent>

    struct Absent: Error {
        let reason: String
    }

    init(file: String, contenderIDs: [ContenderID], makeSuite: @escaping () throws -> Result<FileSuite, Absent>) {
        self.file = file
        self.contenderIDs = contenderIDs
        self.makeSuite = makeSuite
    }

    init<Root: BenchRoot>(_ spec: ModelSpec<Root>, data: @escaping () throws -> Data?) {
        file = spec.file
        let probe = modelSuite(spec, data: Data())
        contenderIDs = probe.contenders.map(\.id)
        makeSuite = {
            guard let bytes = try data() else {
                return .failure(Absent(reason: "\(spec.file) is not in \(corpusDirectory.path) (skipped)"))
            }
            return .success(modelSuite(spec, data: bytes))
        }
    }
}

/// Benchmarks/Corpus, next to the CorpusModels sources.
let corpusDirectory = CorpusFile.twitter.url.deletingLastPathComponent()

/// The bytes of a bundled corpus file, or nil when it is missing.
func bundled(_ name: String) throws -> Data? {
    let url = corpusDirectory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
}

/// The macro-declared twitter models, in a bench built with JSONMAPPER_MACRO_BENCH=1 (they
/// build swift-syntax); nil otherwise, and the JSONMapper-macro row is left out.
#if MACRO_BENCH
private var macroDeclaredTwitter: MacroDeclaredModel? { MacroDeclaredModel(MacroTwitterTimeline.self) }
#else
private var macroDeclaredTwitter: MacroDeclaredModel? { nil }
#endif

/// Every file the bench knows, in report order.
func corpusEntries() -> [CorpusEntry] {
    [
        CorpusEntry(ModelSpec<TwitterTimeline>(
            file: CorpusFile.twitter.rawValue, recordNoun: "statuses", records: { $0.statuses.count },
            handwritten: TwitterTimeline.handwritten, macroDeclared: macroDeclaredTwitter
        )) { try CorpusFile.twitter.data() },
        CorpusEntry(ModelSpec<CitmCatalog>(
            file: CorpusFile.citm.rawValue, recordNoun: "performances", records: { $0.performances.count },
            handwritten: CitmCatalog.handwritten)) { try CorpusFile.citm.data() },
        CorpusEntry(ModelSpec<CanadaFeatureCollection>(
            file: CorpusFile.canada.rawValue, recordNoun: "points",
            records: { $0.features.reduce(0) { $0 + $1.geometry.coordinates.reduce(0) { $0 + $1.count } } },
            handwritten: CanadaFeatureCollection.handwritten)) { try CorpusFile.canada.data() },
        CorpusEntry(ModelSpec<[GitHubEvent]>(
            file: "github_events.json", recordNoun: "events", records: { $0.count },
            handwritten: GitHubEvent.handwrittenArray, weight: 0.5)) { try bundled("github_events.json") },
        CorpusEntry(ModelSpec<[String: GsocProject]>(
            file: "gsoc-2018.json", recordNoun: "projects", records: { $0.count },
            handwritten: GsocProject.handwrittenTable)) { try bundled("gsoc-2018.json") },
        CorpusEntry(WideCorpus.wideSpec) { WideCorpus.wide() },
        CorpusEntry(WideCorpus.narrowSpec) { WideCorpus.narrow() },
        StreamCorpus.entry,
        SmallChunkStream.entry,
        RequestBodyStream.entry,
    ] + codableShapeEntries()
}
