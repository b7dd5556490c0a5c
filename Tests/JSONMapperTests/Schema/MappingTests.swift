import Foundation
import Testing
@testable import JSONMapper

/// The Schema layer: the `JSONMapping` DSL (keys, key paths, fallbacks, shared keys, required
/// keys, transforms, key strategies, allow/ignore lists, classes and inheritance), decoded
/// through `JSONMapDecoder.decode`, and the compiled `ModelMeta`.
@Suite("Schema layer")
struct MappingUnitTests {

    // MARK: - Helpers

    static func outcome<T>(_ body: () throws(JSONMapperError) -> T) -> Result<T, JSONMapperError> {
        do throws(JSONMapperError) { return .success(try body()) } catch { return .failure(error) }
    }

    static func error<T>(_ result: Result<T, JSONMapperError>) -> JSONMapperError? {
        if case .failure(let e) = result { return e }
        return nil
    }

    struct Person: JSONMappable, Equatable, Hashable, Sendable {
        var name = ""
        var age = 0
        static let jsonMapping = JSONMapping<Person> {
            Map(\.name, "name")
            Map(\.age, "age")
        }
    }

    // MARK: - Renamed keys

    struct Renamed: JSONMappable, Equatable {
        var id = 0
        var screenName = ""
        var bio: String? = nil
        static let jsonMapping = JSONMapping<Renamed> {
            Map(\.id, "user_id")
            Map(\.screenName, "screen_name")
            Map(\.bio, "description")
        }
    }

    @Test func renamedKeys() throws {
        let json = #"{"id":99,"screenName":"wrong","user_id":7,"screen_name":"ann","description":"hi"}"#
        #expect(try JSONMapDecoder().decode(Renamed.self, from: json) == Renamed(id: 7, screenName: "ann", bio: "hi"))
        #expect(try JSONMapDecoder().decode(Renamed.self, from: #"{"id":99}"#) == Renamed())
    }

    // MARK: - Key paths

    struct Paths: JSONMappable, Equatable {
        var c = 0
        var second = ""
        var dotted = ""
        var firstURL = ""
        var cell = 0
        var bracketed = ""
        static let jsonMapping = JSONMapping<Paths> {
            Map(\.c, "a.b.c")
            Map(\.second, "items[1].name")
            Map(\.dotted, "a\\.b")
            Map(\.firstURL, "entities.urls[0].expanded")
            Map(\.cell, "matrix[1][0]")
            Map(\.bracketed, "x\\[0]")
        }
    }

