import Foundation
import Testing
@testable import JSONMapper

/// Array records mapped through column names, from a header record or given: rows shorter and
/// longer than the header, rows that are objects, a header that is not one.
@Suite("Streaming: column names")
struct ColumnTests {
    struct Product: JSONMappable, Equatable, Sendable {
        var asin = ""
        var brand = ""
        var rating = 0
        var tags: [String] = []
        static let jsonMapping = JSONMapping<Product> {
            Map(\.asin, "asin", required: true)
            Map(\.brand, "brand")
            Map(\.rating, "rating")
            Map(\.tags, "tags")
        }
    }

    static let table = """

        ["asin","brand","rating","tags"]\r
        ["B0000SX2UC","Nokia",3,["phone"]]
        ["B0009N5L7K","Motorola"]

        ["B000SKTZ0S","Samsung","x",[]]
        ["B0012345","LG",4,[],"extra"]
        {"asin":"B0099","rating":5}
        """

    @Test(arguments: [1, 2])
    func headerRecordNamesTheColumns(workers: Int) {
        for chunkSize in [1, 9, 1 << 16] {
            let decoder = JSONRecordDecoder(workers: workers, chunkSize: chunkSize, columns: .headerRecord)
            let run = decoder.run(Product.self, .bytes(Array(Self.table.utf8)))
            #expect(run.framing == .jsonLines)
            #expect(run.records.map(\.value) == [Product(asin: "B0000SX2UC", brand: "Nokia", rating: 3, tags: ["phone"]),
                                                 Product(asin: "B0009N5L7K", brand: "Motorola"),
                                                 Product(asin: "B0099", rating: 5)], "chunks of \(chunkSize)")
            #expect(run.records.map(\.line) == [3, 4, 8])
            #expect(run.records.map(\.index) == [0, 1, 4])
            #expect(run.rejections.map(\.line) == [6, 7])
            #expect(run.rejections.map(\.error) == [.typeMismatch(path: "rating", expected: "Int", found: "string \"x\""),
                                                    .invalidValue(path: "[4]", reason: "the record has more values than the 4 column names")])
            #expect(run.failure == nil)
        }
    }

    @Test func givenNamesAndArrays() {
        let decoder = JSONRecordDecoder(framing: .array, workers: 2, chunkSize: 7, columns: .names(["asin", "rating"]))
        let run = decoder.run(Product.self, .bytes(Array("[[\"a\",1],[\"b\",2]]".utf8)))
        #expect(run.records.map(\.value) == [Product(asin: "a", rating: 1), Product(asin: "b", rating: 2)])
    }

    @Test func aFirstRecordThatIsNoHeaderEndsTheStream() {
        let run = JSONRecordDecoder(columns: .headerRecord).run(Product.self, .bytes(Array("\n{\"asin\":\"a\"}\n[\"a\"]\n".utf8)))
        #expect(run.records.isEmpty && run.rejections.isEmpty)
        #expect(run.failure == .invalidValue(path: "", reason: "the header record on line 2 is not an array of column names: "
            + "type mismatch at the top-level value (line 2, column 1, byte 1): expected an array of String, found an object"))
        let empty = JSONRecordDecoder(columns: .headerRecord).run(Product.self, .bytes([]))
        #expect(empty.records.isEmpty && empty.failure == nil)
    }
}
