import Foundation
import Testing
@testable import JSONMapper

/// How many padding keys a ``DictionaryWalkTests/Record`` maps besides its own: 0 leaves the
/// model narrower than a wide object (property-driven walk), 60 makes it at least as wide as
/// any object here (dictionary-driven walk).
protocol DictionaryWalkPadding { static var count: Int { get } }
enum DictionaryWalkNoPadding: DictionaryWalkPadding { static var count: Int { 0 } }
enum DictionaryWalkSixtyKeys: DictionaryWalkPadding { static var count: Int { 60 } }

/// The YYModel walk choice. When a model maps at least as many keys as an object holds, the
/// tree emitters walk the object's members (dictionary-driven); otherwise they look each mapped
/// key up (property-driven). Both must give the model the streaming decoder gives, including
/// fallback keys, key paths, keys shared by several properties, required keys, nested models
/// and arrays of models.
@Suite("Dictionary walks: dictionary-driven and property-driven give the same model")
struct DictionaryWalkTests: CapturesMappingErrors {

    // MARK: - Models

    struct Address: JSONMappable, Equatable {
        var city = ""
        var zip = ""
        static let jsonMapping = JSONMapping<Address> {
            JSONMap(\.city, "city")
            JSONMap(\.zip, "zip")
        }
    }

