import Foundation
import Testing

/// The README stays true: its first lines are the two commands a newcomer runs, every relative
/// link in it names a file that exists, and every line of every Swift block in it appears, in
/// order, in the tests that run those examples (`ReadmeExamplesTests`, `ReadmeModelTests`).
@Suite("End to end: the README")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let exampleFiles = [
        "Tests/JSONMapperTests/EndToEnd/ReadmeExamplesTests.swift",
        "Tests/JSONMapperMacrosTests/Models/ReadmeModelTests.swift",
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    /// The README's lines outside fenced blocks, and the Swift blocks' lines, trimmed, blank lines dropped.
    static func split(_ readme: String) -> (prose: [String], swiftBlocks: [[String]]) {
        var prose: [String] = [], blocks: [[String]] = [], fence: String?
        for line in lines(readme) {
            if line.hasPrefix("```") {
                if fence == nil {
                    fence = String(line.dropFirst(3))
                    if fence == "swift" { blocks.append([]) }
                } else {
                    fence = nil
                }
            } else if fence == "swift" {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { blocks[blocks.count - 1].append(trimmed) }
            } else if fence == nil {
                prose.append(line)
            }
        }
        return (prose, blocks)
    }

    /// The targets of the Markdown links `[text](target)` in `lines`.
    static func linkTargets(_ lines: [String]) -> [String] {
        var targets: [String] = []
        for line in lines {
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }

    /// Whether `needle`'s lines appear in `haystack` in order (other lines may come between).
    static func appearsInOrder(_ needle: [String], in haystack: [String]) -> Bool {
        var index = haystack.startIndex
        for line in needle {
            guard let found = haystack[index...].firstIndex(of: line) else { return false }
            index = found + 1
        }
        return true
    }

    @Test func theFirstLinesAreTheTwoCommands() throws {
        let first = Self.lines(try Self.text("README.md")).prefix(5)
        #expect(Array(first) == [
            "# JSONMapper",
            "",
            "```sh",
            "scripts/bootstrap && swift run -c release bench     # the comparison run on the bundled corpus",
            "scripts/bootstrap && swift test                      # the test suite (or: scripts/test)",
        ])
    }

    @Test func everyRelativeLinkResolves() throws {
        let targets = Self.linkTargets(Self.split(try Self.text("README.md")).prose)
        #expect(targets.count >= 10)
        for target in targets where !target.contains("://") {
            let path = String(target.prefix { $0 != "#" })
            #expect(!path.isEmpty, "README link \(target) points inside the README; link a file instead")
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "README link \(target) names no file")
        }
    }

    @Test func everySwiftBlockIsRunByATest() throws {
        let blocks = Self.split(try Self.text("README.md")).swiftBlocks
        #expect(blocks.count >= 4)
        let files = try Self.exampleFiles.map { file in
            Self.lines(try Self.text(file)).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        for block in blocks {
            #expect(files.contains { Self.appearsInOrder(block, in: $0) },
                    "no README example test holds this block line for line:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theCheckCatchesAChangedLineAndAMissingFile() {
        #expect(!Self.appearsInOrder(["let a = 1", "let b = 2"], in: ["let b = 2", "let a = 1"]))
        #expect(Self.appearsInOrder(["let a = 1", "let b = 2"], in: ["let a = 1", "x()", "let b = 2"]))
        #expect(Self.linkTargets(["see [a](b/c.md) and [d](https://e.f)"]) == ["b/c.md", "https://e.f"])
        #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("NoSuchFile.md").path))
    }
}
