import Foundation
import JSONMapper

/// One library's way of performing one operation on one corpus file.
///
/// `run` does the whole operation once (e.g. a full decode from `Data` to the root model) and
/// hands its result to ``blackHole(_:)`` so the optimizer cannot drop the work.
struct Contender {
    /// The library's name as it appears in reports and `--filter` ("JSONMapper", "yajl", …).
    let library: String
    /// What is measured; every contender here decodes.
    let operation: String
    let run: (Data) throws -> Void

    init(_ library: String, operation: String = "decode", run: @escaping (Data) throws -> Void) {
        self.library = library
        self.operation = operation
        self.run = run
    }
}

/// The contender names, in the order they are run within a round and listed in reports.
enum Library {
    static let jsonMapper = "JSONMapper"
    static let jsonDecoder = "JSONDecoder"
    static let handwritten = "JSONSerialization+handwritten"
    static let yajl = "yajl"
}

/// Everything needed to benchmark one corpus file: its bytes, its contenders and a correctness
/// check that must pass before any of them is timed.
struct FileSuite {
    let file: String
    let data: Data
    let contenders: [Contender]
    /// Decodes the file once with every contender and returns what disagreed.
    let verify: () -> VerificationResult
}

/// A root model every contender can produce: JSONMapper, Codable, and compared with `==`.
typealias JSONMappableRoot = JSONMappable & Decodable & Equatable

/// The suite for a file whose root model decodes through JSONMapper, Codable and a hand-written
/// mapping from `JSONSerialization`'s dictionaries.
func modelSuite<Root: JSONMappableRoot>(
    file: String, data: Data, root: Root.Type, handwritten: @escaping (Any) throws -> Root
) -> FileSuite {
    let contenders = [
        Contender(Library.jsonMapper) { data in
            blackHole(try JSONMapper.decode(Root.self, from: data))
        },
        Contender(Library.jsonDecoder) { data in
            blackHole(try JSONDecoder().decode(Root.self, from: data))
        },
        Contender(Library.handwritten) { data in
            blackHole(try handwritten(try JSONSerialization.jsonObject(with: data)))
        },
        Contender(Library.yajl) { data in
            blackHole(try YajlFloor.parse(data))
        },
    ]
    return FileSuite(file: file, data: data, contenders: contenders) {
        verifyModels(file: file, data: data, root: root, handwritten: handwritten)
    }
}

/// Takes a value and does nothing with it, opaquely to the optimizer.
@_optimize(none)
func blackHole<T>(_ value: T) {}
