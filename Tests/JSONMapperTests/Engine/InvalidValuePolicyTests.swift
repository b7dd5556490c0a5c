import Foundation
import Testing
@testable import JSONMapper

extension CoercionUnitTests {
    // MARK: - Invalid-value policies

    struct Item: JSONMappable, Equatable {
        var count: Int8 = 0
        var name = ""
        static let jsonMapping = JSONMapping<Item> {
            JSONMap(\.count, "count")
            JSONMap(\.name, "name")
        }
    }

    struct Policy: JSONMappable, Equatable {
        var a = 1
        var b: Int8 = 2
        var c = "c"
        var items: [Item] = []
        var color = Color.red
        var when = Date(timeIntervalSince1970: 0)
        static let jsonMapping = JSONMapping<Policy> {
            JSONMap(\.a, "a"); JSONMap(\.b, "b"); JSONMap(\.c, "c"); JSONMap(\.items, "items"); JSONMap(\.color, "color"); JSONMap(\.when, "when")
        }
    }

    static let policyJSON = #"""
    {"a":"abc","b":300,"c":"ok",
     "items":[{"count":1},{"count":"x","name":"n1"},{"count":1000,"name":"n2"}],
     "color":"purple","when":"yesterday"}
    """#

    static let policyExpected = Policy(a: 1, b: 2, c: "ok",
                                       items: [Item(count: 1, name: ""), Item(count: 0, name: "n1"), Item(count: 0, name: "n2")],
                                       color: .red, when: Date(timeIntervalSince1970: 0))

    @Test func throwPolicyStopsAtTheFirstProblem() {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Policy.self, from: Self.policyJSON) })
        #expect(error == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""))
    }

    @Test func skipPolicyKeepsDefaults() throws {
        let options = DecodingOptions(invalidValuePolicy: .skip)
        #expect(try JSONMapDecoder(options: options).decode(Policy.self, from: Self.policyJSON) == Self.policyExpected)
        let reported = try JSONMapDecoder(options: options).decodeReportingIssues(Policy.self, from: Data(Self.policyJSON.utf8))
        #expect(reported.value == Self.policyExpected)
        #expect(reported.issues.isEmpty)
    }

    @Test func collectPolicyReturnsTheErrorsWithPaths() throws {
        let options = DecodingOptions(invalidValuePolicy: .collect)
        let (value, issues) = try JSONMapDecoder(options: options).decodeReportingIssues(Policy.self, from: Array(Self.policyJSON.utf8))
        #expect(value == Self.policyExpected)
        let summary = issues.map { (Self.kind($0)!, $0.path ?? "<none>") }
        let expected: [(Kind, String)] = [(.typeMismatch, "a"), (.invalidValue, "b"), (.typeMismatch, "items[1].count"),
                                          (.invalidValue, "items[2].count"), (.invalidValue, "color"), (.invalidValue, "when")]
        #expect(summary.count == expected.count, "\(issues)")
        for (got, want) in zip(summary, expected) {
            #expect(got.0 == want.0 && got.1 == want.1, "got \(got), expected \(want)")
        }
        #expect(issues.first == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""))
        #expect(issues.dropFirst(2).first == .typeMismatch(path: "items[1].count", expected: "Int8", found: "string \"x\""))
    }

    @Test func collectPolicyInArraysDropsTheBadElement() throws {
        let (value, issues) = try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect)).decodeReportingIssues([Int8].self, from: Array("[1,300,3]".utf8))
        #expect(value == [1, 3])
        #expect(issues.count == 1)
        #expect(issues.first?.path == "[1]")
        #expect(Self.kind(issues.first) == .invalidValue)
    }

    @Test func strictModeFollowsThePolicy() throws {
        let thrown = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(coercion: .strict)).decode(Policy.self, from: Self.policyJSON)
        })
        #expect(thrown == .typeMismatch(path: "a", expected: "Int", found: "string \"abc\""))
        for policy in [DecodingOptions.InvalidValuePolicy.skip, .collect] {
            let options = DecodingOptions(coercion: .strict, invalidValuePolicy: policy)
            let (value, issues) = try JSONMapDecoder(options: options).decodeReportingIssues(Policy.self, from: Array(Self.policyJSON.utf8))
            #expect(value.a == 1, "\(policy)")
            #expect(value.c == "ok", "\(policy)")
            #expect(issues.first == (policy == .collect ? .typeMismatch(path: "a", expected: "Int", found: "string \"abc\"") : nil))
        }
    }

    @Test func policyDoesNotInventATopLevelValue() {
        // A top-level value has no default to keep.
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode(Int.self, from: #""abc""#)
        })
        #expect(Self.kind(error) == .typeMismatch)
    }
}
