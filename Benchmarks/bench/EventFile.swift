import CorpusModels
import Foundation

/// The JSON Lines event file the CLI comparison converts, generated at start so that
/// `bench --cli` needs nothing but the tools it compares.
///
/// GitHub-event-like records: nested `actor` / `repo` / `payload` objects, 25 top-level keys,
/// non-ASCII text and escapes in strings (commas, quotes and newlines too, so CSV quoting is
/// exercised), `payload.size` sometimes the string `"12"`, `payload.commits` absent on
/// non-push events, 0.5 % records without `id` and 0.5 % malformed lines (truncated, an
/// unquoted value, an HTML error page). The generator is seeded, so every run writes the same
/// bytes, and it counts what a correct converter must do with them.
struct EventFile {
    /// What the file holds, as a correct converter must account for it.
    struct Counts: Equatable {
        /// Non-blank lines: every one is a record read.
        var lines = 0
        /// Lines that are not JSON.
        var malformed = 0
        /// Well-formed records without `id` (rejected by the comparison's spec).
        var withoutID = 0
        /// Commits of the records that convert: the rows of the exploded conversion.
        var commits = 0
        /// Records that convert to a row.
        var rows: Int { lines - malformed - withoutID }
        var rejected: Int { malformed + withoutID }
    }

    let path: String
    let bytes: Int
    let counts: Counts

