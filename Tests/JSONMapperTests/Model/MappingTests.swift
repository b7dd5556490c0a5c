import Foundation
import Testing
@testable import JSONMapper

/// The Model layer: the `JSONMapping` DSL (keys, key paths, fallbacks, shared keys, required
/// keys, transforms, key strategies, allow/ignore lists, classes and inheritance) and the
/// compiled key tree, decoded through `JSONMapDecoder.decode` and written through
/// `JSONMapEncoder`. The tests are split by the source file they exercise; this file holds
/// the shared helpers and fixtures.
@Suite("Model layer")
struct MappingUnitTests: CapturesMappingErrors {

    // MARK: - Helpers



    struct Person: JSONMappable, Equatable, Hashable, Sendable {
        var name = ""
        var age = 0
        static let jsonMapping = JSONMapping<Person> {
            JSONMap(\.name, "name")
            JSONMap(\.age, "age")
        }
    }
}
