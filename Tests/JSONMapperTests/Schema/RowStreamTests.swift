import Foundation
import Testing
@testable import JSONMapper

/// Rows of a schema come through the record decoder like any value: in stream order with
/// parallel workers, with rejections at their lines.
@Suite("Schema: record streams of rows")
struct RowStreamTests {
    static let schema = try! JSONSchema(columns: [
        JSONColumn("id", path: "id", type: .int, required: true),
        JSONColumn("name", path: "user.name", default: ""),
    ])

    @Test(arguments: [1, 4])
    func rowsKeepStreamOrderAndRejectionsTheirLines(workers: Int) throws {
        // Every 7th record lacks its id; the lines are known from the loop that writes them.
        var text = ""
        var expectedIDs: [Int] = []
        var expectedRejectedLines: [Int] = []
        for i in 0..<3000 {
            if i % 7 == 3 {
                text += #"{"user":{"name":"n\#(i)"}}"# + "\n"
                expectedRejectedLines.append(i + 1)
            } else {
                text += #"{"id":\#(i),"user":{"name":"n\#(i)"}}"# + "\n"
                expectedIDs.append(i)
            }
        }
        let decoder = JSONRecordDecoder(workers: workers, chunkSize: 4096)
        var rejectedLines: [Int] = []
        var rows: [JSONRow] = []
        for result in decoder.records(Self.schema, from: .bytes(Array(text.utf8)), onRejection: { rejectedLines.append($0.line) }) {
            rows.append(try result.get().value)
        }
        #expect(rows.map(\.cells) == expectedIDs.map { [.int($0), .string("n\($0)")] })
        #expect(rejectedLines == expectedRejectedLines)
    }

    @Test func theSchemasCoercionAppliesToTheStream() throws {
        let strict = try! JSONSchema(columns: [JSONColumn("id", path: "id", type: .int)], coercion: .strict)
        var rejections: [JSONRecordRejection] = []
        let rows = try JSONRecordDecoder(workers: 1).records(strict, from: .bytes(Array("{\"id\":1}\n{\"id\":\"2\"}\n".utf8))) {
            rejections.append($0)
        }.deliveredValues()
        #expect(rows == [JSONRow(cells: [.int(1)])])
        #expect(rejections.map(\.line) == [2])
    }
}
