import Foundation
import Testing
@testable import JSONMapper

/// Decoding models from trees already in memory: a JSONValue, and Foundation objects as
/// JSONSerialization returns them (NSNumber, NSNull, NSDecimalNumber) or as written by hand
/// with Swift values. Every result is checked against a model written by hand, and against
/// the streaming decode of the same JSON text.
@Suite("Dictionary decoding: JSONValue and [String: Any]")
struct DictionaryDecodingTests: CapturesMappingErrors {

    static func foundation(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    static func foundationDictionary(_ text: String) throws -> [String: Any] {
        try #require(try foundation(text) as? [String: Any])
    }

    // MARK: - Models

    struct Account: JSONMappable, Equatable {
        var id: Int64 = 0
        var name = ""
        var score = 0.0
        var ratio: Float = 0
        var verified = false
        var count = 0
        var balance: Decimal = 0
        var nickname: String? = "unset"
        var tags: [String] = []
        var avatar = ""
        var followers = 0
        var friends: [Account] = []
        var byName: [String: Account] = [:]
        static let jsonMapping = JSONMapping<Account> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.name, ["screen_name", "name"])
            JSONMap(\.score, "score")
            JSONMap(\.ratio, "ratio")
            JSONMap(\.verified, "verified")
            JSONMap(\.count, "count")
            JSONMap(\.balance, "balance")
            JSONMap(\.nickname, "nickname")
            JSONMap(\.tags, "tags")
            JSONMap(\.avatar, ["profile.avatar_url", "avatar"])
            JSONMap(\.followers, "counts.followers")
            JSONMap(\.friends, "friends")
            JSONMap(\.byName, "by_name")
        }
    }

    struct Numbers: JSONMappable, Equatable {
        var int = 0
        var int64: Int64 = 0
        var uint64: UInt64 = 0
        var string = ""
        var decimal: Decimal = 0
        var double = 0.0
        var flag = false
        var ids: [Int64] = []
        static let jsonMapping = JSONMapping<Numbers> {
            JSONMap(\.int, "int")
            JSONMap(\.int64, "int64")
            JSONMap(\.uint64, "uint64")
            JSONMap(\.string, "string")
            JSONMap(\.decimal, "decimal")
            JSONMap(\.double, "double")
            JSONMap(\.flag, "flag")
            JSONMap(\.ids, "ids")
        }
    }

    static let accountText = #"""
    {"id": 505874924095815681, "screen_name": "jack", "name": "Jack D", "score": 4.75, "ratio": 0.5,
     "verified": true, "count": 3, "balance": 1234567890.123456789012, "nickname": null, "tags": ["a", "b"],
     "avatar": "fallback.png", "profile": {"avatar_url": "http://x/a.png", "bg": "#fff"}, "counts": {"followers": 42},
     "friends": [{"id": 1, "name": "f1"}, {"verified": false, "screen_name": "f2", "id": 2}],
     "by_name": {"z": {"id": 9, "tags": []}}, "unmapped": {"deep": [1, 2, {"x": null}]}}
    """#

    static let expectedAccount = Account(
        id: 505874924095815681, name: "jack", score: 4.75, ratio: 0.5, verified: true, count: 3,
        balance: Decimal(string: "1234567890.123456789012")!, nickname: nil, tags: ["a", "b"],
        avatar: "http://x/a.png", followers: 42,
        friends: [Account(id: 1, name: "f1"), Account(id: 2, name: "f2", verified: false)],
        byName: ["z": Account(id: 9)])

    // MARK: - Every entry point gives the same model

    @Test func everyTreeEntryPointGivesTheHandWrittenModel() throws {
        let value = try JSONValue(parsing: Self.accountText)
        let dictionary = try Self.foundationDictionary(Self.accountText)
        #expect(try Account(jsonValue: value) == Self.expectedAccount)
        #expect(try JSONMapDecoder().decode(Account.self, from: value) == Self.expectedAccount)
        #expect(try Account(dictionary: dictionary) == Self.expectedAccount)
        #expect(try JSONMapDecoder().decode(Account.self, fromJSONObject: dictionary) == Self.expectedAccount)
        #expect(try JSONMapDecoder().decode(Account.self, fromJSONObject: value) == Self.expectedAccount)
        // And the streaming decode of the same text agrees.
        #expect(try JSONMapDecoder().decode(Account.self, from: Self.accountText) == Self.expectedAccount)
    }

    @Test func decimalStaysExactThroughBothTrees() throws {
        let fromValue = try Account(jsonValue: JSONValue(parsing: Self.accountText))
        let fromDictionary = try Account(dictionary: Self.foundationDictionary(Self.accountText))
        #expect("\(fromValue.balance)" == "1234567890.123456789012")
        #expect("\(fromDictionary.balance)" == "1234567890.123456789012")
        let pi = #"{"decimal": 3.14159265358979323846, "double": 3.14159265358979323846}"#
        let numbers = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(pi))
        #expect("\(numbers.decimal)" == "3.14159265358979323846")
        #expect(numbers.double == 3.141592653589793)
        // A binary double from Foundation becomes the Decimal of its shortest text.
        let tenth = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: ["decimal": 0.1])
        #expect("\(tenth.decimal)" == "0.1")
    }

    @Test func handBuiltDictionaryOfSwiftValues() throws {
        let dictionary: [String: Any] = [
            "id": 7, "screen_name": "s", "score": 2.5, "ratio": Float(0.25), "verified": true, "count": Int32(12),
            "balance": Decimal(string: "0.000000000000000000000000001")!, "nickname": NSNull(), "tags": ["x", "y"],
            "profile": ["avatar_url": "u"], "counts": ["followers": UInt8(5)],
            "friends": [["id": 8, "name": "eight"], ["id": Int64(9), "verified": NSNumber(value: true)]] as [[String: Any]],
            "by_name": ["k": ["id": NSNumber(value: 10), "tags": [String]()]] as [String: Any],
        ]
        let expected = Account(
            id: 7, name: "s", score: 2.5, ratio: 0.25, verified: true, count: 12,
            balance: Decimal(string: "0.000000000000000000000000001")!, nickname: nil, tags: ["x", "y"], avatar: "u",
            followers: 5, friends: [Account(id: 8, name: "eight"), Account(id: 9, verified: true)], byName: ["k": Account(id: 10)])
        #expect(try Account(dictionary: dictionary) == expected)
        // Foundation's own classes, and JSONValues inside a dictionary.
        let bridged = NSDictionary(dictionary: [
            "id": NSNumber(value: 3), "name": NSString(string: "ns"), "tags": NSArray(array: [NSString(string: "a")]),
            "counts": NSDictionary(dictionary: ["followers": NSNumber(value: 4)]), "friends": [["id": 2]] as JSONValue,
        ])
        #expect(try JSONMapDecoder().decode(Account.self, fromJSONObject: bridged)
                == Account(id: 3, name: "ns", tags: ["a"], followers: 4, friends: [Account(id: 2)]))
    }

    @Test func handBuiltJSONValueLiterals() throws {
        let value: JSONValue = [
            "id": 3, "name": "lit", "score": 0.5, "verified": true, "nickname": "nick",
            "profile": ["avatar_url": "p"], "friends": [["id": 4]], "by_name": ["q": ["id": 5, "name": "five"]],
        ]
        let expected = Account(id: 3, name: "lit", score: 0.5, verified: true, nickname: "nick", avatar: "p",
                               friends: [Account(id: 4)], byName: ["q": Account(id: 5, name: "five")])
        #expect(try Account(jsonValue: value) == expected)
        #expect(try JSONMapDecoder().decode(Account.self, fromJSONObject: ["id": 3, "name": "lit", "score": 0.5, "verified": true,
                                                                     "nickname": "nick", "profile": ["avatar_url": "p"],
                                                                     "friends": [["id": 4]],
                                                                     "by_name": ["q": ["id": 5, "name": "five"]]])
                == expected)
    }

    // MARK: - Arrays and dictionaries of models

    static let listText = #"[{"id": 1, "name": "one"}, {"id": 2, "tags": ["t"]}, {"id": 3, "counts": {"followers": 9}}]"#
    static let expectedList = [Account(id: 1, name: "one"), Account(id: 2, tags: ["t"]), Account(id: 3, followers: 9)]

    @Test func arraysOfModels() throws {
        #expect(try JSONMapDecoder().decode([Account].self, from: JSONValue(parsing: Self.listText)) == Self.expectedList)
        #expect(try JSONMapDecoder().decode([Account].self, fromJSONObject: Self.foundation(Self.listText)) == Self.expectedList)
        let handBuilt: [[String: Any]] = [["id": 1, "name": "one"], ["id": 2, "tags": ["t"]], ["id": 3, "counts": ["followers": 9]]]
        #expect(try JSONMapDecoder().decode([Account].self, fromJSONObject: handBuilt) == Self.expectedList)
        #expect(try JSONMapDecoder().decode([Account].self, fromJSONObject: [Any]()) == [])
        #expect(try JSONMapDecoder().decode([[Account]].self, from: JSONValue(parsing: "[\(Self.listText), []]"))
                == [Self.expectedList, []])
    }

    @Test func dictionariesOfModels() throws {
        let text = #"{"a": {"id": 1}, "b": {"id": 2, "screen_name": "bee"}}"#
        let expected = ["a": Account(id: 1), "b": Account(id: 2, name: "bee")]
        #expect(try JSONMapDecoder().decode([String: Account].self, from: JSONValue(parsing: text)) == expected)
        #expect(try JSONMapDecoder().decode([String: Account].self, fromJSONObject: Self.foundation(text)) == expected)
        #expect(try JSONMapDecoder().decode([String: [Account]].self, fromJSONObject: ["all": Self.foundation(Self.listText)])
                == ["all": Self.expectedList])
    }

    @Test func optionalTopLevelModels() throws {
        #expect(try JSONMapDecoder().decode(Account?.self, from: JSONValue.null) == nil)
        #expect(try JSONMapDecoder().decode(Account?.self, fromJSONObject: NSNull()) == nil)
        #expect(try JSONMapDecoder().decode(Account?.self, fromJSONObject: ["id": 4]) == Account(id: 4))
    }

    @Test func topLevelValuesThatAreNotObjects() {
        #expect(throws: JSONMapperError.typeMismatch(path: "", expected: "an object (Account)", found: "an array")) {
            try Account(jsonValue: [1, 2])
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "", expected: "an object (Account)", found: "an array")) {
            try JSONMapDecoder().decode(Account.self, fromJSONObject: [1, 2])
        }
        let scalar = Self.failure { () throws(JSONMapperError) in try Account(jsonValue: "text") }
        guard case .typeMismatch(path: "", expected: _, found: _, location: _)? = scalar else {
            Issue.record("a string is not an Account: \(String(describing: scalar))")
            return
        }
    }

    // MARK: - Booleans and numbers from NSNumber

    @Test func booleansAndNumbersKeepTheirKindFromJSONSerialization() throws {
        let lenient = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(#"{"flag": 1, "int": true}"#))
        #expect(lenient.flag == true)
        #expect(lenient.int == 1)
        let zero = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(#"{"flag": 0, "int": false, "string": true}"#))
        #expect(zero.flag == false)
        #expect(zero.int == 0)
        #expect(zero.string == "true")
        let kinds = try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: Self.foundation(#"{"flag": true, "int": 1}"#))
        #expect(kinds.flag == true)
        #expect(kinds.int == 1)
        // Strict: true is not an Int, 1 is not a Bool, 0 and false neither.
        #expect(throws: JSONMapperError.typeMismatch(path: "int", expected: "Int", found: "boolean true")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: Self.foundation(#"{"int": true}"#))
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "flag", expected: "Bool", found: "number 1")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: Self.foundation(#"{"flag": 1}"#))
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "int", expected: "Int", found: "boolean false")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: Self.foundation(#"{"int": false}"#))
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "flag", expected: "Bool", found: "number 0")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: Self.foundation(#"{"flag": 0}"#))
        }
    }

    @Test func booleansAndNumbersKeepTheirKindFromHandBuiltValues() throws {
        for flag: Any in [true, NSNumber(value: true)] {
            #expect(throws: JSONMapperError.typeMismatch(path: "int", expected: "Int", found: "boolean true")) {
                try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: ["int": flag])
            }
            #expect(try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: ["flag": flag]).flag == true)
        }
        for one: Any in [1, NSNumber(value: 1), Int64(1)] {
            #expect(throws: JSONMapperError.typeMismatch(path: "flag", expected: "Bool", found: "number 1")) {
                try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: ["flag": one])
            }
            #expect(try JSONMapDecoder(options: .strict).decode(Numbers.self, fromJSONObject: ["int": one]).int == 1)
        }
        // And from a JSONValue.
        #expect(throws: JSONMapperError.typeMismatch(path: "int", expected: "Int", found: "boolean true")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, from: ["int": true] as JSONValue)
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "flag", expected: "Bool", found: "number 1")) {
            try JSONMapDecoder(options: .strict).decode(Numbers.self, from: ["flag": 1] as JSONValue)
        }
    }

    // MARK: - 64-bit integers through NSNumber

    @Test func sixtyFourBitIdsThroughJSONSerializationStayExact() throws {
        let text = #"""
        {"int": 505874924095815681, "int64": 505874924095815681, "uint64": 505874924095815681,
         "string": 505874924095815681, "decimal": 505874924095815681,
         "ids": [505874924095815681, 505874924095815682, 9007199254740993, 9223372036854775807, -9223372036854775808, -505874924095815681]}
        """#
        let expected = Numbers(int: 505874924095815681, int64: 505874924095815681, uint64: 505874924095815681,
                               string: "505874924095815681", decimal: Decimal(string: "505874924095815681")!,
                               ids: [505874924095815681, 505874924095815682, 9007199254740993, Int64.max, Int64.min, -505874924095815681])
        #expect(try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(text)) == expected)
        #expect(try JSONMapDecoder().decode(Numbers.self, from: JSONValue(parsing: text)) == expected)
        #expect(try JSONMapDecoder().decode(Numbers.self, from: text) == expected)
        // Hand-built Swift integers too.
        let handBuilt: [String: Any] = ["int64": Int64(505874924095815681), "int": 505874924095815681,
                                        "ids": [Int64.max, Int64.min]]
        let decoded = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: handBuilt)
        #expect(decoded.int64 == 505874924095815681)
        #expect(decoded.int == 505874924095815681)
        #expect(decoded.ids == [Int64.max, Int64.min])
    }

    @Test func unsignedIdsAboveInt64MaxThroughJSONSerializationStayExact() throws {
        for id: UInt64 in [9223372036854775808, 9223372036854775809, 12345678901234567891, 18446744073709551615] {
            let text = #"{"uint64": \#(id), "string": \#(id)}"#
            let result = Result { try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(text)) }
            #expect((try? result.get())?.uint64 == id, "\(id) via JSONSerialization: \(result)")
            #expect((try? result.get())?.string == "\(id)", "\(id) via JSONSerialization: \(result)")
            // JSONValue and bytes keep it.
            #expect(try JSONMapDecoder().decode(Numbers.self, from: JSONValue(parsing: text)).uint64 == id)
            #expect(try JSONMapDecoder().decode(Numbers.self, from: text).uint64 == id)
        }
    }

    @Test func handBuiltUInt64AboveInt64MaxStaysExact() {
        for id: UInt64 in [9223372036854775809, UInt64.max] {
            let result = Result { try JSONMapDecoder().decode(Numbers.self, fromJSONObject: ["uint64": id]) }
            #expect((try? result.get())?.uint64 == id, "\(id) as a Swift UInt64: \(result)")
        }
    }

    @Test func integralDoublesFromFoundationConvert() throws {
        let numbers = try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(#"{"int": 20.0, "double": 1e20, "string": 2.5}"#))
        #expect(numbers.int == 20)
        #expect(numbers.double == 1e20)
        #expect(numbers.string == "2.5")
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder().decode(Numbers.self, fromJSONObject: ["int": 2.5])
        }
        #expect(throws: JSONMapperError.self) {
            try JSONMapDecoder().decode(Numbers.self, fromJSONObject: Self.foundation(#"{"int": 1e20}"#))
        }
    }

    // MARK: - null, missing keys and error paths

    @Test func nullsFromFoundationAndJSONValue() throws {
        let text = #"{"id": 5, "name": null, "nickname": null, "count": null, "tags": null}"#
        let expected = Account(id: 5, nickname: nil)
        #expect(try JSONMapDecoder().decode(Account.self, fromJSONObject: Self.foundation(text)) == expected)
        #expect(try JSONMapDecoder().decode(Account.self, from: JSONValue(parsing: text)) == expected)
        #expect(try Account(dictionary: ["id": 5, "name": NSNull(), "nickname": NSNull(), "count": NSNull(), "tags": NSNull()]) == expected)
        // Strict: null is not an Int.
        #expect(throws: JSONMapperError.typeMismatch(path: "count", expected: "Int", found: "null")) {
            try Account(dictionary: ["id": 5, "count": NSNull()], options: .strict)
        }
        // A required key that is null is missing.
        #expect(throws: JSONMapperError.keyNotFound(path: "id")) { try Account(dictionary: ["id": NSNull()]) }
        #expect(throws: JSONMapperError.keyNotFound(path: "id")) { try Account(jsonValue: ["id": .null]) }
    }

    @Test func errorPathsAreTheSameFromBytesAndTrees() throws {
        let cases: [(String, JSONMapperError)] = [
            (#"{"id": 1, "friends": [{"id": 2}, {"name": "x"}]}"#, .keyNotFound(path: "friends[1].id")),
            (#"{"name": "no id"}"#, .keyNotFound(path: "id")),
            (#"{"id": 1, "by_name": {"k": {"id": "abc"}}}"#,
             .typeMismatch(path: "by_name.k.id", expected: "Int64", found: #"string "abc""#)),
            (#"{"id": 1, "counts": {"followers": [1]}}"#,
             .typeMismatch(path: "counts.followers", expected: "Int", found: "an array")),
            (#"{"id": 1, "friends": [{"id": 2, "friends": [{"id": 3, "tags": {"a": 1}}]}]}"#,
             .typeMismatch(path: "friends[0].friends[0].tags", expected: "an array of String", found: "an object")),
        ]
        for (text, expected) in cases {
            #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Account.self, from: text) } == expected, "bytes: \(text)")
            #expect(Self.failure { () throws(JSONMapperError) in try Account(jsonValue: JSONValue(parsing: text)) } == expected, "JSONValue: \(text)")
            let dictionary = try Self.foundationDictionary(text)
            #expect(Self.failure { () throws(JSONMapperError) in try Account(dictionary: dictionary) } == expected, "[String: Any]: \(text)")
        }
    }
}
