import Foundation

/// A JSON file of the bundled benchmark corpus (`Benchmarks/Corpus`).
public enum CorpusFile: String, CaseIterable, Sendable {
    /// Twitter search results (`TwitterTimeline`): strings, 64-bit ids, nesting.
    case twitter = "twitter.json"
    /// A ticketing catalog (`CitmCatalog`): integers, keyed objects.
    case citm = "citm_catalog.json"
    /// A GeoJSON outline of Canada (`CanadaFeatureCollection`): floating-point arrays.
    case canada = "canada.json"

    /// The corpus folder, found from this source file's path: `Benchmarks/CorpusModels/../Corpus`.
    private static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Benchmarks/CorpusModels
        .deletingLastPathComponent()  // Benchmarks
        .appendingPathComponent("Corpus", isDirectory: true)

    /// Where the file is on disk.
    public var url: URL { Self.directory.appendingPathComponent(rawValue, isDirectory: false) }

    /// The file's bytes.
    public func data() throws -> Data { try Data(contentsOf: url) }
}
