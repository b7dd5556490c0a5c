import Foundation
import Testing
@testable import JSONMapper

extension MappingUnitTests {
    // MARK: - Key strategies

    struct Snake: JSONMappable, Equatable {
        var screenName = ""
        var userID = 0
        var imageURL = ""
        var firstTag = ""
        static let jsonMapping = JSONMapping<Snake>(keyStrategy: .snakeCase) {
            JSONMap(\.screenName, "screenName")
            JSONMap(\.userID, "userID")
            JSONMap(\.imageURL, "profile.imageURL")
            JSONMap(\.firstTag, "tagList[0].tagName")
        }
    }

    struct Camel: JSONMappable, Equatable {
        var screenName = ""
        var userId = 0
        static let jsonMapping = JSONMapping<Camel>(keyStrategy: .camelCase) {
            JSONMap(\.screenName, "screen_name")
            JSONMap(\.userId, "user_id")
        }
    }

    struct Lower: JSONMappable, Equatable {
        var screenName = ""
        var id = 0
        static let jsonMapping = JSONMapping<Lower>(keyStrategy: .lowercase) {
            JSONMap(\.screenName, "ScreenName")
            JSONMap(\.id, "ID")
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
}
