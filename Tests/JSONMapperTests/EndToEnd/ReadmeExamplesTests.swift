import Foundation
import Testing
import JSONMapper

/// The README's Swift examples, line for line (`ReadmeTests` checks that every line of every
/// Swift block in the README appears here, in order), run against inputs they describe. The
/// macro model lives in `JSONMapperMacrosTests` (`ReadmeModelTests`), since this target does not
/// build the macros; `User` here is the same model written with the DSL.
@Suite("End to end: the README's examples")
struct ReadmeExamplesTests {
    struct User: JSONMappable {
        var id: Int64 = 0
        var screenName = ""
        var avatar: URL?
        var followers = 0
        var friends: [User] = []
        static let jsonMapping = JSONMapping<User>(keyStrategy: .snakeCase) {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.screenName, "screenName")
            JSONMap(\.avatar, ["profile.avatar_url", "avatar"])
            JSONMap(\.followers, "counts.followers")
            JSONMap(\.friends, "friends")
        }
    }

    // README, "A model": the model written with the DSL.
    struct Event: JSONMappable {
        var id = 0
        var kind = ""
        var metadata: JSONValue = .null                              // any JSON, kept as it was read
        static let jsonMapping = JSONMapping<Event>(keyStrategy: .snakeCase) {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.kind, ["type", "kind"])                            // the first key present wins
            JSONMap(\.metadata, "metadata")
        }
    }

    @Test func theDSLModelReadsFallbackKeysAndRawJSON() throws {
        let event = try JSONMapDecoder().decode(Event.self, from: #"{"id":3,"kind":"push","metadata":{"tags":[1,2.50]}}"#)
        #expect(event.id == 3)
        #expect(event.kind == "push")
        #expect(event.metadata["tags"]?.array?.count == 2)
        #expect(try JSONMapEncoder().encode(event.metadata, as: String.self) == #"{"tags":[1,2.50]}"#)
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(Event.self, from: #"{"kind":"push"}"#) }
    }

    /// README, "Codable types": a `Codable` model through the drop-ins.
    struct Timeline: Codable, Equatable {
        var statuses: [String]
    }

    static func codableExample(data: Data) throws -> (Timeline, Data) {
        let codable = JSONCodableDecoder()                                  // in place of JSONDecoder()
        let timeline = try codable.decode(Timeline.self, from: data)        // any Decodable
        let bytes = try JSONCodableEncoder().encode(timeline)               // in place of JSONEncoder()
        return (timeline, bytes)
    }

    @Test func theCodableExample() throws {
        let (timeline, bytes) = try Self.codableExample(data: Data(#"{"statuses":["a","b"]}"#.utf8))
        #expect(timeline == Timeline(statuses: ["a", "b"]))
        #expect(try JSONDecoder().decode(Timeline.self, from: bytes) == timeline)
        #expect(throws: DecodingError.self) { try Self.codableExample(data: Data(#"{"statuses":[1]}"#.utf8)) }
    }

    /// README, "A decode", in the order written there.
    static func decodeExample(data: Data, list: Data, patch: Data) throws -> (User, [User], Data) {
        let decoder = JSONMapDecoder()                                      // or JSONMapDecoder(options: ...)
        var user = try decoder.decode(User.self, from: data)                // Data, [UInt8], String, raw buffer
        let users = try decoder.decode([User].self, from: list)             // arrays, [String: User], scalars
        try user.update(fromJSON: patch)                                    // set only what the JSON holds
        let json = try JSONMapEncoder().encode(user)                        // the same mapping writes
        return (user, users, json)
    }

    @Test func theDecodeExample() throws {
        let data = Data(#"{"id":1,"screen_name":"ann","profile":{"avatar_url":"https://a.example/1.png"},"counts":{"followers":5}}"#.utf8)
        let list = Data(#"[{"id":2,"avatar":"https://a.example/2.png"},{"id":3}]"#.utf8)
        let patch = Data(#"{"counts":{"followers":6}}"#.utf8)
        let (user, users, json) = try Self.decodeExample(data: data, list: list, patch: patch)
        #expect(user.id == 1 && user.screenName == "ann" && user.followers == 6)
        #expect(user.avatar == URL(string: "https://a.example/1.png"))
        #expect(users.map(\.id) == [2, 3])
        #expect(users[0].avatar == URL(string: "https://a.example/2.png"))
        let back = try JSONMapDecoder().decode(User.self, from: json)
        #expect(back.id == 1 && back.screenName == "ann" && back.followers == 6 && back.avatar == user.avatar)
    }

    /// README, "A record stream", in the order written there.
    static func streamExample(path: String) throws -> (delivered: [Event], rejected: [JSONRecordRejection]) {
        var delivered: [Event] = []
        var rejected: [JSONRecordRejection] = []
        let stream = JSONRecordDecoder()                                    // framing: .automatic
        let records = stream.records(Event.self, from: .file(path)) { rejection in
            rejected.append(rejection)                                      // index, line, bytes, error
        }
        for result in records {
            let record = try result.get()                                   // a stream-ending error comes last
            delivered.append(record.value)                                  // also record.index, .line, .byteRange
        }
        return (delivered, rejected)
    }

    @Test func theRecordStreamExample() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).jsonl").path
        try Data("{\"id\":1,\"type\":\"a\"}\n{\"type\":\"no id\"}\n{\"id\":3,\"kind\":\"c\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (delivered, rejected) = try Self.streamExample(path: path)
        #expect(delivered.map(\.id) == [1, 3])
        #expect(delivered.map(\.kind) == ["a", "c"])
        #expect(rejected.map(\.index) == [1])
        #expect(rejected.map(\.line) == [2])
    }
}
