import Foundation
import Testing

/// The DSL's common mistakes fail to compile with a message that says what to do, checked by
/// type-checking snippets against the built `JSONMapper` module.
@Suite("Model: compile errors of the DSL")
struct DSLDiagnosticsTests {
    static let settable = "a mapped property must be settable: declare it with 'var', not 'let' or get-only (decoding writes it)"
    static let modelType = "name the model type: 'JSONMapping<Model> { … }', or give the property its type: 'static let jsonMapping: JSONMapping<Model> = JSONMapping { … }'"

    /// The snippets' correct form compiles: the harness itself works.
    @Test func aCorrectMappingCompiles() throws {
        let outcome = try SwiftCompiler.typecheck("""
            import Foundation
            import JSONMapper
            struct User: JSONMappable {
                var id = 0
                var seen: Date?
                static let jsonMapping = JSONMapping<User> {
                    JSONMap(\\.id, "id")
                    JSONMap(\\.seen, ["seen", "last_seen"], transform: .date(format: "yyyy-MM-dd"))
                }
            }
            final class Shape: JSONMappable {
                var id = 0
                required init() {}
                class var jsonMapping: JSONMapping<Shape> { JSONMapping { JSONMap(\\.id, "id") } }
            }
            """)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(!outcome.output.contains("error:"), "\(outcome.output)")
    }

    @Test(arguments: [
        #"JSONMap(\.id, "id")"#,
        #"JSONMap(\.id, ["id", "ID"], required: true)"#,
        #"JSONMap(\.day, "day", transform: .date(format: "yyyy-MM-dd"))"#,
        #"JSONMap(\.seen, ["seen"], transform: .date(format: "yyyy-MM-dd"))"#,
        #"JSONMap(\.computed, "c")"#,
    ])
    func mappingALetSaysToDeclareAVar(_ entry: String) throws {
        let outcome = try SwiftCompiler.typecheck("""
            import Foundation
            import JSONMapper
            struct User: JSONMappable {
                let id = 0
                let day = Date()
                let seen: Date? = nil
                var computed: Int { 1 }
                var name = ""
                static let jsonMapping = JSONMapping<User> {
                    JSONMap(\\.name, "name")
                    \(entry)
                }
            }
            """)
        #expect(outcome.status != 0)
        #expect(outcome.output.contains("error: 'init(_:_:required:") && outcome.output.contains("is unavailable: \(Self.settable)"),
                "\(outcome.output)")
    }

    @Test(arguments: [
        "static let jsonMapping = JSONMapping {",
        "static let jsonMapping = JSONMapping(keyStrategy: .snakeCase, ignoring: [\\.note]) {",
    ])
    func aMappingWithoutItsModelTypeSaysToNameIt(_ opening: String) throws {
        let outcome = try SwiftCompiler.typecheck("""
            import Foundation
            import JSONMapper
            struct User: JSONMappable {
                var id = 0
                var note = ""
                var seen: Date?
                \(opening)
                    JSONMap(\\.id, "id")
                    JSONMap(\\.note, ["note", "n"])
                    JSONMap(\\.seen, "seen", transform: .date(format: "yyyy-MM-dd"))
                }
            }
            """)
        #expect(outcome.status != 0)
        #expect(outcome.output.contains("is unavailable: \(Self.modelType)"), "\(outcome.output)")
        // The one message, not the generic-parameter errors it replaces.
        #expect(!outcome.output.contains("could not be inferred"), "\(outcome.output)")
    }
}
