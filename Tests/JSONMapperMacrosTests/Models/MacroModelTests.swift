import Foundation
import JSONMapperMacros
import Testing

// Each model is declared twice: with `@JSONMappable` and by hand with the DSL the macro
// expands to. The tests decode and encode both and expect the same values.

@JSONMappable(keyStrategy: .snakeCase)
struct MacroProfile: Equatable {
    @JSONRequired var id: Int64 = 0
    var screenName = ""
    @JSONKey("profile.avatar_url", "avatar") var avatar: URL?
    @JSONKey("counts.followers") var followers = 0
    @JSONKey("tags[0]") var firstTag = ""
    @JSONTransform(.date(format: "yyyy-MM-dd")) var joined: Date?
    @JSONIgnore var cached = 7
    var friends: [MacroProfile] = []
    var doubled: Int { followers * 2 }
    static let kind = "profile"
}

struct HandProfile: JSONMappable, Equatable {
    var id: Int64 = 0
    var screenName = ""
    var avatar: URL?
    var followers = 0
    var firstTag = ""
    var joined: Date?
    var cached = 7
    var friends: [HandProfile] = []
    static let jsonMapping = JSONMapping<HandProfile>(keyStrategy: .snakeCase) {
        JSONMap(\.id, "id", required: true)
        JSONMap(\.screenName, "screenName")
        JSONMap(\.avatar, ["profile.avatar_url", "avatar"])
        JSONMap(\.followers, "counts.followers")
        JSONMap(\.firstTag, "tags[0]")
        JSONMap(\.joined, "joined", transform: .date(format: "yyyy-MM-dd"))
        JSONMap(\.friends, "friends")
    }
}

@JSONMappable(keyStrategy: .snakeCase)
class MacroAccount {
    var screenName = ""
    @JSONIgnore var secret = ""
}

@JSONMappable
final class MacroVerified: MacroAccount {
    var badgeLevel = 0
}

class HandAccount: JSONMappable {
    var screenName = ""
    var secret = ""
    required init() {}
    class var jsonMapping: JSONMapping<HandAccount> {
        JSONMapping(keyStrategy: .snakeCase) { JSONMap(\.screenName, "screenName") }
    }
}

final class HandVerified: HandAccount {
    var badgeLevel = 0
    override class var jsonMapping: JSONMapping<HandAccount> {
        super.jsonMapping.extended(for: HandVerified.self) { JSONMap(\.badgeLevel, "badgeLevel") }
    }
}

@JSONMappable
class MacroShape: JSONPolymorphic {
    var id = 0
    class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
        object["type"] == "circle" ? MacroCircle.self : MacroShape.self
    }
}

@JSONMappable
final class MacroCircle: MacroShape {
    var radius = 0.0
}

@JSONMappable
struct MacroPage<Item: JSONMappableValue> {
    var items: [Item] = []
    var next: String?
}

protocol Figure {
    var area: Double { get }
}

@JSONMappable
struct MacroSquare: Figure {
    var side = 0.0
    var area: Double { side * side }
}

@JSONMappable
struct MacroDisc: Figure {
    var radius = 0.0
    var area: Double { 3 * radius * radius }
}

enum FigureFamily: JSONPolymorphicFamily {
    static func mappedType(for object: JSONValue) -> any JSONMappable.Type {
        object["kind"] == "disc" ? MacroDisc.self : MacroSquare.self
    }

    static func member(_ model: any JSONMappable) -> (any Figure)? { model as? any Figure }
}

@JSONMappable
struct MacroDrawing {
    @JSONFamily(FigureFamily.self) var figures: [any Figure] = []
    @JSONKey("main") @JSONFamily(FigureFamily.self) var main: (any Figure)?
}

struct HandDrawing: JSONMappable {
    var figures: [any Figure] = []
    var main: (any Figure)?
    static let jsonMapping = JSONMapping<HandDrawing> {
        JSONMap(\.figures, "figures", family: FigureFamily.self)
        JSONMap(\.main, "main", family: FigureFamily.self)
    }
}

@Suite("Macro-declared models decode and encode as hand-written ones")
struct MacroModelTests {
    static let sorted = JSONMapEncoder(options: EncodingOptions(sortsKeys: true))

