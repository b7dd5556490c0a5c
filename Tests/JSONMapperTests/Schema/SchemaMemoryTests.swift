import CHeapProbe
import Foundation
import Testing
@testable import JSONMapper

/// A runtime schema's compiled tables (key tree, frozen buffers, handlers) are freed with the
/// schema: a server may build one per request. Measured in a child process each (an exit
/// test), where no other test allocates meanwhile.
@Suite("Schema: compiled tables are freed with the schema")
struct SchemaMemoryTests {
    /// Rounds measured; a leak of even 32 bytes per round fails the count.
    static let rounds = 2000

    /// One round: two schemas compiled (every column type; keys, key paths, index paths,
    /// fallbacks, defaults; one read from arrays by position), a record decoded with each, a
    /// row written, and everything dropped.
    static func useSchemas() throws {
        let schema = try JSONSchema(columns: [
            JSONColumn("id", path: "id", type: .int, required: true),
            JSONColumn("login", paths: ["actor.login", "actor.name"], default: ""),
            JSONColumn("size", path: "payload.size", type: .int, default: 0),
            JSONColumn("ratio", path: "payload.ratio", type: .double),
            JSONColumn("price", path: "price", type: .decimal),
            JSONColumn("public", path: "public", type: .bool),
            JSONColumn("day", path: "day", type: .date(format: "dd/MM/yyyy", outputFormat: "yyyy-MM-dd")),
            JSONColumn("meta", path: "meta", type: .json),
            JSONColumn("commits", path: "payload.commits", type: .count),
            JSONColumn("first", path: "payload.commits[0].sha"),
        ])
        let positional = try JSONSchema(columns: [
            JSONColumn("a", path: "[0]", type: .int),
            JSONColumn("b", path: "[2].name"),
        ])
        let record = #"{"id":1,"actor":{"name":"n"},"payload":{"size":3,"commits":[{"sha":"a1"}]},"day":"07/01/2013","meta":[1]}"#
        var writer = JSONRowWriter(schema: schema, format: .ndjson)
        try writer.write(JSONMapDecoder().decode(schema, from: Data(record.utf8)))
        #expect(try JSONMapDecoder().decode(positional, from: Data(#"[1,null,{"name":"x"}]"#.utf8)).cells == [.int(1), .string("x")])
    }

    @Test func droppedSchemasGiveBackWhatTheyAllocated() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            // The first rounds fill what lives for the process (type metadata, shared codecs).
            for _ in 0..<20 { try SchemaMemoryTests.useSchemas() }
            let before = heap_probe_live_bytes()
            for _ in 0..<SchemaMemoryTests.rounds { try SchemaMemoryTests.useSchemas() }
            let after = heap_probe_live_bytes()
            print(before, after)
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        let counts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(counts.count == 2, "the child printed: \(output)")
        try #require(counts[0] >= 0, "this allocator has no count of live bytes")
        let growth = counts[1] - counts[0]
        #expect(growth < Self.rounds * 32, "live heap grew by \(growth) bytes over \(Self.rounds) rounds (\(growth / Self.rounds) per round)")
    }

    @Test(.enabled(if: heap_probe_has_leak_sanitizer() != 0, "LeakSanitizer runs in scripts/sanitize's AddressSanitizer build"))
    func droppedSchemasLeaveNothingForLeakSanitizer() async {
        // LeakSanitizer prints what it finds on the child's standard error.
        await #expect(processExitsWith: .success) {
            for _ in 0..<3 { try SchemaMemoryTests.useSchemas() }
            if heap_probe_leak_check() != 0 { exit(1) }
        }
    }
}
