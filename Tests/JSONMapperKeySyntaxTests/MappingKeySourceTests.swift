import Testing
import JSONMapperKeySyntax

/// Writing mapping keys: a key escaped for the grammar parses back as that one key, and its
/// Swift literal holds exactly the escaped text.
@Suite("Mapping key source")
struct MappingKeySourceTests {
    static let keys = ["id", "a.b", "a[0]", "back\\slash", "]x", "..", "[", "é.日本", "tab\tline\nend", "q\"uote", "\u{1}"]

    @Test func anEscapedKeyParsesAsOneKey() throws {
        for key in Self.keys {
            #expect(try MappingKeyPath(parsing: MappingKeyPath.escaping(key)).steps == [.key(key)], "\(key)")
        }
        #expect(MappingKeyPath.escaping("a.b[0]\\") == #"a\.b\[0]\\"#)
    }

    @Test func swiftLiteralsEscapeWhatSwiftRequires() {
        #expect(MappingKeyPath.swiftLiteral(#"a\.b"#) == #""a\\.b""#)
        #expect(MappingKeyPath.swiftLiteral("q\"\n\t\r\u{1}é") == #""q\"\n\t\r\u{1}é""#)
    }
}