    static let profileJSON = #"""
    {"id": 7, "screen_name": "ada", "profile": {"avatar_url": "https://x.test/a.png"},
     "counts": {"followers": 12}, "tags": ["swift", "json"], "joined": "2024-02-03", "cached": 1,
     "friends": [{"id": 8, "screen_name": "bob", "avatar": "https://x.test/b.png"}]}
    """#

    @Test func aStructDecodesLikeItsHandWrittenMapping() throws {
        let macro = try JSONMapDecoder().decode(MacroProfile.self, from: Self.profileJSON)
        let hand = try JSONMapDecoder().decode(HandProfile.self, from: Self.profileJSON)
        #expect(macro.id == 7 && hand.id == 7)
        #expect(macro.screenName == "ada" && hand.screenName == "ada")
        #expect(macro.avatar == URL(string: "https://x.test/a.png") && hand.avatar == macro.avatar)
        #expect(macro.followers == 12 && hand.followers == 12)
        #expect(macro.firstTag == "swift" && hand.firstTag == "swift")
        #expect(macro.joined?.timeIntervalSince1970 == 1_706_918_400 && hand.joined == macro.joined)
        #expect(macro.cached == 7 && hand.cached == 7)
        #expect(macro.friends.map(\.screenName) == ["bob"] && hand.friends.map(\.screenName) == ["bob"])
        #expect(macro.friends.first?.avatar == URL(string: "https://x.test/b.png"))
        #expect(try Self.sorted.encode(macro, as: String.self) == Self.sorted.encode(hand, as: String.self))
    }

    @Test func requiredKeysFailTheSameWay() {
        #expect(throws: JSONMapperError.keyNotFound(path: "friends[0].id")) {
            try JSONMapDecoder().decode(MacroProfile.self, from: #"{"id": 1, "friends": [{}]}"#)
        }
        #expect(throws: JSONMapperError.keyNotFound(path: "friends[0].id")) {
            try JSONMapDecoder().decode(HandProfile.self, from: #"{"id": 1, "friends": [{}]}"#)
        }
    }

    @Test func aSubclassInheritsItsSuperclassMappingAndKeyStrategy() throws {
        let json = #"{"screen_name": "ada", "secret": "s3", "badge_level": 3, "badgeLevel": 4}"#
        let macro = try JSONMapDecoder().decode(MacroVerified.self, from: json)
        let hand = try JSONMapDecoder().decode(HandVerified.self, from: json)
        #expect(macro.screenName == "ada" && hand.screenName == "ada")
        #expect(macro.badgeLevel == 3 && hand.badgeLevel == 3)
        #expect(macro.secret == "" && hand.secret == "")
        #expect(try Self.sorted.encode(macro, as: String.self) == #"{"badge_level":3,"screen_name":"ada"}"#)
        #expect(try Self.sorted.encode(hand, as: String.self) == #"{"badge_level":3,"screen_name":"ada"}"#)
    }

    @Test func aPolymorphicBaseChoosesAMacroSubclass() throws {
        let shapes = try JSONMapDecoder().decode([MacroShape].self,
                                                 from: #"[{"id": 1}, {"id": 2, "type": "circle", "radius": 1.5}]"#)
        #expect(shapes.count == 2)
        #expect(type(of: shapes[0]) == MacroShape.self)
        let circle = try #require(shapes[1] as? MacroCircle)
        #expect(circle.id == 2 && circle.radius == 1.5)
        #expect(try Self.sorted.encode(shapes, as: String.self) == #"[{"id":1},{"id":2,"radius":1.5}]"#)
    }

    @Test func genericModelsMapTheirArgument() throws {
        let numbers = try JSONMapDecoder().decode(MacroPage<Int>.self, from: #"{"items": [1, 2], "next": "p2"}"#)
        #expect(numbers.items == [1, 2] && numbers.next == "p2")
        let profiles = try JSONMapDecoder().decode(MacroPage<MacroProfile>.self, from: #"{"items": [{"id": 3}]}"#)
        #expect(profiles.items.map(\.id) == [3] && profiles.next == nil)
        #expect(try Self.sorted.encode(numbers, as: String.self) == #"{"items":[1,2],"next":"p2"}"#)
    }

    /// A `Codable` type moves to the mapped engine with `@JSONMappable` alone: its `CodingKeys`
    /// give the keys, so both decoders read the same JSON into the same value.
    @Test func codingKeysDecodeAsJSONDecoderDoes() throws {
        let json = #"{"item_id": 7, "a.b": "dotted key", "note": "not coded", "tags": ["x"], "extra": 1}"#
        let mapped = try JSONMapDecoder().decode(MacroCodableItem.self, from: json)
        let decoded = try JSONDecoder().decode(MacroCodableItem.self, from: Data(json.utf8))
        #expect(mapped == decoded)
        #expect(mapped == MacroCodableItem(id: 7, title: "dotted key", note: "kept", tags: ["x"]))
        // And back: the mapped encoder writes the same keys.
        let written = try JSONMapEncoder(options: EncodingOptions(sortsKeys: true)).encode(mapped, as: String.self)
        #expect(written == #"{"a.b":"dotted key","item_id":7,"tags":["x"]}"#)
        #expect(try JSONDecoder().decode(MacroCodableItem.self, from: Data(written.utf8)) == mapped)
    }

    @Test func familiesChooseEachMember() throws {
        let json = #"{"figures": [{"kind": "disc", "radius": 1}, {"side": 2}], "main": {"kind": "disc", "radius": 2}}"#
        let macro = try JSONMapDecoder().decode(MacroDrawing.self, from: json)
        let hand = try JSONMapDecoder().decode(HandDrawing.self, from: json)
        #expect(macro.figures.map(\.area) == [3, 4] && hand.figures.map(\.area) == [3, 4])
        #expect(macro.main?.area == 12 && hand.main?.area == 12)
        #expect(try Self.sorted.encode(macro, as: String.self) == Self.sorted.encode(hand, as: String.self))
    }
}

@JSONMappable
struct MacroCodableItem: Codable, Equatable {
    var id = 0
    var title = ""
    var note = "kept"
    var tags: [String] = []
    enum CodingKeys: String, CodingKey {
        case id = "item_id"
        case title = "a.b"
        case tags
    }
}
