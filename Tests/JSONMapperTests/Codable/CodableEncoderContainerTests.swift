import Foundation
@testable import JSONMapper
import Testing

// Containers, strategies and keys: JSONCodableEncoder against Foundation's JSONEncoder.

@Suite("Codable encoder parity: containers and strategies")
struct CodableEncoderContainerTests {
    // MARK: Nested and super encoders

    struct Nested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: AnyKey.self)
            try root.encode("first", forKey: AnyKey("name"))
            var info = root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("info"))
            try info.encode(1, forKey: AnyKey("a"))
            var list = info.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode(true)
            var inner = list.nestedContainer(keyedBy: AnyKey.self)
            try inner.encode(2.5, forKey: AnyKey("x"))
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode("y")
            try list.encode(list.count)
            try root.encode(3, forKey: AnyKey("z"))
        }
    }

    @Test func nestedContainersInOrder() throws {
        try expectSameBytes(Nested())
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(Nested(), settings)
    }

    /// Containers written after their parent moved on land where Foundation puts them.
    struct OutOfOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: AnyKey.self)
            var first = root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("first"))
            var second = root.nestedUnkeyedContainer(forKey: AnyKey("second"))
            var grandchild = first.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("grandchild"))
            try root.encode("middle", forKey: AnyKey("middle"))
            try first.encode(1, forKey: AnyKey("one"))
            try second.encode(2)
            var elements = root.nestedUnkeyedContainer(forKey: AnyKey("elements"))
            var a = elements.nestedContainer(keyedBy: AnyKey.self)
            var b = elements.nestedUnkeyedContainer()
            try elements.encode("last")
            try a.encode("late", forKey: AnyKey("a"))
            try b.encode("late b")
            try grandchild.encode(true, forKey: AnyKey("deep"))
            try second.encode(3)
            try first.encode(4, forKey: AnyKey("four"))
            try elements.encode("after")
        }
    }

    @Test func containersUsedAfterTheirParentMovedOn() throws {
        try expectSameBytes(OutOfOrder())
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(OutOfOrder(), settings)
        settings.formatting = []
        try expectSameJSON(OutOfOrder(), settings)
    }

    /// A key encoded twice keeps the later value; a nested container asked for twice, or for
    /// a key holding an object, is merged into.
    struct Duplicates: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: AnyKey.self)
            try root.encode(1, forKey: AnyKey("twice"))
            try root.encode("b", forKey: AnyKey("other"))
            try root.encode(2, forKey: AnyKey("twice"))
            var merged = root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("merged"))
            try merged.encode(1, forKey: AnyKey("p"))
            try root.encode(0, forKey: AnyKey("between"))
            var again = root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("merged"))
            try again.encode(2, forKey: AnyKey("q"))
            try root.encode(["k": 1], forKey: AnyKey("value"))
            var intoValue = root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("value"))
            try intoValue.encode(2, forKey: AnyKey("l"))
            for index in 0..<20 { try root.encode(index, forKey: AnyKey("k\(index % 12)")) }
        }
    }

    @Test func keysEncodedTwice() throws {
        try expectSameBytes(Duplicates())
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(Duplicates(), settings)
        settings.formatting = []
        try expectSameJSON(Duplicates(), settings)
    }

    class Animal: Codable {
        var name = "animal"
        var legs = 4
    }

    final class Dog: Animal {
        var breed = "collie"
        enum CodingKeys: String, CodingKey { case breed }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: encoder)
        }
    }

    final class Cat: Animal {
        var lives = 9
        enum CodingKeys: String, CodingKey { case lives }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try super.encode(to: container.superEncoder())
            try container.encode(lives, forKey: .lives)
        }
    }

    /// `superEncoder()` filled after its container moved on, and one never used.
    struct LateSuper: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            let late = container.superEncoder()
            _ = container.superEncoder(forKey: AnyKey("unused"))
            try container.encode(1, forKey: AnyKey("after"))
            try Animal().encode(to: late)
            var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
            let element = list.superEncoder()
            var single = element.singleValueContainer()
            try single.encode("super element")
            try list.encode("next")
        }
    }

    @Test func classesAndSuperEncoders() throws {
        try expectSameBytes(Dog())
        try expectSameBytes(Cat())
        try expectSameBytes([Dog(), Cat()] as [Animal])
        try expectSameBytes(LateSuper())
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes(Cat(), settings)
        try expectSameBytes(LateSuper(), settings)
    }

    // MARK: Synthesized conformances

    enum Shape: Codable {
        case circle(radius: Double)
        case rectangle(width: Int, height: Int)
        case labelled(String, Int)
        case point
    }

    @propertyWrapper
    struct Clamped: Codable {
        var value: Int
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 10) }
        }
        init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    }

    struct Wrapped: Codable {
        @Clamped var level = 42
        var name = "w"
    }

    @Test func enumsWithAssociatedValuesAndPropertyWrappers() throws {
        try expectSameBytes([Shape.circle(radius: 1.5), .rectangle(width: 2, height: 3), .labelled("a", 1), .point])
        try expectSameBytes(Wrapped())
        var settings = EncoderSettings()
        settings.keys = .convertToSnakeCase
        try expectSameBytes([Shape.rectangle(width: 2, height: 3)], settings)
    }

    // MARK: Dates and data

    struct Stamped: Codable {
        var when = Date(timeIntervalSince1970: 1_500_000_000.25)
        var whenNot: Date? = nil
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: -1e9)]
        var bytes = Data([0, 1, 2, 250, 255])
        var blobs = [Data(), Data("hello".utf8)]
    }

    @Test func everyDateStrategy() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let strategies: [JSONEncoder.DateEncodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("day \(Int(date.timeIntervalSince1970 / 86400))")
            },
            .custom { _, _ in },
            .custom { date, encoder in
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(date.timeIntervalSince1970, forKey: AnyKey("t"))
            },
        ]
        for strategy in strategies {
            var settings = EncoderSettings()
            settings.dates = strategy
            try expectSameBytes(Stamped(), settings)
            try expectSameBytes(Date(timeIntervalSince1970: 12.5), settings)
        }
        var seconds = EncoderSettings()
        seconds.dates = .secondsSince1970
        seconds.floats = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n")
        expectSameError(["when": Date(timeIntervalSince1970: .infinity)], seconds)
    }

    @Test func everyDataStrategy() throws {
        let strategies: [JSONEncoder.DataEncodingStrategy] = [
            .deferredToData, .base64,
            .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            },
            .custom { _, _ in },
        ]
        for strategy in strategies {
            var settings = EncoderSettings()
            settings.data = strategy
            try expectSameBytes(Stamped(), settings)
            try expectSameBytes(Data([9, 8]), settings)
        }
    }

    @Test func urlsAreTheirAbsoluteString() throws {
        struct Link: Codable { var url = URL(string: "https://example.com/a b?c=d")!; var relative = URL(string: "x", relativeTo: URL(string: "http://h/p/"))! }
        try expectSameBytes(Link())
        try expectSameBytes(URL(string: "http://a/b")!)
    }

    // MARK: Keys

    struct Keys: Codable {
        var myURLProperty = 1
        var URLString = 2
        var _leading_ = 3
        var aBCdEF = 4
        var oneTwo3Four = 5
        var ÜberÄrger = 6
        var simple = 7
        var table = ["camelKey": 1, "snake_key": 2]
        var numbered = [1: "one", 20: "twenty"]
        var inner = Inner()
        struct Inner: Codable { var innerValue = true }
    }

    @Test func keyStrategies() throws {
        var settings = EncoderSettings()
        for strategy in [JSONEncoder.KeyEncodingStrategy.useDefaultKeys, .convertToSnakeCase,
                         .custom { path in AnyKey("\(path.count):\(path.last!.stringValue.uppercased())") }] {
            settings.keys = strategy
            try expectSameBytes(Keys(), settings)
            try expectSameBytes(["topCamel": Keys.Inner()], settings)
        }
        #expect(EncodingKeys.snakeCased("URLString") == "u_rl_string")
        #expect(EncodingKeys.snakeCased("myURLProperty") == "my_url_property")
        #expect(EncodingKeys.snakeCased("") == "")
    }

    @Test func stringAndIntKeyedDictionaries() throws {
        try expectSameBytes(["b": [1, 2], "a": [], "é/\"": [3]])
        try expectSameBytes([3: "c", -1: "m", 10: "t"])
        try expectSameBytes(["outer": ["innerKey": ["deepKey": 1.5]]])
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted]
        try expectSameBytes([3: ["x": 1], 1: [:]], settings)
    }

    // MARK: Context

    struct ReadsContext: Encodable {
        static let key = CodingUserInfoKey(rawValue: "unit")!
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(encoder.userInfo[Self.key] as? String ?? "none", forKey: AnyKey("unit"))
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("n"))
            try nested.encode(nested.codingPath.map(\.stringValue).joined(separator: "."), forKey: AnyKey("path"))
            var list = container.nestedUnkeyedContainer(forKey: AnyKey("l"))
            try list.encode(Path())
        }
    }

    struct Path: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.codingPath.map { "\($0.stringValue)/\($0.intValue ?? -1)" }.joined(separator: "."))
        }
    }

    @Test func userInfoAndCodingPathsReachTheValues() throws {
        var settings = EncoderSettings()
        settings.userInfo = [ReadsContext.key: "cm"]
        try expectSameBytes(ReadsContext(), settings)
        try expectSameBytes(["a": [Path(), Path()]])
    }

    /// An error a value throws goes out unchanged, and a member whose value threw is not
    /// written when the caller catches the error and goes on, as in Foundation.
    @Test func errorsOfValuesAndMembersWhoseValueThrew() throws {
        struct Failure: Error, Equatable {}
        struct Throws: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey("partial"))
                throw Failure()
            }
        }
        struct Recovers: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try? container.encode(Throws(), forKey: AnyKey("failed"))
                try? container.encode(Double.nan, forKey: AnyKey("nan"))
                var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
                try? list.encode(Throws())
                try list.encode(1)
                try container.encode(2, forKey: AnyKey("kept"))
            }
        }
        #expect(throws: Failure.self) { try JSONCodableEncoder().encode(["x": Throws()]) }
        try expectSameBytes(Recovers())
    }

    /// What Foundation stops the process for is an error here.
    @Test func misusesThrowInsteadOfStopping() {
        struct TwoValues: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        struct TwoKinds: Encodable {
            func encode(to encoder: any Encoder) throws {
                _ = encoder.container(keyedBy: AnyKey.self)
                var list = encoder.unkeyedContainer()
                try list.encode(1)
            }
        }
        for value in [TwoValues() as any Encodable, TwoKinds()] {
            #expect(throws: EncodingError.self) { try JSONCodableEncoder().encode(value) }
        }
    }

    // MARK: Depth

    indirect enum Deep: Encodable, Sendable {
        case leaf
        case node(Deep)
        static func nested(_ depth: Int) -> Deep { (0..<depth).reduce(.leaf) { inner, _ in .node(inner) } }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if case .node(let inner) = self { try container.encode(inner) }
        }
    }

    /// Foundation refuses 512 nested containers; so does this encoder, before its recursion
    /// gets deep, so a value nested thousands deep fails on a thread with a small stack.
    @Test func deepNestingFailsAsFoundationDoes() throws {
        try expectSameBytes(Deep.nested(510))
        let deep = Deep.nested(3000)
        let foundation = try onLargeStack { () -> EncodingFailure? in
            do { _ = try JSONEncoder().encode(Deep.nested(3000)); return nil } catch { return EncodingFailure(error) }
        }
        let ours = try onSmallStack { () -> EncodingFailure? in
            // Built and released on the large stack: a deep value's release recurses too.
            do { _ = try JSONCodableEncoder().encode(deep); return nil } catch { return EncodingFailure(error) }
        }
        #expect(foundation != nil)
        #expect(ours == foundation)
        expectSameError(Deep.nested(511))
    }
}
