import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - String

    @Test(arguments: [("42", "42"), ("-0", "-0"), ("1.50", "1.50"), ("1E+2", "1E+2"), ("0.5e-3", "0.5e-3"),
                      ("12345678901234567890123", "12345678901234567890123"), ("true", "true"), ("false", "false"),
                      (#""plain""#, "plain"), (#""esc\"aped\u00e9""#, "esc\"apedé")])
    func stringFromScalars(_ json: String, _ expected: String) throws {
        #expect(try JSONMapDecoder().decode(String.self, from: json) == expected)
    }

    // MARK: - URL, UUID, Data, enums, Set

    struct Links: JSONMappable, Equatable {
        var homepage: URL? = nil
        var avatar: URL? = URL(string: "https://default.example/avatar")
        var site = URL(string: "https://default.example")!
        static let jsonMapping = JSONMapping<Links> {
            JSONMap(\.homepage, "homepage")
            JSONMap(\.avatar, "avatar")
            JSONMap(\.site, "site")
        }
    }

    @Test func urlIsTrimmedAndEmptyIsNil() throws {
        #expect(try JSONMapDecoder().decode(URL.self, from: #"" https://example.com/a?b=c ""#).absoluteString == "https://example.com/a?b=c")
        let links = try JSONMapDecoder().decode(Links.self, from: #"{"homepage":"\thttps://example.com/x\n","site":""}"#)
        #expect(links.homepage?.absoluteString == "https://example.com/x")
        #expect(links.site.absoluteString == "https://default.example")   // non-optional keeps its default
        let empty = try JSONMapDecoder().decode(Links.self, from: #"{"homepage":"","site":"   "}"#)
        #expect(empty.homepage == nil)
        #expect(empty.site.absoluteString == "https://default.example")
    }

    @Test func emptyURLStringSetsAnOptionalToNil() throws {
        // URLs are trimmed and an empty one is no URL: an Optional URL that had a value becomes nil.
        let links = try JSONMapDecoder().decode(Links.self, from: #"{"avatar":""}"#)
        #expect(links.avatar == nil)
    }

    @Test func urlFromNonStringsIsTypeMismatch() {
        for json in ["5", "true"] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(URL.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }

    @Test func uuid() throws {
        let expected = UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))
        #expect(try JSONMapDecoder().decode(UUID.self, from: #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#) == expected)
        #expect(try JSONMapDecoder().decode(UUID.self, from: #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#) == expected)
        let bad = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(UUID.self, from: #""not-a-uuid""#) })
        #expect(Self.kind(bad) == .invalidValue)
        let number = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(UUID.self, from: "5") })
        #expect(Self.kind(number) == .typeMismatch)
    }

    @Test func dataFromBase64() throws {
        #expect(try JSONMapDecoder().decode(Data.self, from: #""SGVsbG8sIFdvcmxkIQ==""#) == Data("Hello, World!".utf8))
        #expect(try JSONMapDecoder().decode(Data.self, from: #""AAEC/w==""#) == Data([0x00, 0x01, 0x02, 0xFF]))
        #expect(try JSONMapDecoder().decode(Data.self, from: #""""#) == Data())
        for bad in [#""SGVsbG8""#, #""!!!!""#, #""SGVs bG8=""#] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Data.self, from: bad) })
            #expect(Self.kind(error) == .invalidValue, "\(bad)")
        }
        for json in ["5", "true", "[1,2]"] {
            let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Data.self, from: json) })
            #expect(Self.kind(error) == .typeMismatch, "\(json)")
        }
    }
}
