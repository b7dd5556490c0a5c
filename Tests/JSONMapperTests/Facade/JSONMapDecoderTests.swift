import Foundation
import Testing
@testable import JSONMapper

/// The Decoding layer: entry points and inputs, top-level shapes, skipping, updating, error
/// paths, nulls in containers, duplicate keys, chunked decoding, and releasing partial values
/// on every error path.
@Suite("Decoding entry points")
struct DecoderUnitTests: CapturesMappingErrors {

    // MARK: - Helpers



    static func isSyntax(_ error: JSONMapperError?) -> Bool {
        if case .syntax? = error { return true }
        return false
    }

    // MARK: - Models

    struct TUser: JSONMappable, Equatable, Sendable {
        var id: Int64 = 0
        var screenName = ""
        static let jsonMapping = JSONMapping<TUser> {
            JSONMap(\.id, "id")
            JSONMap(\.screenName, "screen_name")
        }
    }

    struct Status: JSONMappable, Equatable, Sendable {
        var id: Int64 = 0
        var text = ""
        var user = TUser()
        var retweets = 0
        static let jsonMapping = JSONMapping<Status> {
            JSONMap(\.id, "id")
            JSONMap(\.text, "text")
            JSONMap(\.user, "user")
            JSONMap(\.retweets, "retweet_count")
        }
    }

    struct Timeline: JSONMappable, Equatable, Sendable {
        var statuses: [Status] = []
        var count = 0
        var firstHashtag = ""
        static let jsonMapping = JSONMapping<Timeline> {
            JSONMap(\.statuses, "statuses")
            JSONMap(\.count, "search_metadata.count")
            JSONMap(\.firstHashtag, "entities.hashtags[0].text")
        }
    }

    static func statusJSON(_ i: Int, userID: String? = nil) -> String {
        let id = userID ?? "\(100 + i)"
        return #"{"id":\#(i),"text":"tweet \#(i) \u00e9","user":{"id":\#(id),"screen_name":"u\#(i)","junk":[1,{"id":0}]},"retweet_count":\#(i * 2)}"#
    }

    static func expectedStatus(_ i: Int) -> Status {
        Status(id: Int64(i), text: "tweet \(i) é", user: TUser(id: Int64(100 + i), screenName: "u\(i)"), retweets: i * 2)
    }

    static func timelineJSON(count: Int, badUserAt bad: Int? = nil) -> String {
        let statuses = (0..<count).map { statusJSON($0, userID: $0 == bad ? "\"abc\"" : nil) }.joined(separator: ",\n")
        return #"{"statuses":[\#(statuses)],"search_metadata":{"count":\#(count),"max_id":1},"entities":{"hashtags":[{"text":"swift"},{"text":"json"}]}}"#
    }

    static func expectedTimeline(count: Int) -> Timeline {
        Timeline(statuses: (0..<count).map(expectedStatus), count: count, firstHashtag: "swift")
    }

    // MARK: - Top-level shapes

    @Test func topLevelArrayAndDictionaryOfModels() throws {
        let array = "[" + (0..<3).map { Self.statusJSON($0) }.joined(separator: ",") + "]"
        #expect(try JSONMapDecoder().decode([Status].self, from: array) == (0..<3).map(Self.expectedStatus))
        #expect(try JSONMapDecoder().decode([Status].self, from: "[]") == [])
        let dictionary = #"{"a":\#(Self.statusJSON(1)),"b":\#(Self.statusJSON(2))}"#
        #expect(try JSONMapDecoder().decode([String: Status].self, from: dictionary) == ["a": Self.expectedStatus(1), "b": Self.expectedStatus(2)])
        #expect(try JSONMapDecoder().decode([String: Status].self, from: "{}") == [:])
        #expect(try JSONMapDecoder().decode([[Status]].self, from: "[[],[\(Self.statusJSON(4))]]") == [[], [Self.expectedStatus(4)]])
        #expect(try JSONMapDecoder().decode([Status?].self, from: "[null,\(Self.statusJSON(5))]") == [nil, Self.expectedStatus(5)])
    }

