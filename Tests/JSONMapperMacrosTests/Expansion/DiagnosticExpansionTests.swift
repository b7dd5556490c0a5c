import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every diagnostic of `@JSONMappable`: its message, where it points, and its fix-it applied.
@Suite("Macro expansion: diagnostics")
struct DiagnosticExpansionTests {

    @Test func aLetPropertyIsMadeVar() {
        assertExpansion(
            """
            @JSONMappable
            struct User {
                let id = 0
            }
            """,
            expandedSource: """
            struct User {
                let id = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'id' is a 'let': decoding sets properties after init(), so a mapped property must be a 'var'",
                               line: 3, column: 5, fixIts: [FixItSpec(message: "make it 'var'")]),
            ],
            fixedSource: """
            @JSONMappable
            struct User {
                var id = 0
            }
            """)
    }

    @Test func aPropertyWithoutDefaultGetsOne() {
        let message = { (name: String) in
            "'\(name)' needs a default value: decoding starts from init() and sets only the keys the JSON holds"
        }
        assertExpansion(
            """
            @JSONMappable
            struct User {
                var id: Int
                var name: String
                var shape: Shape
                var tags: [String]
                var note: String?
            }
            """,
            expandedSource: """
            struct User {
                @_JSONMappedValue
                var id: Int
                @_JSONMappedValue
                var name: String
                @_JSONMappedValue
                var shape: Shape
                @_JSONMappedValue
                var tags: [String]
                @_JSONMappedValue
                var note: String?

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.note, "note")
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: message("id"), line: 3, column: 9, fixIts: [FixItSpec(message: "add a default value")]),
                DiagnosticSpec(message: message("name"), line: 4, column: 9, fixIts: [FixItSpec(message: "add a default value")]),
                DiagnosticSpec(message: message("shape"), line: 5, column: 9, fixIts: [FixItSpec(message: "add a default value")]),
                DiagnosticSpec(message: message("tags"), line: 6, column: 9, fixIts: [FixItSpec(message: "add a default value")]),
            ],
            fixedSource: """
            @JSONMappable
            struct User {
                var id: Int = 0
                var name: String = ""
                var shape: Shape = <#default value#>
                var tags: [String] = []
                var note: String?
            }
            """)
    }

    @Test func malformedKeysAreErrorsAtTheKey() {
        assertExpansion(
            """
            @JSONMappable
            struct User {
                @JSONKey("a[x]") var a = 0
                @JSONKey("a..b") var b = 0
                @JSONKey("") var c = 0
                @JSONKey("a[") var d = 0
                @JSONKey("ok", "x[1") var e = 0
                @JSONKey("[0]") var f = 0
            }
            """,
            expandedSource: """
            struct User {
                var a = 0
                var b = 0
                var c = 0
                var d = 0
                var e = 0
                var f = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.f, "[0]")
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: #"malformed key "a[x]": an array index is digits only, found 'x' (escape a '[' that belongs to a key as \[) (at character 3)"#, line: 3, column: 14),
                DiagnosticSpec(message: #"malformed key "a..b": empty name between separators (at character 3)"#, line: 4, column: 14),
                DiagnosticSpec(message: #"malformed key "": a key cannot be empty (at character 1)"#, line: 5, column: 14),
                DiagnosticSpec(message: #"malformed key "a[": '[' is never closed (at character 2)"#, line: 6, column: 14),
                DiagnosticSpec(message: #"malformed key "x[1": '[' is never closed (at character 2)"#, line: 7, column: 20),
            ])
    }

    @Test func twoPropertiesOnOneKeyWarnUnlessShared() {
        let message = { (property: String, key: String, owner: String) in
            "'\(property)' maps key \"\(key)\", which '\(owner)' maps too: both are set from it; mark it @JSONKey(..., shared: true) if that is intended"
        }
        let fixIt = FixItSpec(message: "mark the key shared")
        assertExpansion(
            """
            @JSONMappable
            struct User {
                var id = 0
                @JSONKey("id") var identifier = 0
                @JSONKey("name") var name = ""
                @JSONKey("alias", "name") var alias = ""
                @JSONKey("key") var first = 0
                var key = 0
                @JSONKey("id", shared: true) var idCopy = 0
            }
            """,
            expandedSource: """
            struct User {
                var id = 0
                var identifier = 0
                var name = ""
                var alias = ""
                var first = 0
                var key = 0
                var idCopy = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.id, "id")
                        JSONMapper.JSONMap(\\.identifier, "id")
                        JSONMapper.JSONMap(\\.name, "name")
                        JSONMapper.JSONMap(\\.alias, ["alias", "name"])
                        JSONMapper.JSONMap(\\.first, "key")
                        JSONMapper.JSONMap(\\.key, "key")
                        JSONMapper.JSONMap(\\.idCopy, "id")
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: message("identifier", "id", "id"), line: 4, column: 14, severity: .warning,
                               notes: [NoteSpec(message: #"'id' maps "id" here"#, line: 3, column: 9)], fixIts: [fixIt]),
                DiagnosticSpec(message: message("alias", "name", "name"), line: 6, column: 23, severity: .warning,
                               notes: [NoteSpec(message: #"'name' maps "name" here"#, line: 5, column: 14)], fixIts: [fixIt]),
                DiagnosticSpec(message: message("key", "key", "first"), line: 8, column: 9, severity: .warning,
                               notes: [NoteSpec(message: #"'first' maps "key" here"#, line: 7, column: 14)], fixIts: [fixIt]),
            ],
            fixedSource: """
            @JSONMappable
            struct User {
                var id = 0
                @JSONKey("id", shared: true) var identifier = 0
                @JSONKey("name") var name = ""
                @JSONKey("alias", "name", shared: true) var alias = ""
                @JSONKey("key") var first = 0
                @JSONKey("key", shared: true) var key = 0
                @JSONKey("id", shared: true) var idCopy = 0
            }
            """)
    }

    @Test(arguments: [("enum", "an enum", "enum Kind {\n    case a\n}"),
                      ("protocol", "a protocol", "protocol Kind {\n}"),
                      ("actor", "an actor", "actor Kind {\n    var a = 0\n}")])
    func onlyStructsAndClassesAreModels(keyword: String, description: String, declaration: String) {
        assertExpansion(
            "@JSONMappable\n" + declaration,
            expandedSource: declaration,
            diagnostics: [
                DiagnosticSpec(message: "@JSONMappable applies to a struct or a class, not to \(description)", line: 1, column: 1),
            ])
    }

    @Test func keysMustBeStringLiterals() {
        assertExpansion(
            #"""
            @JSONMappable
            struct User {
                @JSONKey(userKey) var a = 0
                @JSONKey() var b = 0
                @JSONKey("x\(y)") var c = 0
            }
            """#,
            expandedSource: """
            struct User {
                var a = 0
                var b = 0
                var c = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@JSONKey takes string literals, so that each key is checked when the model compiles", line: 3, column: 14),
                DiagnosticSpec(message: "@JSONKey needs at least one key", line: 4, column: 5),
                DiagnosticSpec(message: "@JSONKey takes string literals, so that each key is checked when the model compiles", line: 5, column: 14),
            ])
    }

    @Test func familiesTakeOneKeyAndNoTransform() {
        assertExpansion(
            """
            @JSONMappable
            struct Drawing {
                @JSONKey("a", "b") @JSONFamily(ShapeFamily.self) var shapes: [any Shape] = []
                @JSONFamily(ShapeFamily.self) @JSONTransform(T()) var main: (any Shape)?
            }
            """,
            expandedSource: """
            struct Drawing {
                var shapes: [any Shape] = []
                var main: (any Shape)?

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                    }
                }
            }

            extension Drawing: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "a @JSONFamily property takes one key, not a fallback list", line: 3, column: 24),
                DiagnosticSpec(message: "a property takes either @JSONFamily or @JSONTransform, not both", line: 4, column: 5),
            ])
    }

    @Test func attributesOnComputedOrStaticPropertiesAreErrors() {
        assertExpansion(
            """
            @JSONMappable
            struct User {
                @JSONKey("n") var upper: String { "" }
                @JSONRequired static var shared = 0
            }
            """,
            expandedSource: """
            struct User {
                var upper: String { "" }
                static var shared = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@JSONKey applies to stored instance properties; this one is computed", line: 3, column: 5),
                DiagnosticSpec(message: "@JSONRequired applies to stored instance properties; this one is static", line: 4, column: 5),
            ])
    }

    @Test func oneKeyNamesOnePropertyAndPatternsAreSplit() {
        assertExpansion(
            """
            @JSONMappable
            struct Point {
                @JSONKey("x") var x = 0, y = 0
                var (a, b) = (0, 0)
                var c = 0, d = 1
            }
            """,
            expandedSource: """
            struct Point {
                var x = 0, y = 0
                var (a, b) = (0, 0)
                var c = 0, d = 1

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.c, "c")
                        JSONMapper.JSONMap(\\.d, "d")
                    }
                }
            }

            extension Point: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                // The macro system's own error: a peer macro cannot attach to several variables.
                DiagnosticSpec(message: "peer macro can only be applied to a single variable", line: 3, column: 5),
                DiagnosticSpec(message: "@JSONKey names the keys of one property; declare these properties separately", line: 3, column: 5),
                DiagnosticSpec(message: "@JSONMappable maps named properties; declare each property of this pattern separately", line: 4, column: 9),
            ])
    }

    @Test func aCodingKeyNamingNoPropertyIsAWarning() {
        assertExpansion(
            """
            @JSONMappable
            struct Item {
                var id = 0
                enum CodingKeys: String, CodingKey {
                    case id
                    case removed = "gone"
                }
            }
            """,
            expandedSource: """
            struct Item {
                var id = 0
                enum CodingKeys: String, CodingKey {
                    case id
                    case removed = "gone"
                }

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.id, "id")
                    }
                }
            }

            extension Item: JSONMapper.JSONMappable {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "CodingKeys case 'removed' names no property @JSONMappable maps (a stored 'var' of this type without @JSONKey or @JSONIgnore)",
                               line: 6, column: 14, severity: .warning),
            ])
    }
}
