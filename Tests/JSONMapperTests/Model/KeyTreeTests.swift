import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Renamed keys

    struct Renamed: JSONMappable, Equatable {
        var id = 0
        var screenName = ""
        var bio: String? = nil
        static let jsonMapping = JSONMapping<Renamed> {
            JSONMap(\.id, "user_id")
            JSONMap(\.screenName, "screen_name")
            JSONMap(\.bio, "description")
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
            JSONMap(\.c, "a.b.c")
            JSONMap(\.second, "items[1].name")
            JSONMap(\.dotted, "a\\.b")
            JSONMap(\.firstURL, "entities.urls[0].expanded")
            JSONMap(\.cell, "matrix[1][0]")
            JSONMap(\.bracketed, "x\\[0]")
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
        static let jsonMapping = JSONMapping<Fallback> { JSONMap(\.avatar, ["avatar_url", "avatar", "pic"]) }
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
        static let jsonMapping = JSONMapping<PathFallback> { JSONMap(\.avatar, ["profile.avatar_url", "avatar"]) }
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
            JSONMap(\.tags, ["tags", "labels"])
            JSONMap(\.owner, ["owner", "user"])
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
            JSONMap(\.idInt, "id")
            JSONMap(\.idString, "id")
            JSONMap(\.idDouble, "id")
            JSONMap(\.user, "user")
            JSONMap(\.userCopy, "user")
            JSONMap(\.userName, "user.name")
            JSONMap(\.tags, "tags")
            JSONMap(\.tagSet, "tags")
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
            JSONMap(\.tags, "tags")
            JSONMap(\.first, "tags[0]")
            JSONMap(\.second, "tags[1]")
            JSONMap(\.count, "tags", transform: CountTransformer())
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
            JSONMap(\.city, "city")
            JSONMap(\.zip, "zip")
        }
    }

    struct AddressFirst: JSONMappable, Equatable {
        var address = Address()
        var city = ""
        static let jsonMapping = JSONMapping<AddressFirst> {
            JSONMap(\.address, "address")
            JSONMap(\.city, "address.city")
        }
    }

    struct CityFirst: JSONMappable, Equatable {
        var city = ""
        var address = Address()
        static let jsonMapping = JSONMapping<CityFirst> {
            JSONMap(\.city, "address.city")
            JSONMap(\.address, "address")
        }
    }

    @Test func wholeObjectAndKeyPathIntoItShareAPrefix() throws {
        let json = #"{"address":{"zip":"75001","city":"Paris"},"other":1}"#
        #expect(try JSONMapDecoder().decode(AddressFirst.self, from: json)
                == AddressFirst(address: Address(city: "Paris", zip: "75001"), city: "Paris"))
        #expect(try JSONMapDecoder().decode(CityFirst.self, from: json)
                == CityFirst(city: "Paris", address: Address(city: "Paris", zip: "75001")))
    }

    // MARK: - Compiled meta

    struct MetaModel: JSONMappable {
        var a = 0, b = "", c = 0, d = 0, e = 0, f = 0
        static let jsonMapping = JSONMapping<MetaModel> {
            JSONMap(\.a, "x")
            JSONMap(\.b, "x")
            JSONMap(\.c, "p.q")
            JSONMap(\.d, ["p.r", "d"])
            JSONMap(\.e, "e", required: true)
            JSONMap(\.f, ["f1", "f2"])
        }
    }

    /// The compiled key tree, observed through what it decodes and encodes.
    @Test func compiledKeyTree() throws {
        // Two properties on one key: both set, and the first declared is the one written.
        let shared = try JSONMapDecoder().decode(MetaModel.self, from: #"{"x":7,"e":0}"#)
        #expect(shared.a == 7 && shared.b == "7")
        // A key path level: "p" binds nothing itself and continues into an object with q and r.
        let nested = try JSONMapDecoder().decode(MetaModel.self, from: #"{"p":{"q":1,"r":2},"e":0}"#)
        #expect(nested.c == 1 && nested.d == 2)
        #expect(try JSONMapDecoder().decode(MetaModel.self, from: #"{"p":3,"e":0}"#).c == 0)
        // Keys of a lower level are not top-level keys, and a dotted key is a path, not a key.
        let flat = try JSONMapDecoder().decode(MetaModel.self, from: #"{"q":1,"p.q":2,"r":3,"e":0}"#)
        #expect(flat.c == 0 && flat.d == 0)
        // Fallback keys carry their position in the list: the preferred key wins in any order.
        #expect(try JSONMapDecoder().decode(MetaModel.self, from: #"{"d":5,"p":{"r":6},"e":0}"#).d == 6)
        #expect(try JSONMapDecoder().decode(MetaModel.self, from: #"{"d":5,"e":0}"#).d == 5)
        #expect(try JSONMapDecoder().decode(MetaModel.self, from: #"{"f2":2,"f1":1,"e":0}"#).f == 1)
        #expect(try JSONMapDecoder().decode(MetaModel.self, from: #"{"f2":2,"e":0}"#).f == 2)
        // Only "e" is required, and it is reported under its key.
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(MetaModel.self, from: "{}") })
            == .keyNotFound(path: "e"))
        // The same tree writes each property's first key, nested as the key paths say, in
        // declaration order; of two properties on one key the first declared is written.
        let written = try JSONMapEncoder().encode(MetaModel(a: 1, b: "b", c: 2, d: 3, e: 4, f: 5), as: String.self)
        #expect(written == #"{"x":1,"p":{"q":2,"r":3},"e":4,"f1":5}"#)
        // One codec per model type, compiled once.
        #expect(ModelRegistry.shared.codec(for: MetaModel.self) === ModelRegistry.shared.codec(for: MetaModel.self))
    }

    @Test func indexPathKeyTree() throws {
        // "items[1].name" maps element 1 only; escaped "a\\.b" and "x\\[0]" are plain keys.
        let partial = try JSONMapDecoder().decode(Paths.self, from: #"{"items":[{"name":"zero"}],"a.b":"dot","x[0]":"br"}"#)
        #expect(partial == Paths(dotted: "dot", bracketed: "br"))
        let written = try JSONMapEncoder().encode(Paths(c: 1, second: "one", dotted: "dot", firstURL: "u", cell: 3, bracketed: "br"),
                                                  as: String.self)
        #expect(written == #"{"a":{"b":{"c":1}},"items":[null,{"name":"one"}],"a.b":"dot","entities":{"urls":[{"expanded":"u"}]},"matrix":[null,[3]],"x[0]":"br"}"#)
    }
}
