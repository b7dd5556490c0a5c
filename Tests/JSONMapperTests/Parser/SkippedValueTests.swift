import Foundation
import Testing
@testable import JSONMapper

/// The value of a key nobody reads is passed over in C (`CYajlCallbacks`): none of its events reach
/// the sink, the events after it do, and every check an event gets still happens inside it, with
/// the error a value that is read would give.
@Suite("Parser: values skipped in C")
struct SkippedValueTests {
    /// Records events and asks the parser to skip the value of every key named `skip`.
    final class SkippingSink: JSONEventSink {
        var events: [String] = []
        var depth = 0
        let depthLimit: Int

        init(depthLimit: Int = 512) { self.depthLimit = depthLimit }

        override func null() -> Bool { events.append("null"); return true }
        override func bool(_ value: Bool) -> Bool { events.append("\(value)"); return true }
        override func number(_ text: JSONBytes) -> Bool { events.append(String(decoding: text.buffer, as: UTF8.self)); return true }
        override func string(_ text: JSONBytes) -> Bool { events.append("\"" + String(decoding: text.buffer, as: UTF8.self) + "\""); return true }
        override func key(_ text: JSONBytes) -> Bool {
            let key = String(decoding: text.buffer, as: UTF8.self)
            events.append(key + ":")
            if key == "skip" { skipValueOfKey(depthAllowance: depthLimit - depth) }
            return true
        }
        override func beginObject() -> Bool { depth += 1; events.append("{"); return true }
        override func endObject() -> Bool { depth -= 1; events.append("}"); return true }
        override func beginArray() -> Bool { depth += 1; events.append("["); return true }
        override func endArray() -> Bool { depth -= 1; events.append("]"); return true }
        override func skippedContainerTooDeep() -> Bool {
            failure = .depthLimitExceeded(path: "skipped")
            return false
        }
    }

    /// The events `text` delivers, fed in chunks of `chunkSize` bytes.
    static func events(_ text: String, chunkSize: Int, limits: JSONParser.Limits = .none,
                       depthLimit: Int = 512) -> Result<[String], JSONMapperError> {
        let sink = SkippingSink(depthLimit: depthLimit)
        let parser = JSONParser(sink: sink, limits: limits)
        let bytes = Array(text.utf8)
        do throws(JSONMapperError) {
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                let chunk = Array(bytes[start..<min(start + chunkSize, bytes.count)])
                try InputBytes.withBytes(of: chunk) { (buffer) throws(JSONMapperError) in try parser.parse(buffer) }
            }
            try parser.finish()
            return .success(sink.events)
        } catch {
            return .failure(error)
        }
    }

    static let chunkSizes = [1, 5, 4096]

    @Test("a skipped value's events stay in C, the next key's arrive", arguments: chunkSizes)
    func skippedEventsNeverArrive(chunkSize: Int) throws {
        let text = #"{"a": 1, "skip": {"b": [1, {"c": null}, "s\"x"], "d": true}, "e": [2], "skip": 3.5, "skip": [], "f": "g"}"#
        let events = try Self.events(text, chunkSize: chunkSize).get()
        #expect(events == ["{", "a:", "1", "skip:", "e:", "[", "2", "]", "skip:", "skip:", "f:", "\"g\"", "}"])
    }

    @Test("a skip asked for outside a key's event changes nothing", arguments: chunkSizes)
    func aLateRequestIsIgnored(chunkSize: Int) throws {
        final class LateSink: JSONEventSink {
            var events = 0
            override func beginArray() -> Bool {
                events += 1
                skipValueOfKey(depthAllowance: 10)
                return true
            }
            override func number(_ text: JSONBytes) -> Bool { events += 1; return true }
            override func key(_ text: JSONBytes) -> Bool { events += 1; return true }
        }
        let sink = LateSink()
        let parser = JSONParser(sink: sink)
        try InputBytes.withBytes(of: Array(#"{"k": [1, 2], "l": 3}"#.utf8)) { (buffer) throws(JSONMapperError) in try parser.parse(buffer) }
        try parser.finish()
        #expect(sink.events == 6)
    }

    @Test("a string or key over the limit fails inside a skipped value too", arguments: chunkSizes)
    func textLimits(chunkSize: Int) {
        let limits = JSONParser.Limits(maxStringBytes: 4)
        // `{"skip": {"ok": "` is 17 bytes; the limit is crossed at the string's fifth byte.
        let string = Self.events(#"{"skip": {"ok": "abcdefgh"}, "a": 1}"#, chunkSize: chunkSize, limits: limits)
        #expect(Self.limitOffset(string) == 17 + 4)
        // `{"skip": [{"` is 12 bytes.
        let key = Self.events(#"{"skip": [{"abcdefgh": 1}], "a": 1}"#, chunkSize: chunkSize, limits: limits)
        #expect(Self.limitOffset(key) == 12 + 4)
    }

    @Test("a number over the limit or ended by a wrong byte fails inside a skipped value too", arguments: chunkSizes)
    func numberChecks(chunkSize: Int) {
        let long = Self.events(#"{"skip": [1, 123456789], "a": 1}"#, chunkSize: chunkSize, limits: JSONParser.Limits(maxNumberBytes: 5))
        // `{"skip": [1, ` is 13 bytes.
        #expect(Self.limitOffset(long) == 13 + 5)
        for (text, offset) in [(#"{"skip": [1x], "a": 1}"#, 11), (#"{"skip": 12"x", "a": 1}"#, 11), (#"{"skip": {"n": -0.5true}}"#, 19)] {
            let result = Self.events(text, chunkSize: chunkSize)
            guard case .failure(.syntax(_, let location)) = result else {
                Issue.record("\(text): \(result)")
                continue
            }
            let at = location.offset
            #expect(at == offset, "\(text)")
        }
    }

    @Test("the depth limit holds inside a skipped value", arguments: chunkSizes)
    func depthLimit(chunkSize: Int) throws {
        // The key sits at depth 1: a limit of 4 lets the skipped value open 3 containers.
        let deep = Self.events(#"{"skip": [[[[1]]]], "a": 1}"#, chunkSize: chunkSize, depthLimit: 4)
        guard case .failure(.depthLimitExceeded(let path, _)) = deep else {
            Issue.record("\(deep)")
            return
        }
        #expect(path == "skipped")
        let shallow = try Self.events(#"{"skip": [[[1]]], "a": 1}"#, chunkSize: chunkSize, depthLimit: 4).get()
        #expect(shallow == ["{", "skip:", "a:", "1", "}"])
    }

    static func limitOffset(_ result: Result<[String], JSONMapperError>) -> Int? {
        guard case .failure(.limitExceeded(let offset, _)) = result else { return nil }
        return offset
    }
}
