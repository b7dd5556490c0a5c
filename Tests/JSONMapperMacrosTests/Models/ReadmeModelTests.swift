import Foundation
import JSONMapperMacros        // the macros; re-exports JSONMapper
import Testing

/// The README's macro model, line for line (`ReadmeTests` in `JSONMapperTests` checks that the
/// README's block appears here, in order), decoded from the JSON its comments describe.
enum ReadmeModel {
    @JSONMappable(keyStrategy: .snakeCase)
    struct User {
        @JSONRequired var id: Int64 = 0
        var screenName = ""                                          // "screen_name"
        @JSONKey("profile.avatar_url", "avatar") var avatar: URL?    // key path first, then a fallback key
        @JSONKey("counts.followers") var followers = 0
        var friends: [User] = []
        @JSONIgnore var lastSeen: Date?                              // never read or written
    }
}

@Suite("Macros: the README's model")
struct ReadmeModelTests {
    @Test func theReadmeModelDecodesWhatItsCommentsSay() throws {
        let json = #"{"id":1,"screen_name":"ann","avatar":"https://a.example/1.png","counts":{"followers":5},"#
            + #""friends":[{"id":2,"profile":{"avatar_url":"https://a.example/2.png"}}],"last_seen":0,"lastSeen":0}"#
        let user = try JSONMapDecoder().decode(ReadmeModel.User.self, from: json)
        #expect(user.id == 1 && user.screenName == "ann" && user.followers == 5)
        #expect(user.avatar == URL(string: "https://a.example/1.png"))
        #expect(user.friends.first?.avatar == URL(string: "https://a.example/2.png"))
        #expect(user.lastSeen == nil)
        #expect(throws: JSONMapperError.self) { try JSONMapDecoder().decode(ReadmeModel.User.self, from: #"{"screen_name":"ann"}"#) }
    }
}
