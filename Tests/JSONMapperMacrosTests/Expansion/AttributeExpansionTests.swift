import Testing

/// What `@JSONMappable` and each property attribute expand to: the `JSONMap` DSL a person writes.
@Suite("Macro expansion: attributes")
struct AttributeExpansionTests {

    @Test func storedVarsMapUnderTheirNames() {
        assertExpansion(
            """
            @JSONMappable
            struct User {
                var id = 0
                var name: String = ""
                var avatar: URL?
                private var note = ""
                var `default` = false
                var observed = 0 {
                    didSet {}
                }
                var upper: String { name.uppercased() }
                static var count = 0
            }
            """,
            expandedSource: """
            struct User {
                var id = 0
                @_JSONMappedValue
                var name: String = ""
                @_JSONMappedValue
                var avatar: URL?
                private var note = ""
                var `default` = false
                var observed = 0 {
                    didSet {}
                }
                var upper: String { name.uppercased() }
                static var count = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.id, "id")
                        JSONMapper.JSONMap(\\.name, "name")
                        JSONMapper.JSONMap(\\.avatar, "avatar")
                        JSONMapper.JSONMap(\\.note, "note")
                        JSONMapper.JSONMap(\\.`default`, "default")
                        JSONMapper.JSONMap(\\.observed, "observed")
                    }
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """)
    }

