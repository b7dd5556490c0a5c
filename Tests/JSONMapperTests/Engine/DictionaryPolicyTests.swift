import Foundation
import Testing
@testable import JSONMapper

/// The invalid-value policy (throw, skip, collect) for values that cannot be coerced in
/// lenient mode, from bytes and from both trees.
@Suite("Dictionary and bytes: the invalid-value policy")
struct DictionaryPolicyTests: CapturesMappingErrors {

    enum Kind: String, JSONMappableValue, Equatable {
        case unknown, sensor, manual
    }

    struct Reading: JSONMappable, Equatable {
        var id = 0
        var value = 0.0
        var level: UInt8 = 7
        var ok = false
        var kind = Kind.unknown
        var note = "none"
        static let jsonMapping = JSONMapping<Reading> {
            JSONMap(\.id, "id")
            JSONMap(\.value, "value")
            JSONMap(\.level, "level")
            JSONMap(\.ok, "ok")
            JSONMap(\.kind, "kind")
            JSONMap(\.note, "note")
        }
    }

    struct Log: JSONMappable, Equatable {
        var readings: [Reading] = []
        var latest = Reading()
        var total = 0
        static let jsonMapping = JSONMapping<Log> {
            JSONMap(\.readings, "readings")
            JSONMap(\.latest, "latest")
            JSONMap(\.total, "meta.total")
        }
    }

