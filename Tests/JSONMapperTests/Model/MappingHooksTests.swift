import Foundation
import Testing
@testable import JSONMapper

/// Will-map and did-map hooks, on structs and on classes with inheritance, through every
/// decoder: streaming from bytes (whole and in one-byte chunks), from a JSONValue and from
/// `[String: Any]`; rejections through each invalid-value policy.
@Suite("Hooks: will-map and did-map")
struct MappingHooksTests: CapturesMappingErrors {

    enum HookFailure: Error { case boom, forbidden }

    // MARK: - A struct with both hooks

    struct Event: JSONMappable, JSONWillMapHook, JSONDidMapHook, Equatable {
        var id = 0
        var title = ""
        var tags: [String] = []
        /// The number of members of the raw object, passed on by willMap in its replacement.
        var rawCount = 0
        /// The keys of the object didMap is given, sorted.
        var seenKeys: [String] = []
        /// Derived by didMap.
        var slug = ""

        static let jsonMapping = JSONMapping<Event> {
            JSONMap(\.id, "id", required: true)
            JSONMap(\.title, "title")
            JSONMap(\.tags, "tags")
            JSONMap(\.rawCount, "raw_count")
        }

        static func willMap(_ object: JSONValue) throws -> JSONValue? {
            if let inner = object["event"], inner.object != nil { return inner }   // unwrap an envelope
            if object["deleted"] == true { return nil }
            if object["broken"] == true { return [1, 2] }
            if object["explode"] == true { throw HookFailure.boom }
            guard var members = object.object else { return object }
            members["raw_count"] = .number(JSONNumber(members.count))
            if members["title"] == nil { members["title"] = "untitled" }
            if let legacy = members["legacy_id"] { members["id"] = legacy }         // supplies the required key
            return .object(members)
        }

        mutating func didMap(from object: JSONValue) throws {
            seenKeys = object.object?.keys.sorted() ?? []
            slug = title.lowercased().replacingOccurrences(of: " ", with: "-")
            if id < 0 { throw JSONMapperError.invalidValue(path: "ignored", reason: "negative id") }
            if title == "forbidden" { throw HookFailure.forbidden }
        }
    }

    struct Agenda: JSONMappable, Equatable {
        var events: [Event] = []
        var main = Event()
        var maybe: Event?
        var byDay: [String: Event] = [:]
        var featured = Event()
        var count = 0
        static let jsonMapping = JSONMapping<Agenda> {
            JSONMap(\.events, "events")
            JSONMap(\.main, "main")
            JSONMap(\.maybe, "maybe")
            JSONMap(\.byDay, "by_day")
            JSONMap(\.featured, "data.featured")
            JSONMap(\.count, "count")
        }
    }

