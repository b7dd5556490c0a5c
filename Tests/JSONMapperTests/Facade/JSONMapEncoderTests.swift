import CorpusModels
import Foundation
import Testing
@testable import JSONMapper

/// The encoder: the writer's output byte for byte (expected text written by hand), the
/// mapping rebuilt as nested objects, every option, and round trips on the corpus and on
/// random models.
@Suite("Encoding")
struct EncoderTests {
    static func text<V: JSONMappableValue>(_ value: V, _ options: EncodingOptions = EncodingOptions()) throws -> String {
        try JSONMapEncoder(options: options).encode(value, as: String.self)
    }

    // MARK: - Writer

    @Test func stringsAreEscaped() throws {
        #expect(try Self.text("a\"b\\c/d\n\r\t\u{8}\u{c}\u{1}\u{1f}é😀") == #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀""#)
        #expect(try Self.text("/é😀", EncodingOptions(escapesSlashes: true, escapesNonASCII: true)) == #""\/\u00e9\ud83d\ude00""#)
    }

    @Test func numbersAreExactAndShortest() throws {
        #expect(try Self.text([0.1, 1.5, -0.0, 20, 1e300, Double.leastNonzeroMagnitude, 2.2250738585072014e-308]) == "[0.1,1.5,-0,20,1e+300,5e-324,2.2250738585072014e-308]")
        #expect(try Self.text([Int64.min, Int64.max]) == "[-9223372036854775808,9223372036854775807]")
        #expect(try Self.text([UInt64.max]) == "[18446744073709551615]")
        #expect(try Self.text([Int8.min, 0, 7]) == "[-128,0,7]")
        #expect(try Self.text([Float(0.1), 3.4028235e38]) == "[0.1,3.4028235e+38]")
        #expect(try Self.text(Decimal(string: "123456789012345678901234567890.5")!) == "123456789012345678901234567890.5")
    }

