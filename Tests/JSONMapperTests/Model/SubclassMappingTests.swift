import Foundation
import Testing
@testable import JSONMapper

/// A subclass's mapping (`extended(for:)`) keeps what its superclass declared, and type
/// choice errors name the class whose `mappedType(for:)` chose.
@Suite("Model: subclass mappings")
struct SubclassMappingTests {
    class Account: JSONMappable {
        var screenName = ""
        var secret = ""
        var note = ""
        required init() {}
        class var jsonMapping: JSONMapping<Account> {
            JSONMapping(keyStrategy: .snakeCase, ignoring: [\Account.secret]) {
                JSONMap(\.screenName, "screenName")
                JSONMap(\.secret, "secret")
                JSONMap(\.note, "note")
            }
        }
    }

    final class Verified: Account {
        var badgeLevel = 0
        override class var jsonMapping: JSONMapping<Account> {
            super.jsonMapping.extended(for: Verified.self) {
                JSONMap(\.badgeLevel, "badgeLevel")
            }
        }
    }

    final class Opted: Account {
        var badgeLevel = 0
        override class var jsonMapping: JSONMapping<Account> {
            super.jsonMapping.extended(for: Opted.self, keyStrategy: .useDeclaredKeys) {
                JSONMap(\.badgeLevel, "badgeLevel")
            }
        }
    }

    static let json = #"{"screen_name":"ada","secret":"s3","note":"n","badge_level":3,"badgeLevel":4}"#

    @Test func aSubclassKeepsItsSuperclassKeyStrategy() throws {
        let verified = try JSONMapDecoder().decode(Verified.self, from: Self.json)
        #expect(verified.screenName == "ada")
        #expect(verified.note == "n")
        // The subclass's own keys follow the inherited strategy too.
        #expect(verified.badgeLevel == 3)
        let written = try JSONMapEncoder(options: EncodingOptions(sortsKeys: true)).encode(verified, as: String.self)
        #expect(written == #"{"badge_level":3,"note":"n","screen_name":"ada"}"#)
    }

    @Test func aSubclassKeepsItsSuperclassIgnoreList() throws {
        let verified = try JSONMapDecoder().decode(Verified.self, from: Self.json)
        #expect(verified.secret == "")
    }

    @Test func anExplicitStrategyAppliesToTheSubclassKeysOnly() throws {
        let opted = try JSONMapDecoder().decode(Opted.self, from: Self.json)
        #expect(opted.screenName == "ada")
        #expect(opted.badgeLevel == 4)
    }

    // MARK: - Type choice when a subclass is decoded directly

    class Node: JSONMappable, JSONPolymorphic {
        var id = 0
        required init() {}
        class var jsonMapping: JSONMapping<Node> { JSONMapping { JSONMap(\.id, "id") } }
        class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
            object["type"]?.string == "workspace" ? Workspace.self : Node.self
        }
    }

    final class Workspace: Node {}

    @Test func aChoiceOutsideTheDecodedSubclassNamesTheChoosingClass() {
        let expected = JSONMapperError.invalidValue(
            path: "[0]",
            reason: "Node.mappedType chose Node, which is not a Workspace (decoding Workspace directly still asks Node.mappedType)")
        #expect(throws: expected) {
            try JSONMapDecoder().decode([Workspace].self, from: #"[{"id":1,"type":"con"}]"#)
        }
    }

    @Test func aChoiceInsideTheDecodedSubclassDecodes() throws {
        let workspaces = try JSONMapDecoder().decode([Workspace].self, from: #"[{"id":1,"type":"workspace"}]"#)
        #expect(workspaces.map(\.id) == [1])
    }
}
