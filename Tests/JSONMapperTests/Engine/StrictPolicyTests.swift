import Foundation
import Testing
@testable import JSONMapper

/// Strict coercion decides which values convert; the invalid-value policy decides what
/// happens to the ones that do not. Strict must not turn `.skip` and `.collect` into `.throw`.
@Suite("Engine: strict coercion under every invalid-value policy")
struct StrictPolicyTests {
    struct Pair: JSONMappable {
        var n = 0
        var s = ""
        static var jsonMapping: JSONMapping<Pair> {
            JSONMapping {
                JSONMap(\.n, "n")
                JSONMap(\.s, "s")
            }
        }
    }

    static func options(_ policy: DecodingOptions.InvalidValuePolicy) -> DecodingOptions {
        DecodingOptions(coercion: .strict, invalidValuePolicy: policy)
    }

    /// The issue's repro: a numeric string for an Int under strict + collect.
    @Test(arguments: [#"{"n":"7","s":"x"}"#, #"{"n":1.5,"s":"x"}"#])
    func collectKeepsGoingAndListsTheValue(text: String) throws {
        let decoder = JSONMapDecoder(options: Self.options(.collect))
        let fromBytes = try decoder.decodeReportingIssues(Pair.self, from: Array(text.utf8))
        let tree = try JSONValue(parsing: Array(text.utf8))
        let fromValue = try decoder.decodeReportingIssues(Pair.self, from: tree)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let fromFoundation = try decoder.decodeReportingIssues(Pair.self, fromJSONObject: foundation)
        for result in [fromBytes, fromValue, fromFoundation] {
            #expect(result.value.n == 0)
            #expect(result.value.s == "x")
            #expect(result.issues.count == 1)
            guard case .typeMismatch(let path, let expected, _, _)? = result.issues.first else {
                Issue.record("expected one type mismatch, got \(result.issues)")
                continue
            }
            #expect(path == "n")
            #expect(expected == "Int")
        }
    }

    @Test(arguments: [#"{"n":"7","s":"x"}"#, #"{"n":1.5,"s":"x"}"#])
    func skipLeavesTheDefault(text: String) throws {
        let decoder = JSONMapDecoder(options: Self.options(.skip))
        let fromBytes = try decoder.decode(Pair.self, from: text)
        let fromValue = try decoder.decode(Pair.self, from: try JSONValue(parsing: Array(text.utf8)))
        let fromFoundation = try decoder.decode(Pair.self, fromJSONObject: try JSONSerialization.jsonObject(with: Data(text.utf8)))
        for pair in [fromBytes, fromValue, fromFoundation] {
            #expect(pair.n == 0)
            #expect(pair.s == "x")
        }
    }

    @Test func throwStillThrowsTheMismatch() {
        #expect(throws: JSONMapperError.typeMismatch(path: "n", expected: "Int", found: #"string "7""#)) {
            try JSONMapDecoder(options: Self.options(.throw)).decode(Pair.self, from: #"{"n":"7","s":"x"}"#)
        }
    }
}