    /// A type with `CodingKeys` maps as `Codable` reads it: each listed property under its
    /// case's string value (a key with a `.` or `[` is one key, escaped for the mapping-key
    /// grammar), an unlisted one not at all, and `@JSONKey` over both.
    @Test func codingKeysGiveTheKeys() {
        assertExpansion(
            #"""
            @JSONMappable
            struct Item {
                var id = 0
                var title = ""
                var note = ""
                let version = 1
                @JSONKey("k") var other = 0
                enum CodingKeys: String, CodingKey {
                    case id = "item_id"
                    case title = "a.b[0]\\"
                    case other
                }
            }
            """#,
            expandedSource: #"""
            struct Item {
                var id = 0
                var title = ""
                var note = ""
                let version = 1
                var other = 0
                enum CodingKeys: String, CodingKey {
                    case id = "item_id"
                    case title = "a.b[0]\\"
                    case other
                }

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\.id, "item_id")
                        JSONMapper.JSONMap(\.title, "a\\.b\\[0]\\\\")
                        JSONMapper.JSONMap(\.other, "k")
                    }
                }
            }

            extension Item: JSONMapper.JSONMappable {
            }
            """#)
    }

    @Test func codingKeysWithoutRawValuesUseTheCaseNames() {
        assertExpansion(
            """
            @JSONMappable
            struct Point {
                var x = 0.0
                var y = 0.0
                var cache = 0
                enum CodingKeys: CodingKey {
                    case x, y
                }
            }
            """,
            expandedSource: """
            struct Point {
                var x = 0.0
                var y = 0.0
                var cache = 0
                enum CodingKeys: CodingKey {
                    case x, y
                }

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.x, "x")
                        JSONMapper.JSONMap(\\.y, "y")
                    }
                }
            }

            extension Point: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func keyStrategyIsTheMappingsStrategy() {
        assertExpansion(
            """
            @JSONMappable(keyStrategy: .snakeCase)
            public struct User {
                var screenName = ""
            }
            """,
            expandedSource: """
            public struct User {
                var screenName = ""

                /// The mapping of the stored properties, written by `@JSONMappable`.
                public static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self>(keyStrategy: .snakeCase) {
                        JSONMapper.JSONMap(\\.screenName, "screenName")
                    }
                }

                /// An instance with every property at its default, which decoding fills in.
                public init() {
                }
            }

            extension User: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func jsonKeyTakesKeysKeyPathsIndexPathsAndFallbacks() {
        assertExpansion(
            #"""
            @JSONMappable
            struct Status {
                @JSONKey("id_str") var id = ""
                @JSONKey("user.screen_name") var author = ""
                @JSONKey("entities.urls[0].expanded_url") var link = ""
                @JSONKey("profile.avatar_url", "avatar") var avatar = ""
                @JSONKey(#"a\.b"#) var dotted = 0
            }
            """#,
            expandedSource: #"""
            struct Status {
                var id = ""
                var author = ""
                var link = ""
                var avatar = ""
                var dotted = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\.id, "id_str")
                        JSONMapper.JSONMap(\.author, "user.screen_name")
                        JSONMapper.JSONMap(\.link, "entities.urls[0].expanded_url")
                        JSONMapper.JSONMap(\.avatar, ["profile.avatar_url", "avatar"])
                        JSONMapper.JSONMap(\.dotted, #"a\.b"#)
                    }
                }
            }

            extension Status: JSONMapper.JSONMappable {
            }
            """#)
    }

    @Test func positionalKeysMapArrayRecords() {
        assertExpansion(
            """
            @JSONMappable
            struct Row {
                @JSONKey("[0]") @JSONRequired var asin = ""
                @JSONKey("[4].name") var seller = ""
            }
            """,
            expandedSource: """
            struct Row {
                var asin = ""
                var seller = ""

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.asin, "[0]", required: true)
                        JSONMapper.JSONMap(\\.seller, "[4].name")
                    }
                }
            }

            extension Row: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func ignoredPropertiesAreLeftOut() {
        assertExpansion(
            """
            @JSONMappable
            struct Cache {
                var id = 0
                @JSONIgnore var hits = 0
                @JSONIgnore let created = 0
            }
            """,
            expandedSource: """
            struct Cache {
                var id = 0
                var hits = 0
                let created = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.id, "id")
                    }
                }
            }

            extension Cache: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func transformsAndFamiliesPassThrough() {
        assertExpansion(
            """
            @JSONMappable
            struct Drawing {
                @JSONTransform(.date(format: "MMM dd, yyyy")) var built: Date?
                @JSONKey("closed", "closed_at") @JSONTransform(EpochTransformer()) var closed = Date()
                @JSONFamily(ShapeFamily.self) var shapes: [any Shape] = []
                @JSONKey("main") @JSONFamily(ShapeFamily.self) @JSONRequired var main: (any Shape)?
            }
            """,
            expandedSource: """
            struct Drawing {
                var built: Date?
                var closed = Date()
                var shapes: [any Shape] = []
                var main: (any Shape)?

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.built, "built", transform: .date(format: "MMM dd, yyyy"))
                        JSONMapper.JSONMap(\\.closed, ["closed", "closed_at"], transform: EpochTransformer())
                        JSONMapper.JSONMap(\\.shapes, "shapes", family: ShapeFamily.self)
                        JSONMapper.JSONMap(\\.main, "main", required: true, family: ShapeFamily.self)
                    }
                }
            }

            extension Drawing: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func genericTypesMapThroughSelfOrTheirArguments() {
        assertExpansion(
            """
            @JSONMappable
            struct Page<Item: JSONMappableValue> {
                var items: [Item] = []
            }
            @JSONMappable
            class Node<Value: JSONMappableValue> {
                var value: Value?
            }
            """,
            expandedSource: """
            struct Page<Item: JSONMappableValue> {
                @_JSONMappedValue
                var items: [Item] = []

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.items, "items")
                    }
                }
            }
            class Node<Value: JSONMappableValue> {
                @_JSONMappedValue
                var value: Value?

                /// The mapping of the stored properties, written by `@JSONMappable`.
                class var jsonMapping: JSONMapper.JSONMapping<Node<Value>> {
                    JSONMapper.JSONMapping<Node<Value>> {
                        JSONMapper.JSONMap(\\.value, "value")
                    }
                }

                /// An instance with every property at its default, which decoding fills in.
                required init() {
                }
            }

            extension Page: JSONMapper.JSONMappable {
            }

            extension Node: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func classesGetARequiredInitWhenTheyLackOne() {
        assertExpansion(
            """
            @JSONMappable
            open class Shape {
                var id = 0
            }
            @JSONMappable
            final class Point {
                var x = 0.0
                init() {}
                init(x: Double) { self.x = x }
            }
            """,
            expandedSource: """
            open class Shape {
                var id = 0

                /// The mapping of the stored properties, written by `@JSONMappable`.
                open class var jsonMapping: JSONMapper.JSONMapping<Shape> {
                    JSONMapper.JSONMapping<Shape> {
                        JSONMapper.JSONMap(\\.id, "id")
                    }
                }

                /// An instance with every property at its default, which decoding fills in.
                public required init() {
                }
            }
            final class Point {
                var x = 0.0
                init() {}
                init(x: Double) { self.x = x }

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Point> {
                    JSONMapper.JSONMapping<Point> {
                        JSONMapper.JSONMap(\\.x, "x")
                    }
                }
            }

            extension Shape: JSONMapper.JSONMappable {
            }

            extension Point: JSONMapper.JSONMappable {
            }
            """)
    }

    @Test func aSubclassExtendsItsSuperclassMapping() {
        assertExpansion(
            """
            @JSONMappable
            final class Circle: Shape {
                var radius = 0.0
            }
            @JSONMappable(keyStrategy: .useDeclaredKeys)
            class Square: Shape {
                var sideLength = 0.0
                init(side: Double) {
                    sideLength = side
                    super.init()
                }
            }
            """,
            expandedSource: """
            final class Circle: Shape {
                var radius = 0.0

                /// The superclass's mapping and this class's stored properties, written by `@JSONMappable`.
                override class var jsonMapping: JSONMapper.JSONMapping<MappingRoot> {
                    super.jsonMapping.extended(for: Circle.self) {
                        JSONMapper.JSONMap(\\.radius, "radius")
                    }
                }
            }
            class Square: Shape {
                var sideLength = 0.0
                init(side: Double) {
                    sideLength = side
                    super.init()
                }

                /// The superclass's mapping and this class's stored properties, written by `@JSONMappable`.
                override class var jsonMapping: JSONMapper.JSONMapping<MappingRoot> {
                    super.jsonMapping.extended(for: Square.self, keyStrategy: .useDeclaredKeys) {
                        JSONMapper.JSONMap(\\.sideLength, "sideLength")
                    }
                }

                /// An instance with every property at its default, which decoding fills in.
                required init() {
                    super.init()
                }
            }
            """,
            macros: MacroSpecs.subclass)
    }

    @Test func aClassNamingTheProtocolIsARootClass() {
        assertExpansion(
            """
            @JSONMappable
            class Account: JSONMappable {
                var id = 0
                required init() {}
            }
            """,
            expandedSource: """
            class Account: JSONMappable {
                var id = 0
                required init() {}

                /// The mapping of the stored properties, written by `@JSONMappable`.
                class var jsonMapping: JSONMapper.JSONMapping<Account> {
                    JSONMapper.JSONMapping<Account> {
                        JSONMapper.JSONMap(\\.id, "id")
                    }
                }
            }
            """,
            macros: MacroSpecs.subclass)
    }

    @Test func eachTypedPropertyIsCheckedWhereItIsDeclared() {
        assertExpansion(
            """
            @JSONMappable
            struct Tagged {
                var tags: Set<String> = []
                var count = 0
                @JSONTransform(UpperTransformer()) var label: String = ""
            }
            """,
            expandedSource: """
            struct Tagged {
                var tags: Set<String> = []

                private typealias _JSONMappedValue_tags = JSONMapperMacros._JSONMappableValueRequirement<Set<String>>
                var count = 0
                var label: String = ""

                /// The mapping of the stored properties, written by `@JSONMappable`.
                static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self> {
                        JSONMapper.JSONMap(\\.tags, "tags")
                        JSONMapper.JSONMap(\\.count, "count")
                        JSONMapper.JSONMap(\\.label, "label", transform: UpperTransformer())
                    }
                }
            }

            extension Tagged: JSONMapper.JSONMappable {
            }
            """,
            macros: MacroSpecs.checkingTypes)
    }
}