    @Test func keyPathsIndexPathsAndEscapes() throws {
        let json = #"""
        {"a":{"z":1,"b":{"y":[1,{"c":9}],"c":3}},"a.b":"dot",
         "items":[{"name":"zero"},{"name":"one"},{"name":"two"}],
         "entities":{"urls":[{"expanded":"https://e.example"},{"expanded":"https://f.example"}]},
         "matrix":[[1,2],[3,4]],"x":["no"],"x[0]":"br"}
        """#
        let paths = try JSONMapDecoder().decode(Paths.self, from: json)
        #expect(paths == Paths(c: 3, second: "one", dotted: "dot", firstURL: "https://e.example", cell: 3, bracketed: "br"))
    }

    @Test func keyPathsThroughMissingOrWrongKindsKeepDefaults() throws {
        let json = #"{"a":5,"items":{"1":{"name":"x"}},"entities":{"urls":[]},"matrix":[[1]],"x":{"0":"no"}}"#
        #expect(try JSONMapDecoder().decode(Paths.self, from: json) == Paths())
        let short = #"{"items":[{"name":"only"}],"a":{"b":{}}}"#
        #expect(try JSONMapDecoder().decode(Paths.self, from: short) == Paths())
    }

    // MARK: - Fallback keys

    struct Fallback: JSONMappable, Equatable {
        var avatar = ""
        static let jsonMapping = JSONMapping<Fallback> { Map(\.avatar, ["avatar_url", "avatar", "pic"]) }
    }

    @Test("the first present key in list order wins", arguments: [
        (#"{"pic":"P","avatar":"A","avatar_url":"U"}"#, "U"),
        (#"{"avatar_url":"U","avatar":"A","pic":"P"}"#, "U"),
        (#"{"avatar":"A","avatar_url":"U"}"#, "U"),
        (#"{"pic":"P","avatar":"A"}"#, "A"),
        (#"{"avatar":"A","pic":"P"}"#, "A"),
        (#"{"pic":"P"}"#, "P"),
        (#"{"other":"O"}"#, ""),
        (#"{}"#, ""),
        (#"{"avatar_url":null,"avatar":"A"}"#, "A"),     // null leaves a non-optional unset
        (#"{"avatar":"A","avatar_url":null}"#, "A"),
        (#"{"avatar_url":"U","avatar_url":"V"}"#, "V"),  // a repeated key: the last one
    ])
    func fallbackKeys(_ json: String, _ expected: String) throws {
        #expect(try JSONMapDecoder().decode(Fallback.self, from: json).avatar == expected)
    }

    struct PathFallback: JSONMappable, Equatable {
        var avatar = ""
        static let jsonMapping = JSONMapping<PathFallback> { Map(\.avatar, ["profile.avatar_url", "avatar"]) }
    }

    @Test(arguments: [
        (#"{"avatar":"A","profile":{"avatar_url":"U"}}"#, "U"),
        (#"{"profile":{"avatar_url":"U"},"avatar":"A"}"#, "U"),
        (#"{"avatar":"A","profile":{"name":"n"}}"#, "A"),
        (#"{"profile":{"name":"n"},"avatar":"A"}"#, "A"),
        (#"{"profile":"flat","avatar":"A"}"#, "A"),
    ])
    func fallbackFromKeyPathToPlainKey(_ json: String, _ expected: String) throws {
        #expect(try JSONMapDecoder().decode(PathFallback.self, from: json).avatar == expected)
    }

    struct ContainerFallback: JSONMappable, Equatable {
        var tags: [String] = []
        var owner = Person()
        static let jsonMapping = JSONMapping<ContainerFallback> {
            Map(\.tags, ["tags", "labels"])
            Map(\.owner, ["owner", "user"])
        }
    }

    @Test func fallbackWithContainerValues() throws {
        let a = try JSONMapDecoder().decode(ContainerFallback.self, from: #"{"labels":["l"],"user":{"name":"u"},"tags":["t"],"owner":{"name":"o"}}"#)
        #expect(a == ContainerFallback(tags: ["t"], owner: Person(name: "o")))
        let b = try JSONMapDecoder().decode(ContainerFallback.self, from: #"{"tags":["t"],"owner":{"name":"o"},"labels":["l"],"user":{"name":"u"}}"#)
        #expect(b == ContainerFallback(tags: ["t"], owner: Person(name: "o")))
        let c = try JSONMapDecoder().decode(ContainerFallback.self, from: #"{"labels":["l"],"user":{"name":"u","age":3}}"#)
        #expect(c == ContainerFallback(tags: ["l"], owner: Person(name: "u", age: 3)))
    }

    // MARK: - Several properties on one key

    struct Shared: JSONMappable, Equatable {
        var idInt = 0
        var idString = ""
        var idDouble = 0.0
        var user = Person()
        var userCopy: Person? = nil
        var userName = ""
        var tags: [String] = []
        var tagSet: Set<String> = []
        static let jsonMapping = JSONMapping<Shared> {
            Map(\.idInt, "id")
            Map(\.idString, "id")
            Map(\.idDouble, "id")
            Map(\.user, "user")
            Map(\.userCopy, "user")
            Map(\.userName, "user.name")
            Map(\.tags, "tags")
            Map(\.tagSet, "tags")
        }
    }

    @Test func severalPropertiesOnOneKeyAreAllSet() throws {
        let json = #"{"id":42,"user":{"name":"ann","age":3,"extra":{"deep":[1,{"x":2}]}},"tags":["a","b","a"]}"#
        let shared = try JSONMapDecoder().decode(Shared.self, from: json)
        #expect(shared == Shared(idInt: 42, idString: "42", idDouble: 42, user: Person(name: "ann", age: 3),
                                 userCopy: Person(name: "ann", age: 3), userName: "ann",
                                 tags: ["a", "b", "a"], tagSet: ["a", "b"]))
    }

    @Test func errorInsideASharedContainerValueHasItsPath() throws {
        let json = #"{"id":1,"user":{"name":"ann","age":"old"}}"#
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Shared.self, from: json) })
        #expect(error == .typeMismatch(path: "user.age", expected: "Int", found: "string \"old\""))
        // With .skip each of the three properties still gets the rest of the object.
        let skipped = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Shared.self, from: json)
        #expect(skipped.user == Person(name: "ann", age: 0))
        #expect(skipped.userCopy == Person(name: "ann", age: 0))
        #expect(skipped.userName == "ann")
        #expect(skipped.idString == "1")
    }

    struct TagsAndFirst: JSONMappable, Equatable {
        var tags: [String] = []
        var first = ""
        var second = ""
        var count = 0
        static let jsonMapping = JSONMapping<TagsAndFirst> {
            Map(\.tags, "tags")
            Map(\.first, "tags[0]")
            Map(\.second, "tags[1]")
            Map(\.count, "tags", transform: CountTransformer())
        }
    }

    struct CountTransformer: JSONValueTransformer {
        func value(from list: [String]) throws -> Int { list.count }
        func json(from count: Int) throws -> [String] { Array(repeating: "", count: count) }
    }

    @Test func arrayValueSharedByPropertiesAndIndexPaths() throws {
        let value = try JSONMapDecoder().decode(TagsAndFirst.self, from: #"{"tags":["a","b","c"]}"#)
        #expect(value == TagsAndFirst(tags: ["a", "b", "c"], first: "a", second: "b", count: 3))
    }

    @Test func escapedKeysInJSONMatchMappedKeys() throws {
        #expect(try JSONMapDecoder().decode(Renamed.self, from: #"{"user\u005fid":7,"\u0073creen_name":"ann"}"#) == Renamed(id: 7, screenName: "ann"))
    }

    struct Address: JSONMappable, Equatable {
        var city = ""
        var zip = ""
        static let jsonMapping = JSONMapping<Address> {
            Map(\.city, "city")
            Map(\.zip, "zip")
        }
    }

    struct AddressFirst: JSONMappable, Equatable {
        var address = Address()
        var city = ""
        static let jsonMapping = JSONMapping<AddressFirst> {
            Map(\.address, "address")
            Map(\.city, "address.city")
        }
    }

    struct CityFirst: JSONMappable, Equatable {
        var city = ""
        var address = Address()
        static let jsonMapping = JSONMapping<CityFirst> {
            Map(\.city, "address.city")
            Map(\.address, "address")
        }
    }

    @Test func wholeObjectAndKeyPathIntoItShareAPrefix() throws {
        let json = #"{"address":{"zip":"75001","city":"Paris"},"other":1}"#
        #expect(try JSONMapDecoder().decode(AddressFirst.self, from: json)
                == AddressFirst(address: Address(city: "Paris", zip: "75001"), city: "Paris"))
        #expect(try JSONMapDecoder().decode(CityFirst.self, from: json)
                == CityFirst(city: "Paris", address: Address(city: "Paris", zip: "75001")))
    }

    // MARK: - Required keys

    struct Req: JSONMappable, Equatable {
        var id = 0
        var name = ""
        static let jsonMapping = JSONMapping<Req> {
            Map(\.id, "id", required: true)
            Map(\.name, "name")
        }
    }

    struct RUser: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var friends: [RUser] = []
        static let jsonMapping = JSONMapping<RUser> {
            Map(\.id, "id", required: true)
            Map(\.name, "name")
            Map(\.friends, "friends")
        }
    }

    struct ReqPath: JSONMappable, Equatable {
        var city = ""
        static let jsonMapping = JSONMapping<ReqPath> { Map(\.city, "address.city", required: true) }
    }

    struct ReqFallback: JSONMappable, Equatable {
        var id = 0
        static let jsonMapping = JSONMapping<ReqFallback> { Map(\.id, ["id", "ID"], required: true) }
    }

    struct ReqOptional: JSONMappable, Equatable {
        var nick: String? = "default"
        static let jsonMapping = JSONMapping<ReqOptional> { Map(\.nick, "nick", required: true) }
    }

    @Test func requiredKeyMissing() throws {
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Req.self, from: #"{"name":"x"}"#) })
                == .keyNotFound(path: "id"))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Req.self, from: #"{"id":null,"name":"x"}"#) })
                == .keyNotFound(path: "id"))
        #expect(try JSONMapDecoder().decode(Req.self, from: #"{"id":1}"#) == Req(id: 1))
        #expect(try JSONMapDecoder().decode(Req.self, from: #"{"name":"n","id":0}"#) == Req(id: 0, name: "n"))
    }

    @Test func requiredKeyMissingInNestedModelsNamesThePath() {
        let json = #"{"id":1,"friends":[{"id":2},{"name":"x"}]}"#
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(RUser.self, from: json) })
                == .keyNotFound(path: "friends[1].id"))
        let deeper = #"{"id":1,"friends":[{"id":2,"friends":[{"id":3},{"id":4},{"name":"y","friends":[]}]}]}"#
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(RUser.self, from: deeper) })
                == .keyNotFound(path: "friends[0].friends[2].id"))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([RUser].self, from: #"[{"id":1},{}]"#) })
                == .keyNotFound(path: "[1].id"))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([String: RUser].self, from: #"{"a":{"id":1},"b":{}}"#) })
                == .keyNotFound(path: "b.id"))
        #expect(JSONMapperError.keyNotFound(path: "friends[1].id").description == "required key missing at 'friends[1].id'")
    }

    @Test func requiredKeyPathAndFallbackAndOptional() throws {
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(ReqPath.self, from: #"{"address":{"zip":"1"}}"#) })
                == .keyNotFound(path: "address.city"))
        #expect(try JSONMapDecoder().decode(ReqPath.self, from: #"{"address":{"city":"Oslo"}}"#) == ReqPath(city: "Oslo"))
        #expect(try JSONMapDecoder().decode(ReqFallback.self, from: #"{"ID":5}"#) == ReqFallback(id: 5))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(ReqFallback.self, from: #"{"Id":5}"#) })
                == .keyNotFound(path: "id"))
        // null for an Optional is a value (nil), so the key is present.
        #expect(try JSONMapDecoder().decode(ReqOptional.self, from: #"{"nick":null}"#) == ReqOptional(nick: nil))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(ReqOptional.self, from: "{}") })
                == .keyNotFound(path: "nick"))
    }

    @Test func requiredKeyMissingIsCollectedUnderCollectPolicy() throws {
        let (value, issues) = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect)).decodeReportingIssues(RUser.self, from: Array(#"{"id":1,"friends":[{"name":"x"}]}"#.utf8))
        #expect(value == RUser(id: 1, friends: [RUser(name: "x")]))
        #expect(issues == [.keyNotFound(path: "friends[0].id")])
    }

    // MARK: - Transforms

    struct Money: Equatable, Sendable { var cents = 0 }

    struct CentsTransformer: JSONValueTransformer {
        func value(from cents: Int) throws -> Money { Money(cents: cents) }
        func json(from money: Money) throws -> Int { money.cents }
    }

    struct CSVTransformer: JSONValueTransformer {
        func value(from text: String) throws -> [String] { text.split(separator: ",").map(String.init) }
        func json(from list: [String]) throws -> String { list.joined(separator: ",") }
    }

    struct SumTransformer: JSONValueTransformer {
        func value(from list: [Int]) throws -> Int { list.reduce(0, +) }
        func json(from total: Int) throws -> [Int] { [total] }
    }

    struct NameOfPerson: JSONValueTransformer {
        func value(from person: Person) throws -> String { person.name.uppercased() }
        func json(from name: String) throws -> Person { Person(name: name) }
    }

    struct NonNegative: JSONValueTransformer {
        struct Negative: Error, CustomStringConvertible {
            let value: Int
            var description: String { "\(value) is negative" }
        }
        func value(from number: Int) throws -> Int {
            guard number >= 0 else { throw Negative(value: number) }
            return number
        }
        func json(from number: Int) throws -> Int { number }
    }

    struct Priced: JSONMappable, Equatable {
        var price = Money()
        var tags: [String] = []
        var total = 0
        var owner = ""
        var count = 5
        var nested = Money()
        static let jsonMapping = JSONMapping<Priced> {
            Map(\.price, "price", transform: CentsTransformer())
            Map(\.tags, "tags", transform: CSVTransformer())
            Map(\.total, "scores", transform: SumTransformer())
            Map(\.owner, "owner", transform: NameOfPerson())
            Map(\.count, "count", transform: NonNegative())
            Map(\.nested, ["money.cents", "cents"], transform: CentsTransformer())
        }
    }

    struct PricedList: JSONMappable, Equatable {
        var items: [Priced] = []
        static let jsonMapping = JSONMapping<PricedList> { Map(\.items, "items") }
    }

    @Test func transformers() throws {
        let json = #"{"price":1999,"tags":"a,b,c","scores":[1,2,3,4],"owner":{"name":"ann"},"count":3,"money":{"cents":250}}"#
        #expect(try JSONMapDecoder().decode(Priced.self, from: json)
                == Priced(price: Money(cents: 1999), tags: ["a", "b", "c"], total: 10, owner: "ANN", count: 3, nested: Money(cents: 250)))
        // The JSON representation goes through the usual lenient coercion first.
        #expect(try JSONMapDecoder().decode(Priced.self, from: #"{"price":"42","cents":7}"#) == Priced(price: Money(cents: 42), nested: Money(cents: 7)))
    }

    @Test func throwingTransformerIsInvalidValueAtItsPath() throws {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Priced.self, from: #"{"count":-1}"#) })
        guard case .invalidValue(let path, let reason, _)? = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(path == "count")
        #expect(reason.contains("-1 is negative"))
        let nested = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(PricedList.self, from: #"{"items":[{"count":1},{"count":2},{"count":-3,"price":1}]}"#)
        })
        #expect(nested?.path == "items[2].count")
        // Skip keeps the default.
        #expect(try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Priced.self, from: #"{"count":-1,"price":5}"#)
                == Priced(price: Money(cents: 5), count: 5))
    }

    // MARK: - Key strategies

    struct Snake: JSONMappable, Equatable {
        var screenName = ""
        var userID = 0
        var imageURL = ""
        var firstTag = ""
        static let jsonMapping = JSONMapping<Snake>(keyStrategy: .snakeCase) {
            Map(\.screenName, "screenName")
            Map(\.userID, "userID")
            Map(\.imageURL, "profile.imageURL")
            Map(\.firstTag, "tagList[0].tagName")
        }
    }

    struct Camel: JSONMappable, Equatable {
        var screenName = ""
        var userId = 0
        static let jsonMapping = JSONMapping<Camel>(keyStrategy: .camelCase) {
            Map(\.screenName, "screen_name")
            Map(\.userId, "user_id")
        }
    }

    struct Lower: JSONMappable, Equatable {
        var screenName = ""
        var id = 0
        static let jsonMapping = JSONMapping<Lower>(keyStrategy: .lowercase) {
            Map(\.screenName, "ScreenName")
            Map(\.id, "ID")
        }
    }

    @Test func keyStrategies() throws {
        let snake = #"{"screenName":"wrong","screen_name":"ann","userID":1,"user_id":5,"profile":{"imageURL":"w","image_url":"u"},"tag_list":[{"tag_name":"t"}]}"#
        #expect(try JSONMapDecoder().decode(Snake.self, from: snake) == Snake(screenName: "ann", userID: 5, imageURL: "u", firstTag: "t"))
        let camel = #"{"screen_name":"wrong","screenName":"ann","userId":5}"#
        #expect(try JSONMapDecoder().decode(Camel.self, from: camel) == Camel(screenName: "ann", userId: 5))
        let lower = #"{"ScreenName":"wrong","screenname":"ann","ID":1,"id":5}"#
        #expect(try JSONMapDecoder().decode(Lower.self, from: lower) == Lower(screenName: "ann", id: 5))
    }

    @Test(arguments: [
        (JSONKeyStrategy.snakeCase, "screenName", "screen_name"),
        (.snakeCase, "userID", "user_id"),
        (.snakeCase, "URLString", "url_string"),
        (.snakeCase, "imageURL", "image_url"),
        (.snakeCase, "HTTPResponseCode", "http_response_code"),
        (.snakeCase, "userIDString", "user_id_string"),
        (.snakeCase, "id", "id"),
        (.snakeCase, "ID", "id"),
        (.snakeCase, "already_snake", "already_snake"),
        (.camelCase, "screen_name", "screenName"),
        (.camelCase, "user_id", "userId"),
        (.camelCase, "url_string", "urlString"),
        (.camelCase, "_private_key", "_privateKey"),
        (.camelCase, "a__b", "aB"),
        (.camelCase, "already", "already"),
        (.lowercase, "ScreenName", "screenname"),
        (.lowercase, "ID", "id"),
        (.useDeclaredKeys, "screenName", "screenName"),
    ])
    func jsonKeyForDeclaredKey(_ strategy: JSONKeyStrategy, _ declared: String, _ expected: String) {
        #expect(strategy.jsonKey(for: declared) == expected)
    }

    // MARK: - Allow and ignore lists

    struct Allowed: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<Allowed>(allowing: [\.a, \.c]) {
            Map(\.a, "a"); Map(\.b, "b"); Map(\.c, "c")
        }
    }

    struct Ignored: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<Ignored>(ignoring: [\.b]) {
            Map(\.a, "a"); Map(\.b, "b"); Map(\.c, "c")
        }
    }

    struct AllowedAndIgnored: JSONMappable, Equatable {
        var a = 0, b = 0, c = 0
        static let jsonMapping = JSONMapping<AllowedAndIgnored>(allowing: [\.a, \.b], ignoring: [\.b]) {
            Map(\.a, "a"); Map(\.b, "b"); Map(\.c, "c")
        }
    }

    @Test func allowAndIgnoreLists() throws {
        let json = #"{"a":1,"b":2,"c":3}"#
        #expect(try JSONMapDecoder().decode(Allowed.self, from: json) == Allowed(a: 1, b: 0, c: 3))
        #expect(try JSONMapDecoder().decode(Ignored.self, from: json) == Ignored(a: 1, b: 0, c: 3))
        #expect(try JSONMapDecoder().decode(AllowedAndIgnored.self, from: json) == AllowedAndIgnored(a: 1, b: 0, c: 0))
        #expect(ModelRegistry.shared.meta(for: Allowed.self).properties.count == 2)
        #expect(ModelRegistry.shared.meta(for: AllowedAndIgnored.self).mappedKeyCount == 1)
    }

    // MARK: - Class models and inheritance

    final class Account: JSONMappable {
        var id = 0
        var name = ""
        var tags: [String] = []
        var owner: Person? = nil
        var friends: [Account] = []
        required init() {}
        static let jsonMapping = JSONMapping<Account> {
            Map(\.id, "id", required: true)
            Map(\.name, "profile.name")
            Map(\.tags, "tags")
            Map(\.owner, "owner")
            Map(\.friends, "friends")
        }
    }

    @Test func classModels() throws {
        let json = #"{"id":1,"profile":{"name":"root"},"tags":["x"],"owner":{"name":"o","age":9},"friends":[{"id":2,"profile":{"name":"f"}},{"id":3}]}"#
        let account = try JSONMapDecoder().decode(Account.self, from: json)
        #expect(account.id == 1)
        #expect(account.name == "root")
        #expect(account.tags == ["x"])
        #expect(account.owner == Person(name: "o", age: 9))
        #expect(account.friends.map(\.id) == [2, 3])
        #expect(account.friends.map(\.name) == ["f", ""])
        #expect(account.friends[0] !== account.friends[1])
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Account.self, from: #"{"friends":[{"id":2},{}],"id":1}"#) })
                == .keyNotFound(path: "friends[1].id"))
    }

    class Shape: JSONMappable {
        var id = 0
        var name = ""
        required init() {}
        class var jsonMapping: JSONMapping<Shape> {
            JSONMapping {
                Map(\.id, "id")
                Map(\.name, "name")
            }
        }
    }

    class Circle: Shape {
        var radius = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Circle.self) { Map(\.radius, "r") }
        }
    }

    final class Ring: Circle {
        var inner = 0.0
        override class var jsonMapping: JSONMapping<Shape> {
            super.jsonMapping.extended(for: Ring.self) { Map(\.inner, "inner") }
        }
    }

    @Test func subclassMappingExtendsTheSuperclassMapping() throws {
        let json = #"{"id":1,"name":"r","r":2.5,"inner":1.5}"#
        let ring = try JSONMapDecoder().decode(Ring.self, from: json)
        #expect(ring.id == 1 && ring.name == "r" && ring.radius == 2.5 && ring.inner == 1.5)
        let circle = try JSONMapDecoder().decode(Circle.self, from: json)
        #expect(type(of: circle) == Circle.self)
        #expect(circle.id == 1 && circle.name == "r" && circle.radius == 2.5)
        let shape = try JSONMapDecoder().decode(Shape.self, from: json)
        #expect(type(of: shape) == Shape.self)
        #expect(shape.id == 1 && shape.name == "r")
        let circles = try JSONMapDecoder().decode([Circle].self, from: #"[{"id":1,"r":1},{"id":2,"r":2}]"#)
        #expect(circles.map(\.radius) == [1, 2])
        #expect(ModelRegistry.shared.meta(for: Shape.self).properties.count == 2)
        #expect(ModelRegistry.shared.meta(for: Circle.self).properties.count == 3)
        #expect(ModelRegistry.shared.meta(for: Ring.self).properties.count == 4)
    }

    class Animal: JSONMappable {
        var a = 0, b = 0
        required init() {}
        class var jsonMapping: JSONMapping<Animal> {
            JSONMapping(allowing: [\.a]) {
                Map(\.a, "a")
                Map(\.b, "b")
            }
        }
    }

    final class Dog: Animal {
        var c = 0, d = 0
        override class var jsonMapping: JSONMapping<Animal> {
            super.jsonMapping.extended(for: Dog.self, allowing: [\.c]) {
                Map(\.c, "c")
                Map(\.d, "d")
            }
        }
    }

    @Test func allowListsAccumulateThroughInheritance() throws {
        let dog = try JSONMapDecoder().decode(Dog.self, from: #"{"a":1,"b":2,"c":3,"d":4}"#)
        #expect([dog.a, dog.b, dog.c, dog.d] as [Int] == [1, 0, 3, 0])
        let animal = try JSONMapDecoder().decode(Animal.self, from: #"{"a":1,"b":2,"c":3,"d":4}"#)
        #expect([animal.a, animal.b] as [Int] == [1, 0])
    }

    // MARK: - Recursive models and containers

    struct Graph: JSONMappable, Equatable {
        var id = 0
        var friends: [Graph] = []
        var byName: [String: Person] = [:]
        var profile: Person? = nil
        var tags: Set<String> = []
        var grid: [[Int]] = []
        var maybePeople: [Person?] = []
        var teams: [[Person]] = []
        var lookup: [String: [Int]] = [:]
        var children: [String: Graph] = [:]
        static let jsonMapping = JSONMapping<Graph> {
            Map(\.id, "id")
            Map(\.friends, "friends")
            Map(\.byName, "byName")
            Map(\.profile, "profile")
            Map(\.tags, "tags")
            Map(\.grid, "grid")
            Map(\.maybePeople, "maybePeople")
            Map(\.teams, "teams")
            Map(\.lookup, "lookup")
            Map(\.children, "children")
        }
    }

    @Test func recursiveModelsAndContainers() throws {
        let json = #"""
        {"id":1,
         "friends":[{"id":2,"friends":[{"id":3}]},{"id":4,"profile":null}],
         "byName":{"ann":{"name":"ann","age":3},"bob":{"name":"bob"}},
         "profile":{"name":"me","age":40},
         "tags":["x","y","x"],
         "grid":[[1,2],[],[3]],
         "maybePeople":[{"name":"p"},null],
         "teams":[[{"name":"a"}],[{"name":"b"},{"name":"c"}]],
         "lookup":{"odd":[1,3],"even":[]},
         "children":{"k":{"id":5,"children":{"kk":{"id":6}}}}}
        """#
        var expected = Graph(id: 1)
        expected.friends = [Graph(id: 2, friends: [Graph(id: 3)]), Graph(id: 4)]
        expected.byName = ["ann": Person(name: "ann", age: 3), "bob": Person(name: "bob")]
        expected.profile = Person(name: "me", age: 40)
        expected.tags = ["x", "y"]
        expected.grid = [[1, 2], [], [3]]
        expected.maybePeople = [Person(name: "p"), nil]
        expected.teams = [[Person(name: "a")], [Person(name: "b"), Person(name: "c")]]
        expected.lookup = ["odd": [1, 3], "even": []]
        expected.children = ["k": Graph(id: 5, children: ["kk": Graph(id: 6)])]
        #expect(try JSONMapDecoder().decode(Graph.self, from: json) == expected)
    }

    @Test func optionalNestedModel() throws {
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"id":1}"#).profile == nil)
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":null}"#).profile == nil)
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":{}}"#).profile == Person())
        #expect(try JSONMapDecoder().decode(Graph.self, from: #"{"profile":{"age":2}}"#).profile == Person(name: "", age: 2))
    }

    // MARK: - Compiled meta

    struct MetaModel: JSONMappable {
        var a = 0, b = "", c = 0, d = 0, e = 0, f = 0
        static let jsonMapping = JSONMapping<MetaModel> {
            Map(\.a, "x")
            Map(\.b, "x")
            Map(\.c, "p.q")
            Map(\.d, ["p.r", "d"])
            Map(\.e, "e", required: true)
            Map(\.f, ["f1", "f2"])
        }
    }

    @Test func compiledMeta() throws {
        let meta = ModelRegistry.shared.meta(for: MetaModel.self)
        // Distinct top-level keys: x, p, d, e, f1, f2.
        #expect(meta.mappedKeyCount == 6)
        #expect(meta.properties.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(meta.properties.map(\.name) == ["x", "x", "p.q", "p.r", "e", "f1"])
        #expect(meta.keyPathProperties.map(\.index) == [2, 3])
        #expect(meta.multiKeyProperties.map(\.index) == [3, 5])
        #expect(meta.requiredProperties.map(\.index) == [4])

        // Two properties on one key: a chain of two bindings, in declaration order.
        let x = try #require(meta.root.keys["x"])
        let first = try #require(x.first)
        #expect(first.property.index == 0)
        let second = try #require(first.next)
        #expect(second.property.index == 1)
        #expect(second.next == nil)
        #expect(x.object == nil && x.array == nil)

        // A key path level: "p" binds nothing itself and continues into an object with q and r.
        let p = try #require(meta.root.keys["p"])
        #expect(p.first == nil)
        let pObject = try #require(p.object)
        #expect(pObject.keys.count == 2)
        #expect(pObject.keys["q"]?.first?.property.index == 2)
        #expect(pObject.keys["r"]?.first?.property.index == 3)
        #expect(pObject.keys["r"]?.first?.priority == 0)

        // Fallback keys carry their position in the list.
        #expect(meta.root.keys["d"]?.first?.property.index == 3)
        #expect(meta.root.keys["d"]?.first?.priority == 1)
        #expect(meta.root.keys["f1"]?.first?.priority == 0)
        #expect(meta.root.keys["f2"]?.first?.priority == 1)
        #expect(meta.root.keys["q"] == nil)
        #expect(meta.root.keys["p.q"] == nil)

        // The same meta every time.
        #expect(ModelRegistry.shared.meta(for: MetaModel.self) === meta)
    }

    @Test func indexPathMeta() throws {
        let meta = ModelRegistry.shared.meta(for: Paths.self)
        let items = try #require(meta.root.keys["items"])
        let array = try #require(items.array)
        #expect(array.element(0) == nil)
        let element = try #require(array.element(1))
        #expect(element.object?.keys["name"]?.first?.property.name == "items[1].name")
        #expect(meta.root.keys["a.b"]?.first?.property.name == "a\\.b")
        #expect(meta.root.keys["x[0]"] != nil)
    }

    // MARK: - Concurrency: first use of several types from many tasks at once

    struct ConcLeaf: JSONMappable, Equatable, Sendable {
        var v = 0
        var s = ""
        static let jsonMapping = JSONMapping<ConcLeaf> {
            Map(\.v, "v")
            Map(\.s, ["s", "S"])
        }
    }

    struct ConcNode: JSONMappable, Equatable, Sendable {
        var id: Int64 = 0
        var leaves: [ConcLeaf] = []
        var children: [ConcNode] = []
        var city = ""
        var tags: Set<String> = []
        static let jsonMapping = JSONMapping<ConcNode> {
            Map(\.id, "id", required: true)
            Map(\.leaves, "leaves")
            Map(\.children, "children")
            Map(\.city, "addr.city")
            Map(\.tags, "tags")
        }
    }

    struct ConcSnake: JSONMappable, Equatable, Sendable {
        var userName = ""
        var score = 0.0
        var nodes: [String: ConcNode] = [:]
        static let jsonMapping = JSONMapping<ConcSnake>(keyStrategy: .snakeCase) {
            Map(\.userName, "userName")
            Map(\.score, "scoreValue")
            Map(\.nodes, "nodes")
        }
    }

    final class ConcClass: JSONMappable {
        var id = 0
        var leaf = ConcLeaf()
        required init() {}
        static let jsonMapping = JSONMapping<ConcClass> {
            Map(\.id, "id")
            Map(\.leaf, "leaf")
        }
    }

    struct ConcResult: Equatable, Sendable {
        var node: ConcNode
        var snake: ConcSnake
        var classID: Int
        var classLeaf: ConcLeaf
        var leaves: [ConcLeaf]
    }

    static let concNodeJSON = #"{"id":1,"leaves":[{"v":1,"s":"a"},{"S":"b","v":2}],"children":[{"id":2,"addr":{"city":"Rome"},"tags":["t","t","u"]}],"addr":{"city":"Oslo"}}"#
    static let concSnakeJSON = #"{"user_name":"ann","score_value":"2.5","nodes":{"n":{"id":9}}}"#
    static let concClassJSON = #"{"id":7,"leaf":{"v":3,"S":"c"}}"#
    static let concLeavesJSON = #"[{"v":10},{"s":"z","S":"y"}]"#

    static func decodeConcurrencyTypes() throws(JSONMapperError) -> ConcResult {
        let node = try JSONMapDecoder().decode(ConcNode.self, from: concNodeJSON)
        let snake = try JSONMapDecoder().decode(ConcSnake.self, from: concSnakeJSON)
        let object = try JSONMapDecoder().decode(ConcClass.self, from: concClassJSON)
        let leaves = try JSONMapDecoder().decode([ConcLeaf].self, from: concLeavesJSON)
        return ConcResult(node: node, snake: snake, classID: object.id, classLeaf: object.leaf, leaves: leaves)
    }

    @Test func concurrentFirstUseOfNewTypes() async throws {
        let results = try await withThrowingTaskGroup(of: [ConcResult].self) { group in
            for _ in 0..<32 {
                group.addTask {
                    var results: [ConcResult] = []
                    for _ in 0..<20 { results.append(try Self.decodeConcurrencyTypes()) }
                    return results
                }
            }
            var all: [ConcResult] = []
            for try await batch in group { all += batch }
            return all
        }
        #expect(results.count == 32 * 20)

        let single = try Self.decodeConcurrencyTypes()
        let expected = ConcResult(
            node: ConcNode(id: 1, leaves: [ConcLeaf(v: 1, s: "a"), ConcLeaf(v: 2, s: "b")],
                           children: [ConcNode(id: 2, city: "Rome", tags: ["t", "u"])], city: "Oslo"),
            snake: ConcSnake(userName: "ann", score: 2.5, nodes: ["n": ConcNode(id: 9)]),
            classID: 7, classLeaf: ConcLeaf(v: 3, s: "c"),
            leaves: [ConcLeaf(v: 10), ConcLeaf(v: 0, s: "z")])
        #expect(single == expected)
        #expect(results.allSatisfy { $0 == single })
    }
}
