import Foundation
import Testing
@testable import JSONMapper

/// Line numbers of JSON Lines records and of their errors, in streams of many blocks: the
/// lines of a block are counted by the thread that decodes it and numbered in the stream when
/// the block is delivered, so every line a record, a rejection or an error names must be the
/// one it has in the text, whatever the workers, the chunks and the source.
@Suite("Streaming: line numbers")
struct LineNumberingTests {
    /// What line `number` holds (from 1), and what becomes of it.
    enum Line {
        case record, wrongName, syntaxError, wrongID, oversized, blank

        init(_ number: Int) {
            switch number {
            case _ where number % 41 == 0: self = .syntaxError
            case _ where number % 43 == 0: self = .wrongID
            case _ where number % 47 == 0: self = .oversized
            case _ where number % 13 == 0: self = .blank
            case _ where number % 29 == 0: self = .wrongName
            default: self = .record
            }
        }

        func text(_ number: Int) -> String {
            switch self {
            case .record: "{\"id\":\(number),\"name\":\"r\"}"
            case .wrongName: "{\"id\":\(number),\"name\":[1]}"
            case .syntaxError: "{\"id\":\(number),"
            case .wrongID: "{\"id\":\"x\(number)\"}"
            case .oversized: "{\"id\":\(number),\"name\":\"\(String(repeating: "o", count: 100))\"}"
            case .blank: "  "
            }
        }
    }

    static let lineCount = 600
    /// Some lines end with a carriage return too.
    static let text = (1...lineCount).map { Line($0).text($0) + ($0 % 17 == 0 ? "\r\n" : "\n") }.joined()

    static func decoder(workers: Int, chunkSize: Int, policy: DecodingOptions.InvalidValuePolicy) -> JSONRecordDecoder {
        var decoder = JSONRecordDecoder(framing: .jsonLines, workers: workers, chunkSize: chunkSize)
        decoder.maxRecordBytes = 80
        decoder.options.invalidValuePolicy = policy
        return decoder
    }

    @Test(arguments: [(1, 64), (2, 64), (2, 1 << 16), (3, 200)])
    func recordsRejectionsAndErrorsNameTheirLines(workers: Int, chunkSize: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).jsonl").path
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for source in [JSONRecordSource.bytes(Array(Self.text.utf8)), .file(path)] {
            for policy in [DecodingOptions.InvalidValuePolicy.throw, .collect] {
                let what = "\(workers) workers, chunks of \(chunkSize), \(source), \(policy)"
                let run = Self.decoder(workers: workers, chunkSize: chunkSize, policy: policy).run(StreamEvent.self, source)
                #expect(run.failure == nil, "\(what)")
                // Under `.collect`, a wrong value is left at its default, and the record delivered.
                for record in run.records {
                    let line = Line(record.line)
                    #expect(record.value.id == (line == .wrongID ? 0 : record.line), "\(what): line \(record.line)")
                    #expect(record.issues.isEmpty == (line == .record), "\(what): line \(record.line)")
                    for issue in record.issues { #expect(issue.location?.line == record.line, "\(what): \(issue)") }
                }
                let rejectedLines = (1...Self.lineCount).filter {
                    switch Line($0) {
                    case .syntaxError, .oversized: true
                    case .wrongID, .wrongName: policy == .throw
                    case .record, .blank: false
                    }
                }
                #expect(run.records.count + rejectedLines.count == (1...Self.lineCount).filter { Line($0) != .blank }.count, "\(what)")
                #expect(run.rejections.map(\.line) == rejectedLines, "\(what)")
                for rejection in run.rejections where Line(rejection.line) != .oversized {
                    #expect(rejection.error.location?.line == rejection.line, "\(what): \(rejection)")
                }
            }
        }
    }

    /// A transform's own error keeps the place it names; one that names none is placed at its
    /// record's line.
    @Test(arguments: [1, 2])
    func aTransformErrorKeepsItsOwnLine(workers: Int) throws {
        let own = JSONLocation(offset: 1, line: 3, column: 2)
        let rejections = RejectionLog()
        let stream = Self.decoder(workers: workers, chunkSize: 64, policy: .throw)
            .records(StreamEvent.self, from: .bytes(Array(Self.text.utf8)), transform: { (event: StreamEvent) throws(JSONMapperError) in
                if event.id % 31 == 0 { throw .invalidValue(path: "id", reason: "unplaced") }
                if event.id % 37 == 0 { throw .invalidValue(path: "id", reason: "placed", location: own) }
                return event.id
            }, onRejection: { rejections.append($0) })
        for result in stream { _ = try result.get() }
        let transformed = rejections.items.filter {
            if case .invalidValue(_, let reason, _) = $0.error { reason.hasSuffix("placed") } else { false }
        }
        #expect(transformed.count == (1...Self.lineCount).filter { Line($0) == .record && ($0 % 31 == 0 || $0 % 37 == 0) }.count)
        for rejection in transformed {
            let expected = rejection.line % 31 == 0 ? rejection.line : own.line
            #expect(rejection.error.location?.line == expected, "\(rejection)")
        }
    }
}
