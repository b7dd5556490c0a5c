import CorpusModels
import Foundation

/// A corpus file and how to build its suite (the bytes are read only when it is selected).
struct CorpusEntry {
    let file: String
    let libraries = [Library.jsonMapper, Library.jsonDecoder, Library.handwritten, Library.yajl]
    let makeSuite: () throws -> FileSuite

    /// The entry for a corpus file whose root model is `Root`.
    init<Root: JSONMappableRoot>(_ corpus: CorpusFile, _ root: Root.Type, handwritten: @escaping (Any) throws -> Root) {
        file = corpus.rawValue
        makeSuite = {
            modelSuite(file: corpus.rawValue, data: try corpus.data(), root: root, handwritten: handwritten)
        }
    }
}

/// Every corpus file the bench knows, in report order.
func corpusEntries() -> [CorpusEntry] {
    [
        CorpusEntry(.twitter, TwitterTimeline.self, handwritten: TwitterTimeline.handwritten),
        CorpusEntry(.citm, CitmCatalog.self, handwritten: CitmCatalog.handwritten),
        CorpusEntry(.canada, CanadaFeatureCollection.self, handwritten: CanadaFeatureCollection.handwritten),
    ]
}