    static let agendaText = #"""
    {"events": [{"id": 1, "tags": ["a"]}, {"id": 2, "deleted": true}, {"event": {"id": 3, "title": "Big Day"}},
                {"legacy_id": 4, "title": "Old One"}],
     "main": {"deleted": true, "id": 5},
     "maybe": {"id": 6, "deleted": true},
     "by_day": {"mon": {"id": 7, "title": "Mon"}, "tue": {"deleted": true}},
     "data": {"featured": {"deleted": true, "id": 8}},
     "count": 4}
    """#

    static let agendaSkipped = Agenda(
        events: [
            Event(id: 1, title: "untitled", tags: ["a"], rawCount: 2, seenKeys: ["id", "raw_count", "tags", "title"], slug: "untitled"),
            Event(id: 3, title: "Big Day", seenKeys: ["id", "title"], slug: "big-day"),
            Event(id: 4, title: "Old One", rawCount: 2, seenKeys: ["id", "legacy_id", "raw_count", "title"], slug: "old-one"),
        ],
        main: Event(),
        maybe: nil,
        byDay: ["mon": Event(id: 7, title: "Mon", rawCount: 2, seenKeys: ["id", "raw_count", "title"], slug: "mon")],
        featured: Event(),
        count: 4)

    static let rejected = "Event.willMap rejected the object"

    static let agendaIssues: [JSONMapperError] = [
        .invalidValue(path: "events[1]", reason: rejected),
        .invalidValue(path: "main", reason: rejected),
        .invalidValue(path: "maybe", reason: rejected),
        .invalidValue(path: "by_day.tue", reason: rejected),
        .invalidValue(path: "data.featured", reason: rejected),
    ]

    static let skip = DecodingOptions(invalidValuePolicy: .skip)
    static let collect = DecodingOptions(invalidValuePolicy: .collect)


    /// Streams `text` one byte at a time.
    static func chunked<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) -> Value {
        let decoder = JSONChunkDecoder(Value.self, options: options)
        for byte in Array(text.utf8) { try decoder.feed([byte]) }
        return try decoder.finish()
    }

    static func foundation(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// Every decoder's result for `text`.
    static func decodeAllWays<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions) throws -> [(String, Value)] {
        [
            ("bytes", try JSONMapDecoder(options: options).decode(Value.self, from: Data(text.utf8))),
            ("chunks", try chunked(Value.self, text, options: options)),
            ("JSONValue", try JSONMapDecoder(options: options).decode(Value.self, from: JSONValue(parsing: text))),
            ("[String: Any]", try JSONMapDecoder(options: options).decode(Value.self, fromJSONObject: foundation(text))),
        ]
    }

    /// Every decoder's error for `text` (nil where it decoded).
    static func errorsAllWays<Value: JSONMappableValue>(_: Value.Type, _ text: String, options: DecodingOptions = DecodingOptions()) throws -> [(String, JSONMapperError?)] {
        let value = try JSONValue(parsing: text)
        let object = try foundation(text)
        return [
            ("bytes", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, from: text) }),
            ("chunks", failure { () throws(JSONMapperError) in try chunked(Value.self, text, options: options) }),
            ("JSONValue", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, from: value) }),
            ("[String: Any]", failure { () throws(JSONMapperError) in try JSONMapDecoder(options: options).decode(Value.self, fromJSONObject: object) }),
        ]
    }

    // MARK: - Will-map

    @Test func willMapReplacesAndRejectsUnderSkip() throws {
        for (source, agenda) in try Self.decodeAllWays(Agenda.self, Self.agendaText, options: Self.skip) {
            #expect(agenda == Self.agendaSkipped, "\(source)")
        }
    }

    @Test func willMapRejectionsAreCollectedWithTheirPaths() throws {
        let bytes = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Agenda.self, from: Data(Self.agendaText.utf8))
        #expect(bytes.value == Self.agendaSkipped)
        #expect(bytes.issues == Self.agendaIssues)
        for (source, agenda) in try Self.decodeAllWays(Agenda.self, Self.agendaText, options: Self.collect) {
            #expect(agenda == Self.agendaSkipped, "\(source)")
        }
        let tree = try DecodeRun.decodeRoot(Agenda.self, Self.collect, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            try session.emit(JSONValue(parsing: Self.agendaText))
        }
        #expect(tree.value == Self.agendaSkipped)
        #expect(tree.issues == Self.agendaIssues)
    }

    @Test func willMapRejectionFailsTheDecodeUnderThrow() throws {
        for (source, error) in try Self.errorsAllWays(Agenda.self, Self.agendaText) {
            if source == "[String: Any]" {
                // A dictionary's members come in no particular order: any rejection may be met first.
                #expect(Self.agendaIssues.contains { $0 == error }, "\(source): \(String(describing: error))")
            } else {
                #expect(error == .invalidValue(path: "events[1]", reason: Self.rejected), "\(source)")
            }
        }
    }

    @Test func willMapFailuresOfEveryKind() throws {
        let cases: [(String, JSONMapperError)] = [
            (#"[{"id": 1}, {"broken": true}]"#, .invalidValue(path: "[1]", reason: "Event.willMap returned a value that is not an object")),
            (#"[{"explode": true}]"#, .invalidValue(path: "[0]", reason: "Event.willMap: boom")),
            (#"[{"id": 1}, {"id": 2}, {"deleted": true}]"#, .invalidValue(path: "[2]", reason: Self.rejected)),
        ]
        for (text, expected) in cases {
            for (source, error) in try Self.errorsAllWays([Event].self, text) {
                #expect(error == expected, "\(source): \(text)")
            }
        }
    }

    @Test func willMapCanSupplyARequiredKey() throws {
        for (source, events) in try Self.decodeAllWays([Event].self, #"[{"legacy_id": 9}]"#, options: DecodingOptions()) {
            #expect(events == [Event(id: 9, title: "untitled", rawCount: 1, seenKeys: ["id", "legacy_id", "raw_count", "title"], slug: "untitled")],
                    "\(source)")
        }
        // Without it the key is missing.
        for (source, error) in try Self.errorsAllWays([Event].self, #"[{"id": 1}, {"title": "t"}]"#) {
            #expect(error == .keyNotFound(path: "[1].id"), "\(source)")
        }
    }

    @Test func aRejectedTopLevelObject() throws {
        for (source, error) in try Self.errorsAllWays(Event.self, #"{"deleted": true}"#) {
            #expect(error == .invalidValue(path: "", reason: Self.rejected), "\(source)")
        }
        // Skipped, there is no value at all: still an error.
        for (source, error) in try Self.errorsAllWays(Event.self, #"{"deleted": true}"#, options: Self.skip) {
            #expect(error != nil, "\(source)")
        }
    }

    // MARK: - Hooked models inside hooked models

    struct Journal: JSONMappable, JSONWillMapHook, JSONDidMapHook, Equatable {
        var entries: [Event] = []
        /// How many entries the raw object listed, rejected ones included.
        var listed = 0
        static let jsonMapping = JSONMapping<Journal> { JSONMap(\.entries, "entries") }
        static func willMap(_ object: JSONValue) throws -> JSONValue? { object["locked"] == true ? nil : object }
        mutating func didMap(from object: JSONValue) throws { listed = object["entries"]?.array?.count ?? -1 }
    }

    struct Shelf: JSONMappable, Equatable {
        var journal = Journal()
        var journals: [Journal] = []
        static let jsonMapping = JSONMapping<Shelf> {
            JSONMap(\.journal, "journal")
            JSONMap(\.journals, "journals")
        }
    }

    @Test func nestedHookedModelsKeepTheirPaths() throws {
        let text = #"{"journal": {"entries": [{"id": 1}, {"deleted": true}, {"id": 2, "title": "T"}]}, "journals": [{"locked": true}, {"entries": []}]}"#
        let expected = Shelf(
            journal: Journal(entries: [
                Event(id: 1, title: "untitled", rawCount: 1, seenKeys: ["id", "raw_count", "title"], slug: "untitled"),
                Event(id: 2, title: "T", rawCount: 2, seenKeys: ["id", "raw_count", "title"], slug: "t"),
            ], listed: 3),
            journals: [Journal(listed: 0)])
        for (source, shelf) in try Self.decodeAllWays(Shelf.self, text, options: Self.skip) {
            #expect(shelf == expected, "\(source)")
        }
        let collected = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Shelf.self, from: Data(text.utf8))
        #expect(collected.value == expected)
        #expect(collected.issues == [
            .invalidValue(path: "journal.entries[1]", reason: Self.rejected),
            .invalidValue(path: "journals[0]", reason: "Journal.willMap rejected the object"),
        ])
        for (source, error) in try Self.errorsAllWays(Shelf.self, text) where source != "[String: Any]" {
            #expect(error == .invalidValue(path: "journal.entries[1]", reason: Self.rejected), "\(source)")
        }
    }

    // MARK: - Updating an instance

    /// Updating an instance from JSON maps an object like decoding does, so its hooks run
    /// (as YYModel's `modelSetWithDictionary:` calls both of its hooks).
    @Test func updatingAnInstanceRunsItsHooks() throws {
        var event = Event()
        try event.update(fromJSON: #"{"id": 3}"#)
        #expect(event == Event(id: 3, title: "untitled", rawCount: 1, seenKeys: ["id", "raw_count", "title"], slug: "untitled"))
        var kept = Event(id: 9)
        #expect(throws: JSONMapperError.invalidValue(path: "", reason: Self.rejected)) {
            try kept.update(fromJSON: #"{"deleted": true, "id": 10}"#)
        }
        #expect(kept == Event(id: 9))
    }

    // MARK: - The raw object

    struct Ordered: JSONMappable, JSONWillMapHook, JSONDidMapHook {
        var a = 0
        var willOrder = ""
        var didOrder = ""
        static let jsonMapping = JSONMapping<Ordered> {
            JSONMap(\.a, "a")
            JSONMap(\.willOrder, "will_order")
        }
        static func willMap(_ object: JSONValue) throws -> JSONValue? {
            guard var members = object.object else { return object }
            members["will_order"] = .string(members.keys.joined(separator: ","))
            return .object(members)
        }
        mutating func didMap(from object: JSONValue) throws {
            didOrder = object.object?.keys.joined(separator: ",") ?? "not an object"
        }
    }

    @Test func theHooksSeeTheWholeRawObjectInDocumentOrder() throws {
        let text = #"{"z": 1, "a": 2, "m": {"deep": [true, {"a": 5}]}, "b": null}"#
        let decoded = [
            try JSONMapDecoder().decode(Ordered.self, from: text),
            try Self.chunked(Ordered.self, text),
            try JSONMapDecoder().decode(Ordered.self, from: JSONValue(parsing: text)),
        ]
        for ordered in decoded {
            #expect(ordered.a == 2)
            #expect(ordered.willOrder == "z,a,m,b")
            #expect(ordered.didOrder == "z,a,m,b,will_order")
        }
    }

    @Test func theHooksSeeEveryMemberOfAWideObject() throws {
        // 60 members, 2 mapped: the tree walk looks the mapped keys up, but the hooks see all.
        let members: [(String, JSONValue)] = (0..<59).map { ("k\($0)", .number(JSONNumber($0))) } + [("a", 7)]
        let value = JSONValue.object(JSONObject(members))
        let order = (0..<59).map { "k\($0)" }.joined(separator: ",") + ",a"
        for ordered in [try JSONMapDecoder().decode(Ordered.self, from: value), try JSONMapDecoder().decode(Ordered.self, from: value.description)] {
            #expect(ordered.a == 7)
            #expect(ordered.willOrder == order)
            #expect(ordered.didOrder == order + ",will_order")
        }
        let fromFoundation = try JSONMapDecoder().decode(Ordered.self, fromJSONObject: Self.foundation(value.description))
        #expect(fromFoundation.a == 7)
        #expect(fromFoundation.willOrder.split(separator: ",").count == 60)
        #expect(fromFoundation.didOrder.split(separator: ",").count == 61)
    }

    // MARK: - Did-map

    @Test func didMapDerivesStateEverywhere() throws {
        let text = #"{"main": {"id": 1, "title": "Hello World"}, "events": [{"id": 2, "title": "A B C"}], "by_day": {"x": {"id": 3}}}"#
        let expected = Agenda(
            events: [Event(id: 2, title: "A B C", rawCount: 2, seenKeys: ["id", "raw_count", "title"], slug: "a-b-c")],
            main: Event(id: 1, title: "Hello World", rawCount: 2, seenKeys: ["id", "raw_count", "title"], slug: "hello-world"),
            byDay: ["x": Event(id: 3, title: "untitled", rawCount: 1, seenKeys: ["id", "raw_count", "title"], slug: "untitled")])
        for (source, agenda) in try Self.decodeAllWays(Agenda.self, text, options: DecodingOptions()) {
            #expect(agenda == expected, "\(source)")
        }
    }

    @Test func didMapRejectionNamesTheModelsPath() throws {
        let cases: [(String, JSONMapperError)] = [
            (#"{"events": [{"id": 1}, {"id": -1}]}"#, .invalidValue(path: "events[1]", reason: "negative id")),
            (#"{"main": {"id": -1}}"#, .invalidValue(path: "main", reason: "negative id")),
            (#"{"maybe": {"id": 1, "title": "forbidden"}}"#, .invalidValue(path: "maybe", reason: "Event.didMap: forbidden")),
            (#"{"by_day": {"sun": {"id": -2}}}"#, .invalidValue(path: "by_day.sun", reason: "negative id")),
            (#"{"count": 1, "data": {"featured": {"id": -3}}}"#, .invalidValue(path: "data.featured", reason: "negative id")),
        ]
        for (text, expected) in cases {
            for (source, error) in try Self.errorsAllWays(Agenda.self, text) {
                #expect(error == expected, "\(source): \(text)")
            }
        }
        #expect(throws: JSONMapperError.invalidValue(path: "", reason: "negative id")) {
            try JSONMapDecoder().decode(Event.self, from: #"{"id": -1}"#)
        }
    }

    /// A model rejected by its did-map hook is rejected like one will-map refused: left out
    /// under skip, left out and listed under collect.
    @Test func didMapRejectionLeavesTheModelOutUnderSkipAndCollect() throws {
        let text = #"{"events": [{"id": 1}, {"id": -1}, {"id": 2, "title": "forbidden"}], "main": {"id": -5}, "maybe": {"id": -6}, "count": 2}"#
        let expected = Agenda(
            events: [Event(id: 1, title: "untitled", rawCount: 1, seenKeys: ["id", "raw_count", "title"], slug: "untitled")],
            main: Event(), maybe: nil, count: 2)
        for (source, agenda) in try Self.decodeAllWays(Agenda.self, text, options: Self.skip) {
            #expect(agenda == expected, "\(source)")
        }
        let collected = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Agenda.self, from: Data(text.utf8))
        #expect(collected.value == expected)
        #expect(collected.issues == [
            .invalidValue(path: "events[1]", reason: "negative id"),
            .invalidValue(path: "events[2]", reason: "Event.didMap: forbidden"),
            .invalidValue(path: "main", reason: "negative id"),
            .invalidValue(path: "maybe", reason: "negative id"),
        ])
    }

    // MARK: - Classes with inheritance

    class Node: JSONMappable, JSONWillMapHook, JSONDidMapHook {
        var id = 0
        var trail: [String] = []
        required init() {}
        class var jsonMapping: JSONMapping<Node> { JSONMapping { JSONMap(\.id, "id") } }

        class func willMap(_ object: JSONValue) throws -> JSONValue? {
            if object["disabled"] == true { return nil }
            guard var members = object.object else { return object }
            if members["id"] == nil { members["id"] = 100 }
            return .object(members)
        }

        func didMap(from object: JSONValue) throws {
            trail.append("Node(" + (object.object?.keys.sorted().joined(separator: ",") ?? "") + ")")
            if id < 0 { throw JSONMapperError.invalidValue(path: "", reason: "negative node id") }
        }
    }

    final class Leaf: Node {
        var text = ""
        var shout = ""
        override class var jsonMapping: JSONMapping<Node> {
            super.jsonMapping.extended(for: Leaf.self) { JSONMap(\.text, "text") }
        }

        override class func willMap(_ object: JSONValue) throws -> JSONValue? {
            guard let base = try super.willMap(object), var members = base.object else { return nil }
            if members["text"] == nil { members["text"] = "filled" }
            return .object(members)
        }

        override func didMap(from object: JSONValue) throws {
            try super.didMap(from: object)
            shout = text.uppercased()
            trail.append("Leaf")
        }
    }

    struct Forest: JSONMappable {
        var leaves: [Leaf] = []
        var root = Node()
        var leaf: Leaf?
        static let jsonMapping = JSONMapping<Forest> {
            JSONMap(\.leaves, "leaves")
            JSONMap(\.root, "root")
            JSONMap(\.leaf, "leaf")
        }
    }

    static func describe(_ node: Node?) -> String {
        guard let node else { return "nil" }
        if let leaf = node as? Leaf { return "Leaf \(leaf.id) \(leaf.text) \(leaf.shout) \(leaf.trail)" }
        return "\(type(of: node)) \(node.id) \(node.trail)"
    }

    static let forestText = #"""
    {"leaves": [{"id": 1, "text": "hi"}, {"disabled": true, "id": 2}, {}],
     "root": {"id": 9, "text": "not a node's"},
     "leaf": {"text": "x"}}
    """#

    @Test func classHooksFollowOverridesUnderSkip() throws {
        for (source, forest) in try Self.decodeAllWays(Forest.self, Self.forestText, options: Self.skip) {
            #expect(forest.leaves.map(Self.describe) == [
                #"Leaf 1 hi HI ["Node(id,text)", "Leaf"]"#,
                #"Leaf 100 filled FILLED ["Node(id,text)", "Leaf"]"#,
            ], "\(source)")
            #expect(Self.describe(forest.root) == #"Node 9 ["Node(id,text)"]"#, "\(source)")
            #expect(Self.describe(forest.leaf) == #"Leaf 100 x X ["Node(id,text)", "Leaf"]"#, "\(source)")
        }
    }

    @Test func classHookRejectionsThroughThePolicies() throws {
        for (source, error) in try Self.errorsAllWays(Forest.self, Self.forestText) {
            #expect(error == .invalidValue(path: "leaves[1]", reason: "Leaf.willMap rejected the object"), "\(source)")
        }
        let collected = try JSONMapDecoder(options: Self.collect).decodeReportingIssues(Forest.self, from: Data(Self.forestText.utf8))
        #expect(collected.issues == [.invalidValue(path: "leaves[1]", reason: "Leaf.willMap rejected the object")])
        #expect(collected.value.leaves.map(\.id) == [1, 100])
        // The base class's did-map check, reached through the subclass.
        for (source, error) in try Self.errorsAllWays(Forest.self, #"{"leaf": {"id": -4}}"#) {
            #expect(error == .invalidValue(path: "leaf", reason: "negative node id"), "\(source)")
        }
        for (source, error) in try Self.errorsAllWays([Node].self, #"[{"id": 1}, {"id": -4}]"#) {
            #expect(error == .invalidValue(path: "[1]", reason: "negative node id"), "\(source)")
        }
    }

    // MARK: - Who captures

    struct Plain: JSONMappable {
        var id = 0
        static let jsonMapping = JSONMapping<Plain> { JSONMap(\.id, "id") }
    }

    final class PlainClass: JSONMappable {
        var id = 0
        init() {}
        static var jsonMapping: JSONMapping<PlainClass> { JSONMapping { JSONMap(\.id, "id") } }
    }

    struct OnlyDidMap: JSONMappable, JSONDidMapHook {
        var id = 0
        static let jsonMapping = JSONMapping<OnlyDidMap> { JSONMap(\.id, "id") }
        mutating func didMap(from object: JSONValue) throws {}
    }

    struct OnlyWillMap: JSONMappable, JSONWillMapHook {
        var id = 0
        static let jsonMapping = JSONMapping<OnlyWillMap> { JSONMap(\.id, "id") }
        static func willMap(_ object: JSONValue) throws -> JSONValue? { object }
    }

    @Test func onlyModelsWithHooksCapture() {
        #expect(ModelRegistry.shared.codec(for: Plain.self).meta.hooks.needsObject == false)
        #expect(ModelRegistry.shared.codec(for: PlainClass.self).meta.hooks.needsObject == false)
        #expect(ModelRegistry.shared.codec(for: Agenda.self).meta.hooks.needsObject == false)
        #expect(ModelRegistry.shared.codec(for: Forest.self).meta.hooks.needsObject == false)
        #expect(ModelRegistry.shared.codec(for: Event.self).meta.hooks.needsObject == true)
        #expect(ModelRegistry.shared.codec(for: Node.self).meta.hooks.needsObject == true)
        #expect(ModelRegistry.shared.codec(for: Leaf.self).meta.hooks.needsObject == true)
        let onlyDid = ModelRegistry.shared.codec(for: OnlyDidMap.self).meta.hooks
        #expect(onlyDid.needsObject && onlyDid.didMap != nil && onlyDid.willMap == nil && onlyDid.chooseType == nil)
        let onlyWill = ModelRegistry.shared.codec(for: OnlyWillMap.self).meta.hooks
        #expect(onlyWill.needsObject && onlyWill.willMap != nil && onlyWill.didMap == nil && onlyWill.chooseType == nil)
    }
}
