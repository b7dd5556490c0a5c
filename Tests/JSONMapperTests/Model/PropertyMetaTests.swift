import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Required keys

    struct Req: JSONMappable, Equatable {
        var id = 0
        var name = ""
        static let jsonMapping = JSONMapping<Req> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.name, "name")
        }
    }

    struct RUser: JSONMappable, Equatable {
        var id = 0
        var name = ""
        var friends: [RUser] = []
        static let jsonMapping = JSONMapping<RUser> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.name, "name")
            JSONMap(\.friends, "friends")
        }
    }

    struct ReqPath: JSONMappable, Equatable {
        var city = ""
        static let jsonMapping = JSONMapping<ReqPath> { JSONMap(\.city, "address.city", required: true) }
    }

    struct ReqFallback: JSONMappable, Equatable {
        var id = 0
        static let jsonMapping = JSONMapping<ReqFallback> { JSONMap(\.id, ["id", "ID"], required: true) }
    }

    struct ReqOptional: JSONMappable, Equatable {
        var nick: String? = "default"
        static let jsonMapping = JSONMapping<ReqOptional> { JSONMap(\.nick, "nick", required: true) }
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
}