    struct Owner: JSONMappable, Equatable {
        var id = 0
        var login = ""
        static let jsonMapping = JSONMapping<Owner> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.login, "login")
        }
    }

    struct Item: JSONMappable, Equatable {
        var sku = ""
        var quantity = 0
        static let jsonMapping = JSONMapping<Item> {
            JSONMap(\.sku, "sku", required: true)
            JSONMap(\.quantity, ["quantity", "qty"])
        }
    }

    /// Everything a Record decodes, whatever its padding.
    struct Snapshot: Equatable {
        var id: Int64 = 0
        var title = ""
        var label = ""
        var labelAgain = ""
        var avatar = ""
        var city = ""
        var address = Address()
        var owner = Owner()
        var items: [Item] = []
        var firstSku = ""
    }

    struct Record<Padding: DictionaryWalkPadding>: JSONMappable, Equatable {
        var id: Int64 = 0
        var title = ""
        var label = ""
        var labelAgain = ""
        var avatar = ""
        var city = ""
        var address = Address()
        var owner = Owner()
        var items: [Item] = []
        var firstSku = ""
        var pad = 0

        static var jsonMapping: JSONMapping<Record<Padding>> {
            JSONMapping {
                JSONMap(\.id, "id", required: true)
                JSONMap(\.title, ["title", "name", "label"])          // fallbacks, in priority order
                JSONMap(\.label, "label")                              // two more properties on "label"
                JSONMap(\.labelAgain, "label")
                JSONMap(\.avatar, ["profile.avatar_url", "avatar"])   // a key path, then a key
                JSONMap(\.city, "address.city")                       // a key path into…
                JSONMap(\.address, "address")                         // …a key another property takes whole
                JSONMap(\.owner, "owner")
                JSONMap(\.items, "items")
                JSONMap(\.firstSku, "items[0].sku")
                for i in 0..<Padding.count { JSONMap(\.pad, "absent_padding_\(i)") }
            }
        }

        var snapshot: Snapshot {
            Snapshot(id: id, title: title, label: label, labelAgain: labelAgain, avatar: avatar, city: city,
                     address: address, owner: owner, items: items, firstSku: firstSku)
        }
    }

    typealias Lookup = Record<DictionaryWalkNoPadding>
    typealias WalkAll = Record<DictionaryWalkSixtyKeys>

    /// The top-level keys `Lookup` maps.
    static let mappedKeys: Set<String> = ["id", "title", "name", "label", "profile", "avatar", "address", "owner", "items"]

    // MARK: - Inputs

    /// An object of `members` padded with filler keys before, between and after them up to
    /// `width` keys in all.
    static func object(_ members: [(String, JSONValue)], width: Int) -> JSONValue {
        var all: [(String, JSONValue)] = []
        let fillers = max(0, width - members.count)
        let slots = members.count + 1
        var filler = 0
        for slot in 0..<slots {
            let here = fillers / slots + (slot < fillers % slots ? 1 : 0)
            for _ in 0..<here {
                let value: JSONValue = switch filler % 4 {
                case 0: .number(JSONNumber(filler))
                case 1: .string("filler \(filler)")
                case 2: ["nested": [1, 2, ["id": 99]], "id": -1]
                default: [.null, true, ["sku": "not an item"]]
                }
                all.append(("filler_\(filler)", value))
                filler += 1
            }
            if slot < members.count { all.append(members[slot]) }
        }
        return .object(JSONObject(all))
    }

    static func item(_ sku: String, _ quantity: Int, width: Int, quantityKey: String = "quantity") -> JSONValue {
        object([("sku", .string(sku)), (quantityKey, .number(JSONNumber(quantity)))], width: width)
    }

    static let recordMembers: [(String, JSONValue)] = [
        ("label", "L"), ("avatar", "fallback.png"), ("name", "the name"), ("id", 505874924095815681),
        ("items", [item("A-1", 2, width: 60), item("B-2", 5, width: 3, quantityKey: "qty"), item("C-3", 1, width: 60, quantityKey: "qty")]),
        ("address", ["zip": "69000", "city": "Lyon", "country": "FR"]),
        ("owner", object([("login", "octo"), ("id", 42)], width: 60)),
        ("profile", ["avatar_url": "a.png", "banner": "b.png"]),
        ("title", "the title"),
    ]

    static let expectedRecord = Snapshot(
        id: 505874924095815681, title: "the title", label: "L", labelAgain: "L", avatar: "a.png", city: "Lyon",
        address: Address(city: "Lyon", zip: "69000"), owner: Owner(id: 42, login: "octo"),
        items: [Item(sku: "A-1", quantity: 2), Item(sku: "B-2", quantity: 5), Item(sku: "C-3", quantity: 1)], firstSku: "A-1")

    /// Decodes `value` as `Model` from a JSONValue, from JSONSerialization's dictionary of its
    /// text, and from its text (streaming).
    static func decodeAllWays<Model: JSONMappableValue>(_: Model.Type, _ value: JSONValue) throws -> [Model] {
        let text = value.description
        return [
            try JSONMapDecoder().decode(Model.self, from: value),
            try JSONMapDecoder().decode(Model.self, fromJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8))),
            try JSONMapDecoder().decode(Model.self, from: text),
        ]
    }


    // MARK: - Which walk

    /// The walk the emitter chooses for an object of `count` keys read as `Model`.
    static func walk<Model: JSONMappable>(_: Model.Type, count: Int) throws -> MemberWalk {
        let session = DecodingSession(options: DecodingOptions(), checksWholeDocument: false)
        let codec = valueCodec(for: Model.self)
        let root = RootHandler(codec: codec)
        var result: Model?
        var walk = MemberWalk.none
        try withUnsafeMutablePointer(to: &result) { (slot) throws(JSONMapperError) in
            defer { session.unwind() }
            session.pushBorrowed(handler: .passUnretained(root), storage: UnsafeMutableRawPointer(slot), state: nil)
            let before = session.frameCount
            try codec.begin(isObject: true, session)
            walk = session.memberWalk(count: count, framesBefore: before)
        }
        withExtendedLifetime(root) {}
        return walk
    }

    /// The model's distinct top-level keys, as the walk choice sees them.
    static func mappedKeyCount<Model: JSONMappable>(_ model: Model.Type) throws -> Int {
        guard case .mappedKeys(let keys) = try walk(model, count: .max) else { return 0 }
        return keys.count
    }

    @Test func theChoiceFollowsTheMappedKeyCount() throws {
        #expect(try Self.mappedKeyCount(Lookup.self) == 9)
        #expect(try Self.mappedKeyCount(WalkAll.self) == 69)
        // Wider than the model: look the model's keys up.
        guard case .mappedKeys(let keys) = try Self.walk(Lookup.self, count: 60) else {
            Issue.record("a 60-key object against a 9-key model should be walked by the model's keys")
            return
        }
        #expect(Set(keys) == Self.mappedKeys)
        #expect(keys.count == 9)
        guard case .mappedKeys = try Self.walk(Lookup.self, count: 10) else {
            Issue.record("a 10-key object against a 9-key model should be walked by the model's keys")
            return
        }
        // As wide as the model or narrower: walk the object.
        guard case .all = try Self.walk(Lookup.self, count: 9) else {
            Issue.record("a 9-key object against a 9-key model should be walked member by member")
            return
        }
        guard case .all = try Self.walk(Lookup.self, count: 2) else {
            Issue.record("a 2-key object should be walked member by member")
            return
        }
        guard case .all = try Self.walk(WalkAll.self, count: 60) else {
            Issue.record("a 60-key object against a 69-key model should be walked member by member")
            return
        }
    }

    /// Proves, in a real decode, which walk ran: a value that is not JSON at all (a `Date`)
    /// under a key no property maps is only ever looked at by the dictionary-driven walk.
    @Test func theWalkReallyRunsInADecode() throws {
        let text = Self.object(Self.recordMembers, width: 60).description
        var dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        dictionary["filler_0"] = Date(timeIntervalSince1970: 0)
        // Property-driven: never visits filler_0.
        #expect(try Lookup(dictionary: dictionary).snapshot == Self.expectedRecord)
        // Dictionary-driven: visits every member, and a Date is no JSON value.
        let error = Self.failure { () throws(JSONMapperError) in try WalkAll(dictionary: dictionary) }
        guard case .typeMismatch(_, "a JSON value", "Date", _)? = error else {
            Issue.record("walking every member should have met the Date: \(String(describing: error))")
            return
        }
    }

    // MARK: - Same model both ways

    @Test func wideObjectsGiveTheSameModelBothWalks() throws {
        let wide = Self.object(Self.recordMembers, width: 60)
        #expect(wide.object?.count == 60)
        for decoded in try Self.decodeAllWays(Lookup.self, wide) { #expect(decoded.snapshot == Self.expectedRecord) }
        for decoded in try Self.decodeAllWays(WalkAll.self, wide) { #expect(decoded.snapshot == Self.expectedRecord) }
    }

    @Test func narrowObjectsGiveTheSameModelBothWalks() throws {
        let narrow = Self.object([("label", "only"), ("id", 3), ("items", [Self.item("N", 1, width: 2)])], width: 3)
        let expected = Snapshot(id: 3, title: "only", label: "only", labelAgain: "only",
                                items: [Item(sku: "N", quantity: 1)], firstSku: "N")
        for decoded in try Self.decodeAllWays(Lookup.self, narrow) { #expect(decoded.snapshot == expected) }
        for decoded in try Self.decodeAllWays(WalkAll.self, narrow) { #expect(decoded.snapshot == expected) }
    }

    @Test func arraysOfWideAndNarrowRecords() throws {
        let list: JSONValue = [
            Self.object(Self.recordMembers, width: 60),
            Self.object([("id", 1), ("name", "n")], width: 2),
            Self.object([("id", 2), ("owner", ["id": 7])], width: 40),
        ]
        let expected = [
            Self.expectedRecord,
            Snapshot(id: 1, title: "n"),
            Snapshot(id: 2, owner: Owner(id: 7)),
        ]
        for decoded in try Self.decodeAllWays([Lookup].self, list) { #expect(decoded.map(\.snapshot) == expected) }
        for decoded in try Self.decodeAllWays([WalkAll].self, list) { #expect(decoded.map(\.snapshot) == expected) }
        let byKey: JSONValue = ["x": list[0]!, "y": list[1]!]
        for decoded in try Self.decodeAllWays([String: Lookup].self, byKey) {
            #expect(decoded.mapValues(\.snapshot) == ["x": expected[0], "y": expected[1]])
        }
    }

    // MARK: - Fallback keys: the first key in list order wins, in any document order

    @Test func fallbackKeysInEveryOrderAndWidth() throws {
        let candidates: [(String, JSONValue)] = [("title", "T"), ("name", "N"), ("label", "L")]
        // Every non-empty subset, in every order.
        func permutations(_ items: [(String, JSONValue)]) -> [[(String, JSONValue)]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { i in
                var rest = items
                let first = rest.remove(at: i)
                return permutations(rest).map { [first] + $0 }
            }
        }
        for mask in 1..<8 {
            let subset = candidates.indices.filter { mask & (1 << $0) != 0 }.map { candidates[$0] }
            let expectedTitle = mask & 1 != 0 ? "T" : mask & 2 != 0 ? "N" : "L"
            let expectedLabel = mask & 4 != 0 ? "L" : ""
            for order in permutations(subset) {
                for width in [order.count + 1, 60] {
                    let value = Self.object([("id", 1)] + order, width: width)
                    let expected = Snapshot(id: 1, title: expectedTitle, label: expectedLabel, labelAgain: expectedLabel)
                    let keys = order.map(\.0)
                    for decoded in try Self.decodeAllWays(Lookup.self, value) {
                        #expect(decoded.snapshot == expected, "keys \(keys), width \(width)")
                    }
                    for decoded in try Self.decodeAllWays(WalkAll.self, value) {
                        #expect(decoded.snapshot == expected, "keys \(keys), width \(width), walking all")
                    }
                }
            }
        }
    }

    @Test func keyPathFallbacks() throws {
        let cases: [([(String, JSONValue)], String)] = [
            ([("avatar", "plain"), ("profile", ["avatar_url": "path"])], "path"),
            ([("profile", ["avatar_url": "path"]), ("avatar", "plain")], "path"),
            ([("profile", ["banner": "b"]), ("avatar", "plain")], "plain"),
            ([("avatar", "plain"), ("profile", ["banner": "b"])], "plain"),
            ([("profile", .null), ("avatar", "plain")], "plain"),
            ([("profile", ["avatar_url": .null]), ("avatar", "plain")], "plain"),
            ([("profile", ["avatar_url": "path"])], "path"),
            ([("avatar", "plain")], "plain"),
        ]
        for (members, avatar) in cases {
            for width in [members.count + 1, 60] {
                let value = Self.object([("id", 1)] + members, width: width)
                for decoded in try Self.decodeAllWays(Lookup.self, value) {
                    #expect(decoded.avatar == avatar, "\(value)")
                }
                for decoded in try Self.decodeAllWays(WalkAll.self, value) {
                    #expect(decoded.avatar == avatar, "\(value), walking all")
                }
            }
        }
    }

    @Test func oneKeyForSeveralPropertiesAndAKeyPath() throws {
        for width in [3, 60] {
            let value = Self.object([("id", 1), ("address", ["city": "Oslo", "zip": "0150"]), ("label", "shared")], width: width)
            let expected = Snapshot(id: 1, title: "shared", label: "shared", labelAgain: "shared", city: "Oslo",
                                    address: Address(city: "Oslo", zip: "0150"))
            for decoded in try Self.decodeAllWays(Lookup.self, value) { #expect(decoded.snapshot == expected, "width \(width)") }
            for decoded in try Self.decodeAllWays(WalkAll.self, value) { #expect(decoded.snapshot == expected, "width \(width)") }
        }
    }

    // MARK: - Required keys

    @Test func missingRequiredKeysNameTheirPathInBothWalks() throws {
        let cases: [(JSONValue, JSONMapperError)] = [
            (Self.object([("title", "no id")], width: 60), .keyNotFound(path: "id")),
            (Self.object([("title", "no id")], width: 2), .keyNotFound(path: "id")),
            (Self.object([("id", 1), ("owner", Self.object([("login", "x")], width: 60))], width: 60), .keyNotFound(path: "owner.id")),
            (Self.object([("id", 1), ("owner", ["login": "x"])], width: 2), .keyNotFound(path: "owner.id")),
            (Self.object([("id", 1), ("items", [Self.item("a", 1, width: 60), Self.object([("qty", 2)], width: 60)])], width: 60),
             .keyNotFound(path: "items[1].sku")),
            (Self.object([("id", 1), ("items", [Self.item("a", 1, width: 2), ["qty": 2]])], width: 2),
             .keyNotFound(path: "items[1].sku")),
        ]
        for (value, expected) in cases {
            let text = value.description
            let dictionary = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let errors: [(String, JSONMapperError?)] = [
                ("JSONValue, looking keys up", Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, from: value) }),
                ("[String: Any], looking keys up", Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, fromJSONObject: dictionary) }),
                ("JSONValue, walking all", Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(WalkAll.self, from: value) }),
                ("[String: Any], walking all", Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(WalkAll.self, fromJSONObject: dictionary) }),
                ("bytes", Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, from: text) }),
            ]
            for (source, error) in errors {
                #expect(error == expected, "\(source): \(text.prefix(120))")
            }
        }
    }

    // MARK: - Repeated keys

    /// A repeated key (the HostileInput article): trees have kept only its last value already;
    /// the streaming decoder applies each occurrence in order, so a later value replaces an
    /// earlier one, but a later `null` leaves a non-optional property as the earlier value set
    /// it, and key paths through a repeated object merge.
    @Test func repeatedKeysFromBytesAndTrees() throws {
        typealias Case = (text: String, trees: Result<Snapshot, JSONMapperError>, bytes: Result<Snapshot, JSONMapperError>)
        let cases: [Case] = [
            (#"{"id": 1, "id": 2}"#, .success(Snapshot(id: 2)), .success(Snapshot(id: 2))),
            (#"{"id": 1, "items": [{"sku": "a"}], "items": [{"sku": "b"}, {"sku": "c"}]}"#,
             .success(Snapshot(id: 1, items: [Item(sku: "b"), Item(sku: "c")], firstSku: "b")),
             .success(Snapshot(id: 1, items: [Item(sku: "b"), Item(sku: "c")], firstSku: "b"))),
            (#"{"id": 1, "title": "A", "name": "B", "title": null}"#,
             .success(Snapshot(id: 1, title: "B")), .success(Snapshot(id: 1, title: "A"))),
            (#"{"id": 1, "address": {"city": "X", "zip": "1"}, "address": {"zip": "2"}}"#,
             // The whole-object property takes the last object; the key path "address.city" keeps "X".
             .success(Snapshot(id: 1, address: Address(zip: "2"))), .success(Snapshot(id: 1, city: "X", address: Address(zip: "2")))),
            (#"{"id": 1, "label": "x", "label": null}"#,
             .success(Snapshot(id: 1)), .success(Snapshot(id: 1, title: "x", label: "x", labelAgain: "x"))),
            (#"{"id": 5, "id": null}"#, .failure(.keyNotFound(path: "id")), .success(Snapshot(id: 5))),
        ]
        func outcome(_ body: () throws(JSONMapperError) -> Lookup) -> Result<Snapshot, JSONMapperError> {
            do throws(JSONMapperError) { return .success(try body().snapshot) } catch { return .failure(error) }
        }
        for (text, trees, bytes) in cases {
            let value = try JSONValue(parsing: text)
            let dictionary = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, from: value) } == trees, "JSONValue: \(text)")
            #expect(outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, fromJSONObject: dictionary) } == trees,
                    "[String: Any]: \(text)")
            #expect(outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Lookup.self, from: text) } == bytes, "bytes: \(text)")
        }
    }
}