    /// Writes at least `minimumBytes` to `path` and describes what it wrote.
    static func generate(at path: String, minimumBytes: Int) throws -> EventFile {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIComparisonError("cannot create \(path)")
        }
        defer { try? handle.close() }
        var random = SplitMix64(seed: 0x6A73_6F6E_6D61_70)
        var counts = Counts()
        var written = 0
        var block: [UInt8] = []
        block.reserveCapacity(1 << 21)
        while written + block.count < minimumBytes {
            let number = counts.lines
            counts.lines += 1
            switch random.next(below: 1000) {
            case 0..<5:
                counts.malformed += 1
                appendMalformedLine(number, kind: random.next(below: 3), random: &random, to: &block)
            case 5..<10:
                counts.withoutID += 1
                appendEvent(number, includeID: false, random: &random, to: &block)
            default:
                counts.commits += appendEvent(number, includeID: true, random: &random, to: &block)
            }
            block.append(UInt8(ascii: "\n"))
            if block.count >= 1 << 20 {
                try handle.write(contentsOf: block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: block)
        written += block.count
        return EventFile(path: path, bytes: written, counts: counts)
    }

    private static let eventTypes = ["PushEvent", "CreateEvent", "WatchEvent", "IssuesEvent", "PullRequestEvent", "ForkEvent"]
    private static let logins = [
        "octocat", "zoë-smith", "李小龙", "dev,ops", "say \\\"hi\\\"", "multi\\nline", "  padded  ", "tab\\there",
        "emoji-\\ud83d\\ude00", "josé", "renée\\u00e9", "back\\\\slash",
    ]
    private static let messages = [
        "Fix the build", "Merge pull request #12 from a/b", "Ünïcödé everywhere ✓", "Quote \\\"this\\\", please",
        "Line one\\nLine two", "Tabs\\tand\\tcommas, too", "日本語のコミット", "Escape \\u2028 separators",
    ]

    /// One event, and the number of its commits. Key order and spacing vary a little, as real exports do.
    @discardableResult
    private static func appendEvent(_ number: Int, includeID: Bool, random: inout SplitMix64, to out: inout [UInt8]) -> Int {
        let type = eventTypes[random.next(below: eventTypes.count)]
        let login = logins[random.next(below: logins.count)]
        let actorID = 1_000 + random.next(below: 9_000_000)
        let repoID = 10_000 + random.next(below: 90_000_000)
        let second = number % 86_400
        let createdAt = String(format: "2024-05-%02d", 1 + number / 86_400 % 28)
            + String(format: "T%02d:%02d:%02dZ", second / 3600, second / 60 % 60, second % 60)
        var json = "{"
        if includeID { json += "\"id\":\"\(30_000_000_000 + number)\"," }
        json += "\"type\":\"\(type)\","
        json += "\"actor\":{\"id\":\(actorID),\"login\":\"\(login)\",\"display_login\":\"\(login)\",\"gravatar_id\":\"\","
        json += "\"url\":\"https://api.github.com/users/u\(actorID)\",\"avatar_url\":\"https://avatars.githubusercontent.com/u/\(actorID)?\"},"
        json += "\"repo\":{\"id\":\(repoID),\"name\":\"org\(repoID % 977)/project-\(repoID % 89)\",\"url\":\"https://api.github.com/repos/org/p\(repoID)\"},"
        let (payload, commits) = payload(type: type, random: &random)
        json += "\"payload\":" + payload + ","
        json += "\"public\":\(random.next(below: 10) != 0),"
        json += "\"created_at\":\"\(createdAt)\","
        json += "\"org\":{\"id\":\(repoID % 5_000),\"login\":\"org\(repoID % 977)\"},"
        json += "\"seq\":\(number),\"source\":\"api\",\"region\":\"eu-west-\(number % 3 + 1)\",\"ip\":\"10.\(number % 250).\(number / 250 % 250).\(actorID % 250)\","
        json += "\"user_agent\":\"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)\","
        json += "\"session_id\":\"s-\(String(random.next(), radix: 16))\",\"latency_ms\":\(Double(random.next(below: 100_000)) / 100),"
        json += "\"score\":\(Double(random.next(below: 1_000_000)) / 1e4 - 50),\"tags\":[\"a\",\"b\",\"\(type.lowercased())\"],"
        json += "\"labels\":{\"env\":\"prod\",\"team\":\"t\(number % 17)\"},\"geo\":{\"lat\":\(Double(random.next(below: 18_000)) / 100 - 90),\"lon\":\(Double(random.next(below: 36_000)) / 100 - 180)},"
        json += "\"device\":null,\"locale\":\"fr-CA\",\"referrer\":\"https://example.com/?q=a%20b&r=1\",\"campaign\":\"spring\\/2024\","
        json += "\"experiment\":{\"name\":\"new-ui\",\"arm\":\(number % 2)},\"flags\":[true,false],\"checksum\":\"\(String(random.next() & 0xFFFF_FFFF, radix: 16))\","
        json += "\"retry\":\(number % 4),\"version\":3}"
        out.append(contentsOf: json.utf8)
        return commits
    }

    /// A push event's payload (with a size, sometimes as a string, and commits); other events
    /// have a payload without either. With the number of commits.
    private static func payload(type: String, random: inout SplitMix64) -> (text: String, commits: Int) {
        guard type == "PushEvent" else { return ("{\"action\":\"started\",\"ref_type\":\"branch\"}", 0) }
        let commitCount = random.next(below: 4)
        let size = random.next(below: 30) == 0 ? "\"12\"" : String(commitCount + random.next(below: 3))
        var commits: [String] = []
        for _ in 0..<commitCount {
            let message = messages[random.next(below: messages.count)]
            let sha = String(random.next(), radix: 16) + String(random.next(), radix: 16)
            commits.append("{\"sha\":\"\(sha)\",\"author\":{\"email\":\"dev@example.com\",\"name\":\"Dev\"},\"message\":\"\(message)\",\"distinct\":true}")
        }
        return ("{\"push_id\":\(random.next(below: 10_000_000_000)),\"size\":\(size),\"distinct_size\":\(commitCount),"
            + "\"ref\":\"refs/heads/main\",\"commits\":[\(commits.joined(separator: ","))]}", commitCount)
    }

    /// A line a converter must reject: a record cut short, a value without quotes, or an HTML
    /// error page where a record should be.
    private static func appendMalformedLine(_ number: Int, kind: Int, random: inout SplitMix64, to out: inout [UInt8]) {
        switch kind {
        case 0:
            var event: [UInt8] = []
            appendEvent(number, includeID: true, random: &random, to: &event)
            // Cut after an ASCII byte: the line is broken JSON, not broken UTF-8.
            var cut = event.count / 2
            while event[cut - 1] >= 0x80 { cut -= 1 }
            out.append(contentsOf: event.prefix(cut))
        case 1:
            out.append(contentsOf: "{\"id\":\"\(30_000_000_000 + number)\",\"type\":PushEvent,\"public\":true}".utf8)
        default:
            out.append(contentsOf: "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>".utf8)
        }
    }
}
