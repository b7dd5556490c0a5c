import Foundation
import Testing
@testable import JSONMapper

/// Error messages quote at most 64 bytes of the offending value, then `…` and its length, so a
/// huge value cannot make a huge message.
@Suite("Coercion: excerpts in error messages")
struct ExcerptTests {
    enum Kind: String, JSONMappableValue { case small, large }

    struct Holder: JSONMappable {
        var amount = Decimal(0)
        var kind = Kind.small
        var link: URL?
        static let jsonMapping = JSONMapping<Holder> {
            JSONMap(\.amount, "amount")
            JSONMap(\.kind, "kind")
            JSONMap(\.link, "link")
        }
    }

    static func message(_ json: String, options: DecodingOptions = DecodingOptions()) -> String {
        do throws(JSONMapperError) {
            _ = try JSONMapDecoder(options: options).decode(Holder.self, from: json)
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test func aMillionDigitNumberGivesAShortMessage() {
        let digits = String(repeating: "7", count: 1_000_000)
        let message = Self.message(#"{"amount": \#(digits)}"#, options: .strict)
        #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
        #expect(message.contains(String(repeating: "7", count: 64) + "… (1000000 bytes)"), "\(message.prefix(300))")
    }

    @Test func aMegabyteStringIntoAnEnumGivesAShortMessage() {
        let text = String(repeating: "z", count: 1 << 20)
        let message = Self.message(#"{"kind": "\#(text)"}"#)
        #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
        #expect(message.contains(String(repeating: "z", count: 64) + "… (1048576 bytes) is not a case of Kind"), "\(message.prefix(300))")
        let strict = Self.message(#"{"amount": "\#(text)"}"#, options: .strict)
        #expect(strict.utf8.count < 300 && strict.contains("found string \"" + String(repeating: "z", count: 64) + "…\" (1048576 bytes)"),
                "\(strict.prefix(300))")
    }

    @Test func shortValuesAreQuotedWhole() {
        #expect(Self.message(#"{"kind": "medium"}"#) == "invalid value at 'kind' (line 1, column 10, byte 9): medium is not a case of Kind")
        let sixtyFour = String(repeating: "q", count: 64)
        #expect(Self.message(#"{"kind": "\#(sixtyFour)"}"#).contains(": \(sixtyFour) is not a case of Kind"))
    }

    @Test func anExcerptEndsOnAWholeCharacter() {
        // 63 ASCII bytes, then two-byte characters: byte 64 is the second byte of an é, so the
        // excerpt stops before that é.
        let text = String(repeating: "a", count: 63) + String(repeating: "\u{E9}", count: 10)
        let message = Self.message(#"{"kind": "\#(text)"}"#)
        #expect(message.contains(String(repeating: "a", count: 63) + "… (83 bytes)"), "\(message)")
        #expect(!message.contains("\u{FFFD}"))
    }

    /// Type names in messages take the article they are read with.
    @Test(arguments: [
        ("Int", "an Int"), ("int", "an int"), ("Int64", "an Int64"), ("UInt8", "a UInt8"), ("URL", "a URL"),
        ("UUID", "a UUID"), ("HTTPClient", "an HTTPClient"), ("JSONValue", "a JSONValue"), ("NSNumber", "an NSNumber"),
        ("Animal", "an Animal"), ("Shape", "a Shape"), ("User", "a User"), ("Unit", "a Unit"), ("Update", "an Update"),
        ("UnsafePointer", "an UnsafePointer"), ("Euro", "a Euro"), ("Element", "an Element"), ("OneOf", "a OneOf"),
        ("Optional<Int>", "an Optional<Int>"), ("decimal", "a decimal"), ("X", "an X"), ("T", "a T"),
    ])
    func typeNamesTakeTheirArticle(_ name: String, _ expected: String) {
        #expect(withArticle(name) == expected)
    }

    @Test func aSchemaDefaultOfTheWrongTypeNamesItWithItsArticle() {
        #expect(throws: JSONSchemaError(columnIndex: 0, column: "n", message:
            "the default \"many\" is not an int: type mismatch at the top-level value: expected Int, found string \"many\"")) {
            try JSONSchema(columns: [JSONColumn("n", path: "n", type: .int, default: "many")])
        }
    }
}
