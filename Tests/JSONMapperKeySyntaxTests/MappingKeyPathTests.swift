import Testing
import JSONMapperKeySyntax

/// The mapping-key grammar (`JSONMapperKeySyntax`): what it accepts, as steps, and what it
/// rejects, with the reason and the offset of the offending character.
@Suite("Mapping key grammar")
struct MappingKeyPathTests {

    static func steps(_ text: String) -> [MappingKeyPath.Step]? {
        try? MappingKeyPath(parsing: text).steps
    }

    static func failure(_ text: String) -> MappingKeySyntaxError? {
        do throws(MappingKeySyntaxError) {
            _ = try MappingKeyPath(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func keysKeyPathsAndIndexPaths() {
        #expect(Self.steps("id") == [.key("id")])
        #expect(Self.steps("user.id") == [.key("user"), .key("id")])
        #expect(Self.steps("urls[0].expanded") == [.key("urls"), .index(0), .key("expanded")])
        #expect(Self.steps("a[1][2]") == [.key("a"), .index(1), .index(2)])
        #expect(Self.steps("[3]") == [.index(3)])
        #expect(Self.steps("[4].name") == [.index(4), .key("name")])
        #expect(Self.steps("first name") == [.key("first name")])
        #expect(Self.steps("été.ü") == [.key("été"), .key("ü")])
    }

    @Test func backslashEscapesSeparators() {
        #expect(Self.steps(#"a\.b"#) == [.key("a.b")])
        #expect(Self.steps(#"a\[0\]"#) == [.key("a[0]")])
        #expect(Self.steps(#"a\\b"#) == [.key(#"a\b"#)])
        // Only `.`, `[` and `\` need escaping: a `]` in a name is itself.
        #expect(Self.steps(#"k\[0]"#) == [.key("k[0]")])
        #expect(Self.steps("a]") == [.key("a]")])
    }

    @Test(arguments: [
        ("", "a key cannot be empty", 0),
        ("a..b", "empty name between separators", 2),
        (".a", "the key starts with '.'", 0),
        ("a.", "the key ends with an empty name after '.'", 2),
        ("a[x]", #"an array index is digits only, found 'x' (escape a '[' that belongs to a key as \[)"#, 2),
        ("a[", "'[' is never closed", 1),
        ("a[0", "'[' is never closed", 1),
        ("a[]", "'[]' names no array index", 1),
        ("a[0]b", "expected '.' or '[' after ']', found 'b'", 4),
        ("a.[0]", "empty name between separators", 2),
        ("a[-1]", #"an array index is digits only, found '-' (escape a '[' that belongs to a key as \[)"#, 2),
        ("a[65536]", "an array index is at most 65535", 1),
        (#"a\"#, #"'\' at the end of the key escapes nothing"#, 1),
    ])
    func malformedKeys(text: String, reason: String, offset: Int) {
        #expect(Self.failure(text) == MappingKeySyntaxError(reason: reason, offset: offset))
    }

    @Test func largestIndexIsAccepted() {
        #expect(Self.steps("[65535]") == [.index(65_535)])
    }

    @Test func errorDescriptionNamesThePlace() {
        // Offsets count from 0, the description from 1 as a person counts.
        #expect(Self.failure("a[")?.description == "'[' is never closed (at character 2)")
    }
}
