import Foundation
import Testing
@testable import JSONMapper

/// Mapping errors carry the byte offset, line and column of the offending value when the input
/// was bytes (a document or chunks), and none for trees. Every expected location is found by
/// searching the test's own JSON text for the offending token (see ``expectedLocation``).
@Suite("Error locations")
struct ErrorLocationTests: CapturesMappingErrors {
    /// Where the `occurrence`-th (from 0) `needle` starts in `text`: its byte offset, and the
    /// line and column of that byte counted by hand here.
    static func expectedLocation(of needle: String, in text: String, occurrence: Int = 0) -> JSONLocation {
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        var found = -1, seen = 0
        for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
            if seen == occurrence { found = start; break }
            seen += 1
        }
        precondition(found >= 0, "\(needle) not in the test text")
        let before = bytes[..<found]
        let line = 1 + before.filter { $0 == UInt8(ascii: "\n") }.count
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        return JSONLocation(offset: found, line: line, column: found - lineStart + 1)
    }



    enum BallColor: String, JSONMappableValue { case red, green, blue }

    struct Job: JSONMappable, Equatable {
        var id = 0
        var color = BallColor.red
        var weight = 0.0
        static let jsonMapping = JSONMapping<Job> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.color, "color")
            JSONMap(\.weight, "weight")
        }
    }

    struct Jobs: JSONMappable, Equatable {
        var jobs: [Job] = []
        static let jsonMapping = JSONMapping<Jobs> { JSONMap(\.jobs, "jobs") }
    }

    /// A pretty-printed document of `count` jobs, one member per line, each job's color given by `color`.
    static func jobsDocument(count: Int, color: (Int) -> String) -> String {
        let jobs = (0..<count).map { i in
            "    {\n      \"id\": \(i),\n      \"color\": \(color(i)),\n      \"weight\": 1.5\n    }"
        }
        return "{\n  \"jobs\": [\n" + jobs.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func theMessageNamesLineColumnAndByte() throws {
        let text = Self.jobsDocument(count: 200) { $0 == 123 ? #""purple""# : #""blue""# }
        let error = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Jobs.self, from: text) })
        let location = Self.expectedLocation(of: #""purple""#, in: text)
        #expect(location.line == 5 * 123 + 5)   // two lines before the jobs, five per job
        #expect(error.location == location)
        #expect(error.description == "invalid value at 'jobs[123].color' (line \(location.line), column 16, byte \(location.offset)): "
                + "purple is not a case of BallColor")
        #expect(error == .invalidValue(path: "jobs[123].color", reason: "purple is not a case of BallColor"))
    }

    @Test func typeMismatchMessage() throws {
        let text = Self.jobsDocument(count: 5) { $0 == 3 ? "[1]" : #""red""# }
        let error = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Jobs.self, from: text) })
        let location = Self.expectedLocation(of: "[1]", in: text)
        #expect(error.description == "type mismatch at 'jobs[3].color' (line \(location.line), column \(location.column), byte \(location.offset)): "
                + "expected BallColor, found an array")
    }

    struct Everything: JSONMappable {
        var int = 0
        var small: Int8 = 0
        var flag = false
        var name = ""
        var list: [Int] = []
        var nested: Job?
        var tagged = ""
        static let jsonMapping = JSONMapping<Everything> {
            JSONMap(\.int, "int"); JSONMap(\.small, "small"); JSONMap(\.flag, "flag"); JSONMap(\.name, "name")
            JSONMap(\.list, "list"); JSONMap(\.nested, "nested"); JSONMap(\.tagged, "tagged", transform: Tag())
        }
    }

    struct Tag: JSONValueTransformer {
        func value(from json: String) throws -> String {
            guard json.hasPrefix("#") else { throw JSONMapperError.invalidValue(path: "", reason: "no #") }
            return json
        }
        func json(from value: String) throws -> String { value }
    }

    /// Each row: a document and the token its first error is at.
    @Test(arguments: [
        (#"{"int": "x1"}"#, #""x1""#),
        (#"{"int": true}"#, "true"),
        (#"{"small": 300}"#, "300"),
        (#"{"small": -1.5e3}"#, "-1.5e3"),
        (#"{"flag": {"a":1}}"#, #"{"a""#),
        (#"{"name": [1, 2]}"#, "[1, 2]"),
        ("{\"list\": [1,\n 2, \"three\"]}", #""three""#),
        (#"{"list": [1, null]}"#, "null"),
        (#"{"nested": {"id": 1, "weight": "w\"x"}}"#, #""w\"x""#),
        (#"{"nested": {"color": "red"}}"#, "}}"),
        (#"{"tagged": "plain"}"#, #""plain""#),
        (#"{"name": "é", "int": "ü"}"#, #""ü""#),
        ("{\r\n\t\"int\": \"x\"\r\n}", #""x""#),
    ])
    func everyKindOfErrorPointsAtItsValue(_ text: String, _ token: String) throws {
        let error = try #require(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: .strict).decode(Everything.self, from: text)
        })
        #expect(error.location == Self.expectedLocation(of: token, in: text), "\(error)")
    }

    @Test func depthLimitsPointAtTheContainerTooDeep() throws {
        let text = "{\"list\": [[\n[[1]]]]}"
        let error = try #require(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(maxDepth: 3)).decode([String: [[[[Int]]]]].self, from: text)
        })
        #expect(error == .depthLimitExceeded(path: "list[0][0]"))
        #expect(error.location == Self.expectedLocation(of: "[[1]]", in: text))
    }

    @Test func topLevelValues() throws {
        let number = "\n  42 \n"
        let error = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder(options: .strict).decode(String.self, from: number) })
        #expect(error.location == JSONLocation(offset: 3, line: 2, column: 3))
        let string = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Int.self, from: #" "x""#) })
        #expect(string.location == JSONLocation(offset: 1, line: 1, column: 2))
        let object = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode([Int].self, from: "\n{}") })
        #expect(object.location == JSONLocation(offset: 1, line: 2, column: 1))
    }

    @Test func chunksGiveTheSameLocationsAsTheWholeDocument() throws {
        let text = Self.jobsDocument(count: 40) { $0 == 31 ? #""a long color name that spans chunk boundaries""# : #""green""# }
        let whole = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Jobs.self, from: text) })
        #expect(whole.location == Self.expectedLocation(of: #""a long color"#, in: text))
        let bytes = Array(text.utf8)
        for size in [1, 3, 16, 100, 4096] {
            let decoder = JSONChunkDecoder(Jobs.self)
            let error = Self.failure { () throws(JSONMapperError) in
                for start in stride(from: 0, to: bytes.count, by: size) {
                    try decoder.feed(Array(bytes[start..<min(start + size, bytes.count)]))
                }
                return try decoder.finish()
            }
            #expect(error == whole)
            #expect(error?.location == whole.location, "chunks of \(size)")
        }
    }

    @Test func aNumberSplitAcrossChunks() throws {
        let text = #"{"int": 1234567.5}"#
        let bytes = Array(text.utf8)
        let decoder = JSONChunkDecoder(Everything.self)
        let error = Self.failure { () throws(JSONMapperError) in
            try decoder.feed(Array(bytes[..<12]))
            try decoder.feed(Array(bytes[12...]))
            return try decoder.finish()
        }
        #expect(error?.location == Self.expectedLocation(of: "1234567.5", in: text))
    }

    @Test func collectedIssuesEachHaveTheirOwnLocation() throws {
        let text = Self.jobsDocument(count: 300) { $0 % 3 == 0 ? "\"c\($0)\"" : #""red""# }
        let (_, issues) = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect))
            .decodeReportingIssues(Jobs.self, from: text)
        #expect(issues.count == 100)
        for (n, issue) in issues.enumerated() {
            #expect(issue.path == "jobs[\(3 * n)].color")
            #expect(issue.location == Self.expectedLocation(of: "\"c\(3 * n)\"", in: text), "\(issue)")
        }
    }

    @Test func missingKeysPointAtTheClosingBraceOfTheirObject() throws {
        let text = "[{\"id\": 1},\n {\"color\": \"red\"\n }]"
        let error = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode([Job].self, from: text) })
        #expect(error == .keyNotFound(path: "[1].id"))
        #expect(error.location == JSONLocation(offset: text.utf8.count - 2, line: 3, column: 2))
    }

    struct Checked: JSONMappable, JSONWillMapHook {
        var id = 0
        static let jsonMapping = JSONMapping<Checked> { JSONMap(\.id, "id") }
        static func willMap(_ object: JSONValue) throws -> JSONValue? { object }
    }

    @Test func valuesInsideCapturedObjectsPointAtTheObjectsEnd() throws {
        let text = "[{\"id\": \"x\",\n \"other\": 1}]"
        let error = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode([Checked].self, from: text) })
        #expect(error == .typeMismatch(path: "[0].id", expected: "Int", found: "string \"x\""))
        #expect(error.location == Self.expectedLocation(of: "}]", in: text))
    }

    @Test func treesHaveNoLocationsAndEqualErrors() throws {
        let text = #"{"jobs": [{"id": 1, "color": "purple"}]}"#
        let fromBytes = try #require(Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Jobs.self, from: text) })
        let fromTree = try #require(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Jobs.self, from: JSONValue(parsing: text))
        })
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let fromFoundation = try #require(Self.failure { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Jobs.self, fromJSONObject: foundation)
        })
        #expect(fromBytes.location != nil)
        #expect(fromTree.location == nil)
        #expect(fromFoundation.location == nil)
        #expect(fromBytes == fromTree)
        #expect(fromTree.description == "invalid value at 'jobs[0].color': purple is not a case of BallColor")
    }

    @Test func equalityIgnoresLocations() {
        let here = JSONLocation(offset: 10, line: 2, column: 3)
        #expect(JSONMapperError.keyNotFound(path: "a", location: here) == .keyNotFound(path: "a"))
        #expect(JSONMapperError.typeMismatch(path: "a", expected: "Int", found: "null", location: here)
                == .typeMismatch(path: "a", expected: "Int", found: "null", location: JSONLocation(offset: 0, line: 1, column: 1)))
        #expect(JSONMapperError.keyNotFound(path: "a", location: here) != .keyNotFound(path: "b", location: here))
        #expect(JSONMapperError.syntax(message: "m", location: JSONLocation(offset: 1, line: 1, column: 2))
                != .syntax(message: "m", location: JSONLocation(offset: 2, line: 1, column: 3)))
        #expect(JSONMapperError.syntax(message: "m", location: JSONLocation(offset: 1, line: 1, column: 2)).location == JSONLocation(offset: 1, line: 1, column: 2))
    }

    @Test func skippedErrorsAreNotLocatedAndDecodingGoesOn() throws {
        let text = Self.jobsDocument(count: 3) { $0 == 1 ? "7" : #""blue""# }
        let jobs = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Jobs.self, from: text)
        #expect(jobs.jobs.map(\.color) == [.blue, .red, .blue])
    }
}
