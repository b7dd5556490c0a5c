import Foundation
import Testing
@testable import JSONMapper

/// Malformed mapping keys never trap and never silently miss: the first decode or encode that
/// reaches the model throws `JSONMapperError.invalidMapping`, whatever the policy, and every
/// later one does too. Positional keys (`"[0]"`) stay valid.
@Suite("Model: invalid mappings")
struct InvalidMappingTests: CapturesMappingErrors {

    struct BadIndex: JSONMappable {
        var id = 0
        var name = ""
        static let jsonMapping = JSONMapping<BadIndex> {
            JSONMap(\.id, "id")
            JSONMap(\.name, "a[x]")
        }
    }

    struct BadFallback: JSONMappable {
        var name = ""
        static let jsonMapping = JSONMapping<BadFallback> { JSONMap(\.name, ["name", "a..b"]) }
    }

    struct Unclosed: JSONMappable {
        var name = ""
        static let jsonMapping = JSONMapping<Unclosed> { JSONMap(\.name, "a[") }
    }

    struct Empty: JSONMappable {
        var name = ""
        static let jsonMapping = JSONMapping<Empty> { JSONMap(\.name, "") }
    }

    struct NoKeys: JSONMappable {
        var name = ""
        static let jsonMapping = JSONMapping<NoKeys> { JSONMap(\.name, [String]()) }
    }

    struct Holder: JSONMappable {
        var items: [BadIndex] = []
        static let jsonMapping = JSONMapping<Holder> { JSONMap(\.items, "items") }
    }

    static let badIndex = JSONMapperError.invalidMapping(
        type: "BadIndex", key: "a[x]", reason: #"an array index is digits only, found 'x' (escape a '[' that belongs to a key as \[) (at character 3)"#)

    @Test func decodingThrowsTheMalformedKey() {
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(BadIndex.self, from: #"{"id":1,"a[x]":"n"}"#)
        } == Self.badIndex)
    }

    @Test func everyDecodeThrowsNotOnlyTheFirst() {
        for _ in 0..<2 {
            #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(BadIndex.self, from: "{}") } == Self.badIndex)
        }
    }

    @Test(arguments: [DecodingOptions.InvalidValuePolicy.skip, .collect])
    func noPolicySkipsAnInvalidMapping(policy: DecodingOptions.InvalidValuePolicy) {
        let options = DecodingOptions(invalidValuePolicy: policy)
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: options).decode(BadIndex.self, from: #"{"id":1}"#)
        } == Self.badIndex)
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: options).decodeReportingIssues(Holder.self, from: Data(#"{"items":[{}]}"#.utf8))
        } == Self.badIndex)
    }

    @Test func aNestedModelThrowsWhenItsValueIsReached() {
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Holder.self, from: #"{"items":[{"id":1}]}"#)
        } == Self.badIndex)
    }

    @Test func treesAndUpdatesThrowToo() {
        #expect(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(BadIndex.self, from: JSONValue.object(JSONObject([("id", 1)])))
        } == Self.badIndex)
        var model = BadIndex()
        #expect(Self.failure { () throws(JSONMapperError) in try model.update(fromJSON: Data("{}".utf8)) } == Self.badIndex)
    }

    @Test func encodingThrowsTheMalformedKey() {
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapEncoder().encode(BadIndex(), as: String.self) } == Self.badIndex)
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapEncoder().encode(Holder(items: [BadIndex()]), as: String.self) } == Self.badIndex)
    }

    @Test func eachMalformedKeyNamesItsReason() {
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(BadFallback.self, from: "{}") }
            == .invalidMapping(type: "BadFallback", key: "a..b", reason: "empty name between separators (at character 3)"))
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Unclosed.self, from: "{}") }
            == .invalidMapping(type: "Unclosed", key: "a[", reason: "'[' is never closed (at character 2)"))
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Empty.self, from: "{}") }
            == .invalidMapping(type: "Empty", key: "", reason: "a key cannot be empty (at character 1)"))
        #expect(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(NoKeys.self, from: "{}") }
            == .invalidMapping(type: "NoKeys", key: "", reason: "the property has an empty key list"))
    }

    @Test func theDescriptionNamesTypeKeyAndReason() {
        #expect(Self.badIndex.description
            == #"invalid mapping in BadIndex for key "a[x]": an array index is digits only, found 'x' (escape a '[' that belongs to a key as \[) (at character 3)"#)
        #expect(Self.badIndex.path == nil)
        #expect(Self.badIndex.location == nil)
    }
}