    @Test func topLevelScalarsAndOptionalNull() throws {
        #expect(try JSONMapDecoder().decode(Int.self, from: "42") == 42)
        #expect(try JSONMapDecoder().decode(Int64.self, from: "-9223372036854775808") == Int64.min)
        #expect(try JSONMapDecoder().decode(String.self, from: #""hi""#) == "hi")
        #expect(try JSONMapDecoder().decode(Bool.self, from: "true") == true)
        #expect(try JSONMapDecoder().decode(Double.self, from: "1.5") == 1.5)
        #expect(try JSONMapDecoder().decode(Int?.self, from: "null") == nil)
        #expect(try JSONMapDecoder().decode(Int?.self, from: "7") == 7)
        #expect(try JSONMapDecoder().decode(Status?.self, from: "null") == nil)
        #expect(try JSONMapDecoder().decode([Int]?.self, from: " null ") == nil)
        #expect(try JSONMapDecoder().decode(Status?.self, from: Self.statusJSON(3)) == Self.expectedStatus(3))
        // A non-optional top-level null has no default to keep.
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int.self, from: "null") })
        guard case .typeMismatch(let path, _, _, _)? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(path == "")
        // A model from an array, an array from an object.
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Status.self, from: "[]") })?.path == "")
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: "{}") })?.path == "")
    }

    @Test func everyInputKindGivesTheSameValue() throws {
        let json = Self.timelineJSON(count: 4)
        let expected = Self.expectedTimeline(count: 4)
        #expect(try JSONMapDecoder().decode(Timeline.self, from: json) == expected)
        #expect(try JSONMapDecoder().decode(Timeline.self, from: Data(json.utf8)) == expected)
        #expect(try JSONMapDecoder().decode(Timeline.self, from: Array(json.utf8)) == expected)
        let bytes = Array(json.utf8)
        let fromBuffer = try bytes.withUnsafeBytes { buffer in try JSONMapDecoder().decode(Timeline.self, from: buffer) }
        #expect(fromBuffer == expected)
        // A slice of a larger buffer: only the given bytes are read.
        let padded = Array("xx".utf8) + bytes + Array("yy".utf8)
        let fromSlice = try padded.withUnsafeBytes { buffer in
            try JSONMapDecoder().decode(Timeline.self, from: UnsafeRawBufferPointer(rebasing: buffer[2..<(2 + bytes.count)]))
        }
        #expect(fromSlice == expected)
        // Data that is a slice with a non-zero start index.
        let data = Data(padded)[2..<(2 + bytes.count)]
        #expect(try JSONMapDecoder().decode(Timeline.self, from: data) == expected)
        // A String that is not natively UTF-8 stored (bridged from an NSString) still decodes.
        let bridged = NSString(string: json) as String
        #expect(try JSONMapDecoder().decode(Timeline.self, from: bridged) == expected)
    }

    // MARK: - Skipping unknown keys

    @Test func unknownKeysWithDeepValuesAreSkipped() throws {
        let json = #"""
        {"junk":{"id":99,"screen_name":"no","deep":[[[{"id":98,"screen_name":"no"}]]]},
         "id":5,
         "more":[{"id":97},[[]],{"a":{"b":{"c":[1,2,{"id":96}]}}},"s",null,true,1.5e3],
         "screen_name":"yes",
         "later":{"id":95,"screen_name":"no"},
         "tail":null}
        """#
        #expect(try JSONMapDecoder().decode(TUser.self, from: json) == TUser(id: 5, screenName: "yes"))
    }

    // MARK: - update(fromJSON:)

    struct Profile: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var followers = 0
        var avatar: URL? = nil
        var tags: [String] = []
        var nick: String? = nil
        var best = TUser()
        static let jsonMapping = JSONMapping<Profile> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name")
            JSONMap(\.followers, "followers")
            JSONMap(\.avatar, "avatar")
            JSONMap(\.tags, "tags")
            JSONMap(\.nick, "nick")
            JSONMap(\.best, "best")
        }
    }

    static let original = Profile(id: 1, name: "a", followers: 3, avatar: URL(string: "https://a.example"), tags: ["x"], nick: "n",
                                  best: TUser(id: 9, screenName: "b"))

    @Test func updateSetsOnlyPresentKeys() throws {
        var profile = Self.original
        try profile.update(fromJSON: #"{"name":"b","tags":["y","z"],"nick":null,"unknown":{"id":5}}"#)
        var expected = Self.original
        expected.name = "b"
        expected.tags = ["y", "z"]
        expected.nick = nil
        #expect(profile == expected)

        try profile.update(fromJSON: Data(#"{"followers":"10"}"#.utf8))
        expected.followers = 10
        #expect(profile == expected)

        try Array(#"{"id":2}"#.utf8).withUnsafeBytes { buffer in try profile.update(fromJSON: buffer) }
        expected.id = 2
        #expect(profile == expected)

        try profile.update(fromJSON: "{}")
        #expect(profile == expected)
    }

    @Test func updateOfANestedModelReplacesIt() throws {
        // A nested model value is decoded afresh from its object.
        var profile = Self.original
        try profile.update(fromJSON: #"{"best":{"screen_name":"c"}}"#)
        #expect(profile.best == TUser(id: 0, screenName: "c"))
    }

    @Test func updateLeavesAStructUnchangedOnError() {
        var profile = Self.original
        let mismatch = Self.error(Self.outcome { () throws(JSONMapperError) in
            try profile.update(fromJSON: #"{"name":"changed","id":7,"followers":"many"}"#)
        })
        #expect(mismatch == .typeMismatch(path: "followers", expected: "Int", found: "string \"many\""))
        #expect(profile == Self.original)

        let syntax = Self.error(Self.outcome { () throws(JSONMapperError) in
            try profile.update(fromJSON: #"{"name":"changed","tags":["q"], oops}"#)
        })
        #expect(Self.isSyntax(syntax))
        #expect(profile == Self.original)

        let truncated = Self.error(Self.outcome { () throws(JSONMapperError) in try profile.update(fromJSON: #"{"name":"changed""#) })
        #expect(Self.isSyntax(truncated))
        #expect(profile == Self.original)

        let notObject = Self.error(Self.outcome { () throws(JSONMapperError) in try profile.update(fromJSON: "[1]") })
        #expect(notObject?.path == "")
        #expect(profile == Self.original)

        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try profile.update(fromJSON: "  ") }) == .emptyInput)
        #expect(profile == Self.original)
    }

    final class Box: JSONMappable {
        var id = 0
        var name = ""
        required init() {}
        static let jsonMapping = JSONMapping<Box> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name")
        }
    }

    @Test func updateOfAClassInstanceKeepsItsIdentity() throws {
        let box = Box()
        box.id = 5
        box.name = "five"
        var reference = box
        try reference.update(fromJSON: #"{"name":"updated"}"#)
        #expect(reference === box)
        #expect(box.id == 5)
        #expect(box.name == "updated")
    }

    struct Account: JSONMappable, Equatable {
        var id: Int64 = 0
        var screenName = ""
        static let jsonMapping = JSONMapping<Account> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.screenName, "screen_name")
        }
    }

    @Test func updateWithAPatchThatOmitsARequiredKey() throws {
        // README: `try user.update(fromJSON: patch)` for a User whose id is required: the
        // instance already has an id, and the patch sets only what it holds.
        var user = Account(id: 7, screenName: "a")
        try user.update(fromJSON: #"{"screen_name":"b"}"#)
        #expect(user == Account(id: 7, screenName: "b"))
    }

    // MARK: - Depth limit paths

    struct Grid: JSONMappable {
        var grid: [[[Int]]] = []
        static let jsonMapping = JSONMapping<Grid> { JSONMap(\.grid, "grid") }
    }

    @Test func depthLimitNamesTheContainerThatIsTooDeep() {
        // Objects: the fourth level is the object at a.b.c.
        let objects = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 3)).decode([String: [String: [String: [String: Int]]]].self, from: #"{"a":{"b":{"c":{}}}}"#)
        })
        #expect(objects == .depthLimitExceeded(path: "a.b.c"))
        // Arrays: the fourth level is the array at grid[0][0], and in [[1],[[2]]] the third is at [1][0].
        let grid = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 3)).decode(Grid.self, from: #"{"grid":[[[1]]]}"#)
        })
        #expect(grid == .depthLimitExceeded(path: "grid[0][0]"))
        let nested = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 2)).decode([[[Int]]].self, from: "[[[1]],[[2],[3]]]")
        })
        #expect(nested == .depthLimitExceeded(path: "[0][0]"))
    }

    // MARK: - Error paths

    @Test func typeMismatchDeepInsideArraysNamesItsPath() {
        let text = Self.timelineJSON(count: 6, badUserAt: 3)
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Timeline.self, from: text) })
        #expect(error == .typeMismatch(path: "statuses[3].user.id", expected: "Int64", found: "string \"abc\""))
        let location = ErrorLocationTests.expectedLocation(of: #""abc""#, in: text)
        #expect(error?.description == #"type mismatch at 'statuses[3].user.id' (\#(location)): expected Int64, found string "abc""#)
        #expect(error?.path == "statuses[3].user.id")
    }

    struct Indexed: JSONMappable {
        var n = 0
        static let jsonMapping = JSONMapping<Indexed> { JSONMap(\.n, "items[1].n") }
    }

    @Test func errorPathsThroughKeyPathsDictionariesAndTopLevelArrays() {
        let keyPath = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Timeline.self, from: #"{"search_metadata":{"count":"many"}}"#)
        })
        #expect(keyPath?.path == "search_metadata.count")
        let indexPath = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Indexed.self, from: #"{"items":[{"n":"x"},{"n":"y"}]}"#)
        })
        #expect(indexPath?.path == "items[1].n")
        let dictionary = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: .strict).decode([String: Status].self, from: #"{"ok":{"id":1},"bad":{"user":{"id":true,"screen_name":[]}}}"#)
        })
        #expect(dictionary?.path == "bad.user.id")
        let topArray = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode([[Int]].self, from: "[[1],[2,3,\"x\"]]")
        })
        #expect(topArray == .typeMismatch(path: "[1][2]", expected: "Int", found: "string \"x\""))
        let containerMismatch = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Timeline.self, from: #"{"statuses":[{"id":1},{"user":[1,2]}]}"#)
        })
        guard case .typeMismatch(let path, _, let found, _)? = containerMismatch else {
            Issue.record("expected typeMismatch, got \(String(describing: containerMismatch))")
            return
        }
        #expect(path == "statuses[1].user")
        #expect(found == "an array")
        let objectForArray = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([[Int]].self, from: #"[[1],{"a":1}]"#) })
        guard case .typeMismatch("[1]", _, "an object", _)? = objectForArray else {
            Issue.record("expected a type mismatch at [1], got \(String(describing: objectForArray))")
            return
        }
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([String: Status].self, from: #"{"ok":{},"k":[1]}"#) })?.path
                == "k")
    }

    // MARK: - null inside containers

    struct Numbers: JSONMappable, Equatable {
        var nums: [Int] = []
        var maybe: [Int?] = []
        var map: [String: Int] = [:]
        var maybeMap: [String: Int?] = [:]
        static let jsonMapping = JSONMapping<Numbers> {
            JSONMap(\.nums, "nums")
            JSONMap(\.maybe, "maybe")
            JSONMap(\.map, "map")
            JSONMap(\.maybeMap, "maybeMap")
        }
    }

    @Test func nullInsideContainers() throws {
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: "[1,null,3]") })
                == .typeMismatch(path: "[1]", expected: "Int", found: "null"))
        #expect(try JSONMapDecoder().decode([Int?].self, from: "[1,null,3]") == [1, nil, 3])
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Numbers.self, from: #"{"nums":[1,null]}"#) })?.path
                == "nums[1]")
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Numbers.self, from: #"{"map":{"a":1,"b":null}}"#) })?.path
                == "map.b")
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([[Int]].self, from: "[[1,null]]") })?.path
                == "[0][1]")
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode([Status].self, from: #"[{"id":1},null]"#) })?.path
                == "[1]")
        let numbers = try JSONMapDecoder().decode(Numbers.self, from: #"{"nums":[1,2],"maybe":[null,2,null],"map":{"a":1},"maybeMap":{"a":null,"b":2}}"#)
        #expect(numbers == Numbers(nums: [1, 2], maybe: [nil, 2, nil], map: ["a": 1], maybeMap: ["a": nil, "b": 2]))
        #expect(numbers.maybeMap.keys.sorted() == ["a", "b"])
    }

    // MARK: - Duplicate keys

    struct Dupes: JSONMappable, Equatable {
        var id = 0
        var user = TUser()
        var city = ""
        var tags: [String] = []
        static let jsonMapping = JSONMapping<Dupes> {
            JSONMap(\.id, "id")
            JSONMap(\.user, "user")
            JSONMap(\.city, "addr.city")
            JSONMap(\.tags, "tags")
        }
    }

    @Test func duplicateKeysLastWins() throws {
        let json = #"{"id":1,"user":{"id":1,"screen_name":"a"},"addr":{"city":"X"},"tags":["a"],"id":2,"user":{"screen_name":"b"},"addr":{"city":"Y"},"tags":[]}"#
        #expect(try JSONMapDecoder().decode(Dupes.self, from: json) == Dupes(id: 2, user: TUser(id: 0, screenName: "b"), city: "Y", tags: []))
        #expect(try JSONMapDecoder().decode([String: Int].self, from: #"{"a":1,"b":2,"a":3}"#) == ["a": 3, "b": 2])
        #expect(try JSONMapDecoder().decode(TUser.self, from: #"{"id":1,"id":2,"id":3}"#).id == 3)
    }

    // MARK: - Large containers

    @Test func largeArraysAndDictionaries() throws {
        let n = 100_000
        let ints = try JSONMapDecoder().decode([Int].self, from: "[" + (0..<n).map(String.init).joined(separator: ",") + "]")
        #expect(ints == Array(0..<n))
        let strings = try JSONMapDecoder().decode([String].self, from: "[" + (0..<10_000).map { #""s\#($0)\u00e9""# }.joined(separator: ",") + "]")
        #expect(strings == (0..<10_000).map { "s\($0)é" })
        let users = try JSONMapDecoder().decode([TUser].self, from: "[" + (0..<5_000).map { #"{"id":\#($0),"screen_name":"u\#($0)"}"# }.joined(separator: ",") + "]")
        #expect(users == (0..<5_000).map { TUser(id: Int64($0), screenName: "u\($0)") })
        let nested = try JSONMapDecoder().decode([[Int]].self, from: "[" + (0..<300).map { i in "[" + (0..<i).map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]")
        #expect(nested == (0..<300).map { Array(0..<$0) })
        let doubles = try JSONMapDecoder().decode([Double].self, from: "[" + (0..<20_000).map { "\($0).5" }.joined(separator: ",") + "]")
        #expect(doubles == (0..<20_000).map { Double($0) + 0.5 })
        let dictionary = try JSONMapDecoder().decode([String: Int].self, from: "{" + (0..<20_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}")
        #expect(dictionary.count == 20_000)
        #expect(dictionary["k0"] == 0 && dictionary["k19999"] == 19_999)
    }

    // MARK: - JSONChunkDecoder

    @Test func chunkDecoderWithTrickyDoubles() throws {
        let texts = ["0.1", "2.2250738585072014e-308", "1e23", "-0.0", "123456789012345678901234567890", "5e-324",
                     "1.7976931348623157e308", "9007199254740993", "0.30000000000000004"]
        let expected: [Double] = [0.1, Double.leastNormalMagnitude, 1e23, -0.0, 1.2345678901234568e29, Double.leastNonzeroMagnitude,
                                  Double.greatestFiniteMagnitude, 9_007_199_254_740_992, 0.30000000000000004]
        let bytes = Array(("[" + texts.joined(separator: ",") + "]").utf8)
        for size in [1, 3, 5] {
            let decoder = JSONChunkDecoder([Double].self)
            for chunk in Self.chunks(of: bytes, size: size) { try decoder.feed(chunk) }
            let values = try decoder.finish()
            #expect(values.map(\.bitPattern) == expected.map(\.bitPattern), "chunk size \(size)")
        }
        // A top-level number split across chunks.
        let decoder = JSONChunkDecoder(Double.self)
        for part in ["-1", "2.5", "e-", "1"] { try decoder.feed(Array(part.utf8)) }
        #expect(try decoder.finish() == -1.25)
    }

    static func chunks(of bytes: [UInt8], size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    @Test(arguments: [1, 2, 7, 64, 1000, 100_000])
    func chunkDecoderEqualsOneShot(_ size: Int) throws {
        let json = Self.timelineJSON(count: 25)
        let bytes = Array(json.utf8)
        let oneShot = try JSONMapDecoder().decode(Timeline.self, from: bytes)
        #expect(oneShot == Self.expectedTimeline(count: 25))

        let decoder = JSONChunkDecoder(Timeline.self)
        for chunk in Self.chunks(of: bytes, size: size) { try decoder.feed(chunk) }
        #expect(try decoder.finish() == oneShot)

        let dataDecoder = JSONChunkDecoder([Status].self)
        let arrayBytes = Array(("[" + (0..<10).map { Self.statusJSON($0) }.joined(separator: ",") + "]").utf8)
        for chunk in Self.chunks(of: arrayBytes, size: size) { try dataDecoder.feed(Data(chunk)) }
        #expect(try dataDecoder.finish() == (0..<10).map(Self.expectedStatus))
    }

    @Test func chunkDecoderWithBuffersAndScalars() throws {
        let decoder = JSONChunkDecoder(Int.self)
        for part in ["  4", "2", "", " "] {
            try Array(part.utf8).withUnsafeBytes { buffer in try decoder.feed(buffer) }
        }
        #expect(try decoder.finish() == 42)

        let strings = JSONChunkDecoder([String].self)
        // A multi-byte character and an escape split across chunks.
        let bytes = Array(#"["h\u00e9", "€😀", "a\"b"]"#.utf8)
        for chunk in Self.chunks(of: bytes, size: 1) { try strings.feed(chunk) }
        #expect(try strings.finish() == ["hé", "€😀", "a\"b"])
    }

    @Test func chunkDecoderErrorsAreSticky() throws {
        let decoder = JSONChunkDecoder([Int].self)
        try decoder.feed(Array("[1,2,".utf8))
        let first = Self.error(Self.outcome { () throws(JSONMapperError) in try decoder.feed(Array("x]".utf8)) })
        #expect(Self.isSyntax(first))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try decoder.feed(Array("3]".utf8)) }) == first)
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try decoder.finish() }) == first)

        // A mapping error waits for the end of the document (a syntax error would win), then sticks.
        let mismatch = JSONChunkDecoder([Int].self)
        try mismatch.feed(Array(#"[1,"a"]"#.utf8))
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try mismatch.finish() })
        #expect(error == .typeMismatch(path: "[1]", expected: "Int", found: "string \"a\""))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try mismatch.finish() }) == error)
    }

    @Test func chunkDecoderEndStates() throws {
        let empty = JSONChunkDecoder([Int].self)
        try empty.feed(Array("  \n".utf8))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try empty.finish() }) == .emptyInput)

        let truncated = JSONChunkDecoder([Int].self)
        try truncated.feed(Array("[1,2".utf8))
        #expect(Self.isSyntax(Self.error(Self.outcome { () throws(JSONMapperError) in try truncated.finish() })))

        let garbage = JSONChunkDecoder([Int].self)
        try garbage.feed(Array("[1]".utf8))
        let trailing = Self.error(Self.outcome { () throws(JSONMapperError) in
            try garbage.feed(Array(" [2]".utf8))
            _ = try garbage.finish()
        })
        #expect(Self.isSyntax(trailing))
    }

    /// Feeding or finishing a decoder whose document is finished is a programming error: the
    /// process stops with a message naming the call (a thrown error, swallowed here by `try?`,
    /// would let it exit normally and fail the test).
    @Test func usingAFinishedChunkDecoderStopsTheProgram() async throws {
        let feed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = JSONChunkDecoder([Int].self)
            try? done.feed(Array("[1]".utf8))
            _ = try? done.finish()
            try? done.feed(Array(" ".utf8))
        }
        #expect(String(decoding: try #require(feed).standardErrorContent, as: UTF8.self)
            .contains("JSONChunkDecoder.feed(_:) called after finish() returned the value"))
        let finish = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = JSONChunkDecoder([Int].self)
            try? done.feed(Array("[1]".utf8))
            _ = try? done.finish()
            _ = try? done.finish()
        }
        #expect(String(decoding: try #require(finish).standardErrorContent, as: UTF8.self)
            .contains("JSONChunkDecoder.finish() called after finish() returned the value"))
    }

    @Test func aFailedFinishKeepsThrowingItsError() throws {
        let truncated = JSONChunkDecoder([Int].self)
        try truncated.feed(Array("[1,2".utf8))
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try truncated.finish() })
        #expect(Self.isSyntax(error))
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try truncated.finish() }) == error)
        #expect(Self.error(Self.outcome { () throws(JSONMapperError) in try truncated.feed(Array("]".utf8)) }) == error)
    }

    // MARK: - Releasing partial values on every error path

    final class LiveCounter: Sendable {
        private let count = LockedBox(0)
        func add(_ delta: Int) { count.withLockedValue { $0 += delta } }
        var value: Int { count.withLockedValue { $0 } }
    }

    struct Boom: JSONValueTransformer {
        struct Exploded: Error {}
        func value(from text: String) throws -> String {
            if text == "boom" { throw Exploded() }
            return text
        }
        func json(from text: String) throws -> String { text }
    }

    /// A class model that counts its live instances. Used only by the test below, so no other
    /// test changes the count while it runs.
    final class Tracked: JSONMappable {
        static let live = LiveCounter()
        var id = 0
        var name = ""
        var children: [Tracked] = []
        var byKey: [String: Tracked] = [:]
        var friend: Tracked? = nil
        var twin: Tracked? = nil
        required init() { Tracked.live.add(1) }
        deinit { Tracked.live.add(-1) }
        static let jsonMapping = JSONMapping<Tracked> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "name", transform: Boom())
            JSONMap(\.children, "children")
            JSONMap(\.byKey, "byKey")
            JSONMap(\.friend, "friend")
            JSONMap(\.twin, "friend")          // a second property on the same key: fanned out
        }
    }

    struct Holder: JSONMappable {
        var items: [Tracked] = []
        static let jsonMapping = JSONMapping<Holder> { JSONMap(\.items, "items") }
    }

    static func trackedArray(count: Int, boomAt: Int?) -> String {
        let items = (0..<count).map { i -> String in
            let name = i == boomAt ? "boom" : "n\(i)"
            return #"{"id":\#(i),"children":[{"id":1},{"id":2,"name":"\#(name)","byKey":{"k":{"id":3}}}],"friend":{"id":4}}"#
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    @Test func everyErrorPathReleasesPartialValues() throws {
        #expect(Tracked.live.value == 0)

        // Success: a tree of objects, all released when the value goes.
        do {
            let value = try JSONMapDecoder().decode([Tracked].self, from: Self.trackedArray(count: 3, boomAt: nil))
            // Per element: itself, 2 children, 1 under byKey, friend and twin (2 instances).
            #expect(Tracked.live.value == 3 * 6)
            #expect(value.count == 3)
            #expect(value[0].friend !== value[0].twin)
            #expect(value[2].children[1].byKey["k"]?.id == 3)
        }
        #expect(Tracked.live.value == 0)

        // A transformer throwing in the middle of the document.
        let boom = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode([Tracked].self, from: Self.trackedArray(count: 100, boomAt: 49))
        })
        guard case .invalidValue(let path, _, _)? = boom else {
            Issue.record("expected invalidValue, got \(String(describing: boom))")
            return
        }
        #expect(path == "[49].children[1].name")
        #expect(Tracked.live.value == 0)

        // A transformer throwing inside a value replayed to two properties.
        let fanned = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Tracked.self, from: #"{"id":1,"friend":{"id":2,"children":[{"id":3},{"name":"boom"}]}}"#)
        })
        #expect(fanned?.path == "friend.children[1].name")
        #expect(Tracked.live.value == 0)

        // Syntax errors mid-document, with objects open at several levels.
        for json in [#"[{"id":1,"children":[{"id":2},{"id":3,"#, #"[{"id":1,"children":[{"id":2},{"id":3,]}]"#,
                     #"[{"id":1,"friend":{"id":2,"children":[{"id":3} x"#, #"[{"id":1}] [2]"#,
                     #"{"byKey":{"a":{"id":1},"b":{"children":[{"id":2},"#] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) -> [Tracked] in
                if json.hasPrefix("{") { return [try JSONMapDecoder().decode(Tracked.self, from: json)] }
                return try JSONMapDecoder().decode([Tracked].self, from: json)
            })
            #expect(Self.isSyntax(error), "\(json): \(String(describing: error))")
            #expect(Tracked.live.value == 0, "\(json)")
        }

        // A type mismatch and the depth limit mid-document.
        let mismatch = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode([Tracked].self, from: #"[{"id":1,"children":[{"id":2,"children":[{"id":"x"}]}]}]"#)
        })
        #expect(mismatch?.path == "[0].children[0].children[0].id")
        #expect(Tracked.live.value == 0)
        let deep = "[" + String(repeating: #"{"children":["#, count: 40) + String(repeating: "]}", count: 40) + "]"
        let depth = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 30)).decode([Tracked].self, from: deep)
        })
        guard case .depthLimitExceeded? = depth else {
            Issue.record("expected depthLimitExceeded, got \(String(describing: depth))")
            return
        }
        #expect(Tracked.live.value == 0)

        // Duplicate keys and updates replace class references: the replaced ones are released.
        do {
            let value = try JSONMapDecoder().decode(Tracked.self, from: #"{"friend":{"id":1},"byKey":{"k":{"id":3},"k":{"id":4}},"friend":{"id":2}}"#)
            #expect(value.friend?.id == 2 && value.twin?.id == 2 && value.byKey["k"]?.id == 4)
            #expect(Tracked.live.value == 4)
            var holder = Holder()
            try holder.update(fromJSON: #"{"items":[{"id":1},{"id":2}]}"#)
            #expect(Tracked.live.value == 6)
            try holder.update(fromJSON: #"{"items":[{"id":3}]}"#)
            #expect(holder.items.map(\.id) == [3])
            #expect(Tracked.live.value == 5)
        }
        #expect(Tracked.live.value == 0)

        // Chunked: abandoned mid-document, failed mid-document.
        do {
            let decoder = JSONChunkDecoder([Tracked].self)
            try decoder.feed(Array(#"[{"id":1,"children":[{"id":2},{"id":3,"friend":{"#.utf8))
            #expect(Tracked.live.value > 0)
        }
        #expect(Tracked.live.value == 0)
        do {
            let decoder = JSONChunkDecoder([Tracked].self)
            try decoder.feed(Array(#"[{"id":1,"children":[{"id":2},"#.utf8))
            try decoder.feed(Array(#"{"name":"boom"}]}]"#.utf8))
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try decoder.finish() })
            #expect(error?.path == "[0].children[1].name")
        }
        #expect(Tracked.live.value == 0)
        do {
            let decoder = JSONChunkDecoder([Tracked].self)
            try decoder.feed(Array(Self.trackedArray(count: 2, boomAt: nil).utf8))
            let value = try decoder.finish()
            #expect(value.count == 2)
        }
        #expect(Tracked.live.value == 0)

        // Updating a struct that holds class instances, failing half-way.
        do {
            var holder = Holder()
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in
                try holder.update(fromJSON: #"{"items":[{"id":1},{"id":2,"name":"boom"}]}"#)
            })
            #expect(error?.path == "items[1].name")
            #expect(holder.items.isEmpty)
        }
        #expect(Tracked.live.value == 0)
    }
}