    static let text = #"""
    {"readings": [{"id": "abc", "level": 300, "ok": "maybe", "value": "1.5", "note": "first"},
                  {"id": 2, "kind": "zzz", "value": [1], "note": {"a": 1}},
                  {"id": 3.5, "kind": "sensor", "ok": "yes", "level": "12"}],
     "latest": {"id": 4, "level": -1},
     "meta": {"total": "many"}}
    """#

    /// What every policy but throw leaves: each bad value at its default.
    static let expected = Log(
        readings: [Reading(value: 1.5, note: "first"), Reading(id: 2), Reading(level: 12, ok: true, kind: .sensor)],
        latest: Reading(id: 4),
        total: 0)

    /// The collected problems, as "case at path", in document order.
    static let expectedIssues = [
        "typeMismatch at readings[0].id",
        "invalidValue at readings[0].level",
        "typeMismatch at readings[0].ok",
        "invalidValue at readings[1].kind",
        "typeMismatch at readings[1].value",
        "typeMismatch at readings[1].note",
        "invalidValue at readings[2].id",
        "invalidValue at latest.level",
        "typeMismatch at meta.total",
    ]

    static func summary(_ error: JSONMapperError) -> String {
        let kind = switch error {
        case .typeMismatch: "typeMismatch"
        case .invalidValue: "invalidValue"
        case .keyNotFound: "keyNotFound"
        case .syntax: "syntax"
        case .depthLimitExceeded: "depthLimitExceeded"
        case .limitExceeded: "limitExceeded"
        case .emptyInput: "emptyInput"
        case .ioFailed: "ioFailed"
        case .corruptCompressedInput: "corruptCompressedInput"
        case .invalidMapping: "invalidMapping"
        }
        return "\(kind) at \(error.path ?? "-")"
    }


    static let skip = DecodingOptions(invalidValuePolicy: .skip)
    static let collect = DecodingOptions(invalidValuePolicy: .collect)

    static func foundation() throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// A tree decode that also returns what `.collect` kept. There is no public
    /// `decodeReportingIssues` for trees, so this goes through the internal root decode that
    /// `JSONMapDecoder().decode(_:from: JSONValue)` uses.
    static func treeDecodeReportingIssues<Value: JSONMappableValue>(
        _ type: Value.Type, foundation object: Any? = nil, value: JSONValue? = nil, options: DecodingOptions
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try DecodeRun.decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            if let value { try session.emit(value) } else { try session.emit(foundation: object!) }
        }
    }

    // MARK: - throw

    @Test func throwStopsAtTheFirstBadValue() throws {
        let first = JSONMapperError.typeMismatch(path: "readings[0].id", expected: "Int", found: #"string "abc""#)
        #expect(throws: first) { try JSONMapDecoder().decode(Log.self, from: Self.text) }
        #expect(throws: first) { try JSONMapDecoder().decode(Log.self, from: Data(Self.text.utf8)) }
        #expect(throws: first) { try JSONMapDecoder().decode(Log.self, from: JSONValue(parsing: Self.text)) }
        #expect(throws: first) { try JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .throw)).decode(Log.self, from: Self.text) }
        // A Foundation dictionary has no member order (readings, latest and meta come in any
        // order, and so do the first reading's members): the first error met is one of these.
        let object = try Self.foundation()
        let error = Self.failure { () throws(JSONMapperError) in try JSONMapDecoder().decode(Log.self, fromJSONObject: object) }
        let summary = error.map(Self.summary)
        #expect(["typeMismatch at readings[0].id", "invalidValue at readings[0].level", "typeMismatch at readings[0].ok",
                 "invalidValue at latest.level", "typeMismatch at meta.total"]
            .contains(summary ?? "no error"), "\(String(describing: error))")
    }

    @Test func throwNamesTheProblemPrecisely() {
        #expect(throws: JSONMapperError.invalidValue(path: "level", reason: "300 is out of range for UInt8")) {
            try JSONMapDecoder().decode(Reading.self, from: #"{"level": 300}"#)
        }
        #expect(throws: JSONMapperError.invalidValue(path: "level", reason: "300 is out of range for UInt8")) {
            try JSONMapDecoder().decode(Reading.self, from: ["level": 300] as JSONValue)
        }
        #expect(throws: JSONMapperError.typeMismatch(path: "ok", expected: "Bool", found: #"string "maybe""#)) {
            try Reading(dictionary: ["ok": "maybe"])
        }
    }

    // MARK: - skip

    @Test func skipKeepsTheDefaults() throws {
        #expect(try JSONMapDecoder(options: Self.skip).decode(Log.self, from: Self.text) == Self.expected)
        #expect(try JSONMapDecoder(options: Self.skip).decode(Log.self, from: JSONValue(parsing: Self.text)) == Self.expected)
        #expect(try JSONMapDecoder(options: Self.skip).decode(Log.self, fromJSONObject: Self.foundation()) == Self.expected)
        let skipped = try JSONMapDecoder(options: Self.skip).decodeReportingIssues(Log.self, from: Data(Self.text.utf8))
        #expect(skipped.value == Self.expected)
        #expect(skipped.issues.isEmpty)
    }

    // MARK: - collect

    @Test func collectFromBytesListsEveryProblemWithItsPath() throws {
        let fromData = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Log.self, from: Data(Self.text.utf8))
        #expect(fromData.value == Self.expected)
        #expect(fromData.issues.map(Self.summary) == Self.expectedIssues)
        let fromBytes = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Log.self, from: Array(Self.text.utf8))
        #expect(fromBytes.value == Self.expected)
        #expect(fromBytes.issues == fromData.issues)
        #expect(fromData.issues.first == .typeMismatch(path: "readings[0].id", expected: "Int", found: #"string "abc""#))
        #expect(fromData.issues.contains(.invalidValue(path: "readings[1].kind", reason: "zzz is not a case of Kind")))
        // The plain decode succeeds with the same value.
        #expect(try JSONMapDecoder(options: Self.collect).decode(Log.self, from: Self.text) == Self.expected)
    }

    @Test func collectFromTreesListsEveryProblemWithItsPath() throws {
        #expect(try JSONMapDecoder(options: Self.collect).decode(Log.self, from: JSONValue(parsing: Self.text)) == Self.expected)
        #expect(try JSONMapDecoder(options: Self.collect).decode(Log.self, fromJSONObject: Self.foundation()) == Self.expected)
        let fromValue = try Self.treeDecodeReportingIssues(Log.self, value: JSONValue(parsing: Self.text), options: Self.collect)
        #expect(fromValue.value == Self.expected)
        #expect(fromValue.issues.map(Self.summary) == Self.expectedIssues)
        // A Foundation dictionary has no member order: the same problems, in some order.
        let fromFoundation = try Self.treeDecodeReportingIssues(Log.self, foundation: Self.foundation(), options: Self.collect)
        #expect(fromFoundation.value == Self.expected)
        #expect(fromFoundation.issues.map(Self.summary).sorted() == Self.expectedIssues.sorted())
    }

    @Test func collectOnAWideObjectWalkedByTheModelsKeys() throws {
        // 40 members, 6 mapped: the tree walk looks the mapped keys up.
        var members: [(String, JSONValue)] = (0..<34).map { ("x\($0)", .string("\($0)")) }
        members.insert(("level", 999), at: 10)
        members.insert(("ok", "perhaps"), at: 20)
        members += [("id", 8), ("value", 2.5), ("kind", "manual"), ("note", "n")]
        let value = JSONValue.object(JSONObject(members))
        let expected = Reading(id: 8, value: 2.5, kind: .manual, note: "n")
        let tree = try Self.treeDecodeReportingIssues(Reading.self, value: value, options: Self.collect)
        #expect(tree.value == expected)
        #expect(tree.issues.map(Self.summary).sorted() == ["invalidValue at level", "typeMismatch at ok"])
        let bytes = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Reading.self, from: Data(value.description.utf8))
        #expect(bytes.value == expected)
        #expect(bytes.issues.map(Self.summary) == ["invalidValue at level", "typeMismatch at ok"])
    }

    // MARK: - strict

    @Test func strictMismatchesFollowThePolicy() throws {
        let expected = JSONMapperError.typeMismatch(path: "id", expected: "Int", found: #"string "5""#)
        let throwing = DecodingOptions(coercion: .strict)
        #expect(throws: expected) { try JSONMapDecoder(options: throwing).decode(Reading.self, from: #"{"id": "5"}"#) }
        #expect(throws: expected) { try JSONMapDecoder(options: throwing).decode(Reading.self, from: ["id": "5"] as JSONValue) }
        #expect(throws: expected) { try Reading(dictionary: ["id": "5"], options: throwing) }
        let skipping = DecodingOptions(coercion: .strict, invalidValuePolicy: .skip)
        #expect(try Reading(dictionary: ["id": "5"], options: skipping).id == 0)
        let collecting = JSONMapDecoder(options: DecodingOptions(coercion: .strict, invalidValuePolicy: .collect))
        let tree = try collecting.decodeReportingIssues(Reading.self, from: ["id": "5"] as JSONValue)
        #expect(tree.value.id == 0)
        #expect(tree.issues == [expected])
        let object = try collecting.decodeReportingIssues(Reading.self, fromJSONObject: ["id": "5"])
        #expect(object.value.id == 0)
        #expect(object.issues == [expected])
    }

    @Test func aValidDocumentHasNoIssues() throws {
        let good = #"{"readings": [{"id": 1, "value": 2, "level": 3, "ok": true, "kind": "manual"}], "meta": {"total": 1}}"#
        let result = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Log.self, from: Data(good.utf8))
        #expect(result.issues.isEmpty)
        #expect(result.value == Log(readings: [Reading(id: 1, value: 2, level: 3, ok: true, kind: .manual)], total: 1))
        let tree = try Self.treeDecodeReportingIssues(Log.self, value: JSONValue(parsing: good), options: Self.collect)
        #expect(tree.issues.isEmpty)
        #expect(tree.value == result.value)
    }
}