    @Test func nonFiniteNumbersFollowTheStrategy() throws {
        #expect(throws: JSONMapperError.invalidValue(path: "[1]", reason: "inf cannot be written as JSON")) {
            try Self.text([1, Double.infinity])
        }
        #expect(try Self.text([Double.nan, -.infinity], EncodingOptions(nonFiniteStrategy: .null)) == "[null,null]")
        #expect(try Self.text([Double.nan, -.infinity], EncodingOptions(nonFiniteStrategy: .string)) == #"["nan","-inf"]"#)
    }

    // MARK: - Mapping

    struct Account: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var nickname: String?
        var avatar = ""
        var banner = ""
        var firstURL = ""
        var kind = Kind.user
        var joined = Date(timeIntervalSince1970: 0)
        var cents = 0
        enum Kind: String, JSONMappableValue { case user, admin }
        static let jsonMapping = JSONMapping<Account> {
            JSONMap(\.id, "id")
            JSONMap(\.name, ["screen_name", "name"])
            JSONMap(\.nickname, "nickname")
            JSONMap(\.avatar, "profile.avatar_url")
            JSONMap(\.banner, "profile.banner_url")
            JSONMap(\.firstURL, "urls[1].url")
            JSONMap(\.kind, "kind")
            JSONMap(\.joined, "joined")
            JSONMap(\.cents, "price", transform: Cents())
        }
    }

    struct Cents: JSONValueTransformer {
        func value(from json: Double) throws -> Int { Int((json * 100).rounded()) }
        func json(from value: Int) throws -> Double { Double(value) / 100 }
    }

    static let account = Account(id: 1, name: "ann", nickname: nil, avatar: "a.png", banner: "b.png", firstURL: "u",
                                 kind: .admin, joined: Date(timeIntervalSince1970: 1_409_444_955), cents: 1250)

    @Test func keyPathsAreRebuiltAsSharedNestedObjects() throws {
        #expect(try Self.text(Self.account) == #"{"id":1,"screen_name":"ann","profile":{"avatar_url":"a.png","banner_url":"b.png"},"urls":[null,{"url":"u"}],"kind":"admin","joined":"2014-08-31T00:29:15Z","price":12.5}"#)
    }

    @Test func options() throws {
        let nulls = EncodingOptions(omitsNilProperties: false, dateStrategy: .secondsSince1970)
        #expect(try Self.text(Self.account, nulls).contains(#""nickname":null"#))
        #expect(try Self.text(Self.account, nulls).contains(#""joined":1409444955"#))
        #expect(try Self.text(Self.account, EncodingOptions(dateStrategy: .millisecondsSince1970)).contains(#""joined":1409444955000"#))
        #expect(try Self.text(Self.account, EncodingOptions(dateStrategy: .iso8601(fraction: .milliseconds))).contains(#""joined":"2014-08-31T00:29:15.000Z""#))
        #expect(try Self.text(Self.account, EncodingOptions(dateStrategy: .custom { _ in "then" })).contains(#""joined":"then""#))
        #expect(try Self.text(["b": 1, "a": 2], EncodingOptions(sortsKeys: true)) == #"{"a":2,"b":1}"#)
        let pretty = try Self.text(["k": [1, 2]], EncodingOptions(indentWidth: 2))
        #expect(pretty == "{\n  \"k\": [\n    1,\n    2\n  ]\n}")
        struct Camel: JSONMappable {
            var screenName = "x"
            static let jsonMapping = JSONMapping<Camel> { JSONMap(\.screenName, "screenName") }
        }
        #expect(try Self.text(Camel(), EncodingOptions(keyStrategy: .snakeCase)) == #"{"screen_name":"x"}"#)
    }

    /// Encoding takes the key strategies mappings take: each converts the mapping's keys, path
    /// segment by segment, with or without escaping.
    @Test func everyKeyStrategyConvertsTheMappingsKeys() throws {
        struct Keys: JSONMappable {
            var screenName = "x"
            var userID = 1
            var avatar = "a/b"
            static let jsonMapping = JSONMapping<Keys> {
                JSONMap(\.screenName, "screenName")
                JSONMap(\.userID, "user_id")
                JSONMap(\.avatar, "Profile.AvatarURL")
            }
        }
        let expected: [(JSONKeyStrategy, String)] = [
            (.useDeclaredKeys, #"{"screenName":"x","user_id":1,"Profile":{"AvatarURL":"a/b"}}"#),
            (.snakeCase, #"{"screen_name":"x","user_id":1,"profile":{"avatar_url":"a/b"}}"#),
            (.camelCase, #"{"screenName":"x","userId":1,"Profile":{"AvatarURL":"a/b"}}"#),
            (.lowercase, #"{"screenname":"x","user_id":1,"profile":{"avatarurl":"a/b"}}"#),
        ]
        for (strategy, text) in expected {
            #expect(try Self.text(Keys(), EncodingOptions(keyStrategy: strategy)) == text, "\(strategy)")
            let escaped = text.replacingOccurrences(of: "a/b", with: #"a\/b"#)
            #expect(try Self.text(Keys(), EncodingOptions(escapesSlashes: true, keyStrategy: strategy)) == escaped, "\(strategy), escaping slashes")
        }
    }

    @Test func encodedAccountsDecodeBackEqual() throws {
        let data = try JSONMapEncoder().encode(Self.account)
        #expect(try JSONMapDecoder().decode(Account.self, from: data) == Self.account)
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        #expect(try JSONMapEncoder().encode(Self.account, as: JSONValue.self)[path: "profile.avatar_url"] == "a.png")
        let object = try #require(JSONSerialization.jsonObject(with: JSONMapEncoder().encode(Self.account)) as? [String: Any])
        #expect(object["screen_name"] as? String == "ann")
    }

    // MARK: - Round trips

    @Test func corpusRoundTrips() throws {
        let twitter = try JSONMapDecoder().decode(TwitterTimeline.self, from: CorpusFile.twitter.data())
        #expect(try JSONMapDecoder().decode(TwitterTimeline.self, from: JSONMapEncoder().encode(twitter)) == twitter)
        let citm = try JSONMapDecoder().decode(CitmCatalog.self, from: CorpusFile.citm.data())
        #expect(try JSONMapDecoder().decode(CitmCatalog.self, from: JSONMapEncoder().encode(citm)) == citm)
        let canada = try JSONMapDecoder().decode(CanadaFeatureCollection.self, from: CorpusFile.canada.data())
        #expect(try JSONMapDecoder().decode(CanadaFeatureCollection.self, from: JSONMapEncoder().encode(canada)) == canada)
        // And Foundation reads what we write.
        #expect(try JSONDecoder().decode(TwitterTimeline.self, from: JSONMapEncoder().encode(twitter)) == twitter)
    }

    struct Everything: JSONMappable, Equatable {
        var flag = false
        var int = 0, int8: Int8 = 0, int16: Int16 = 0, int32: Int32 = 0, int64: Int64 = 0
        var uint = 0 as UInt, uint8: UInt8 = 0, uint16: UInt16 = 0, uint32: UInt32 = 0, uint64: UInt64 = 0
        var float: Float = 0, double = 0.0, decimal = Decimal(0)
        var string = "", url: URL?, date = Date(timeIntervalSince1970: 0), uuid = UUID(), data = Data()
        var kind = Account.Kind.user
        var optional: Int?
        var list: [String] = [], set: Set<Int> = [], map: [String: Double] = [:]
        var children: [Everything] = []
        static let jsonMapping = JSONMapping<Everything> {
            JSONMap(\.flag, "flag"); JSONMap(\.int, "int"); JSONMap(\.int8, "int8"); JSONMap(\.int16, "int16"); JSONMap(\.int32, "int32")
            JSONMap(\.int64, "int64"); JSONMap(\.uint, "uint"); JSONMap(\.uint8, "uint8"); JSONMap(\.uint16, "uint16")
            JSONMap(\.uint32, "uint32"); JSONMap(\.uint64, "deep.uint64"); JSONMap(\.float, "float"); JSONMap(\.double, "double")
            JSONMap(\.decimal, "decimal"); JSONMap(\.string, "string"); JSONMap(\.url, "url"); JSONMap(\.date, "date")
            JSONMap(\.uuid, "uuid"); JSONMap(\.data, "data"); JSONMap(\.kind, "kind"); JSONMap(\.optional, "optional")
            JSONMap(\.list, "list"); JSONMap(\.set, "set"); JSONMap(\.map, "map"); JSONMap(\.children, "children")
        }
    }

    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int<I: FixedWidthInteger>(_: I.Type) -> I { I(truncatingIfNeeded: next()) }
        mutating func string() -> String {
            let alphabet = Array("aZ0 \"\\/\n\t\u{1}é😀中")
            return String((0..<Int(next() % 12)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
        }
        mutating func double() -> Double {
            let value = Double(bitPattern: next())
            return value.isFinite ? value : 0.5
        }
    }

    static func random(_ g: inout Generator, depth: Int) -> Everything {
        var e = Everything()
        e.flag = g.next() % 2 == 0
        e.int = g.int(Int.self); e.int8 = g.int(Int8.self); e.int16 = g.int(Int16.self); e.int32 = g.int(Int32.self)
        e.int64 = g.int(Int64.self); e.uint = g.int(UInt.self); e.uint8 = g.int(UInt8.self); e.uint16 = g.int(UInt16.self)
        e.uint32 = g.int(UInt32.self); e.uint64 = g.int(UInt64.self)
        e.float = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()))
        if !e.float.isFinite { e.float = 1.5 }
        e.double = g.double()
        e.decimal = Decimal(g.int(Int64.self)) / Decimal(1000)
        e.string = g.string()
        e.url = g.next() % 2 == 0 ? nil : URL(string: "https://example.com/\(g.next() % 1000)?q=\(g.next() % 10)")
        e.date = Date(timeIntervalSince1970: TimeInterval(Int64(g.next() % 4_000_000_000)) + Double(g.next() % 1000) / 1000)
        e.uuid = UUID()
        e.data = Data((0..<Int(g.next() % 20)).map { _ in UInt8(truncatingIfNeeded: g.next()) })
        e.kind = g.next() % 2 == 0 ? .user : .admin
        e.optional = g.next() % 3 == 0 ? nil : g.int(Int.self)
        e.list = (0..<Int(g.next() % 4)).map { _ in g.string() }
        e.set = Set((0..<Int(g.next() % 4)).map { _ in g.int(Int.self) })
        e.map = Dictionary((0..<Int(g.next() % 4)).map { _ in (g.string(), g.double()) }, uniquingKeysWith: { $1 })
        if depth > 0 { e.children = (0..<Int(g.next() % 3)).map { _ in random(&g, depth: depth - 1) } }
        return e
    }

    @Test(arguments: [1, 2, 3, 42, 2026])
    func randomModelsRoundTrip(seed: UInt64) throws {
        var generator = Generator(state: seed)
        for _ in 0..<50 {
            let model = Self.random(&generator, depth: 2)
            for options in [EncodingOptions(), EncodingOptions(indentWidth: 3, sortsKeys: true, omitsNilProperties: false, escapesNonASCII: true)] {
                let data = try JSONMapEncoder(options: options).encode(model)
                #expect(try JSONMapDecoder().decode(Everything.self, from: data) == model)
                #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
            }
        }
    }
}
