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
            JSONMap(\.asin, "asin", required: true)
            JSONMap(\.brand, "brand")
            JSONMap(\.rating, "rating")
            JSONMap(\.tags, "tags")
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

    /// The same rows read by position: `"[0]"`, `"[1]"`…
    struct PositionalProduct: JSONMappable, Equatable, Sendable {
        var asin = ""
        var brand = ""
        var rating = 0
        static let jsonMapping = JSONMapping<PositionalProduct> {
            JSONMap(\.asin, "[0]", required: true)
            JSONMap(\.brand, "[1]")
            JSONMap(\.rating, "[2]")
        }
    }

    /// A positional model skips the header as a named one reads it, and the record and its
    /// rejections are numbered alike: index 0 is the first record after the header, and
    /// lines are the file's.
    @Test(arguments: [1, 2])
    func aPositionalModelSkipsTheHeaderRecord(workers: Int) {
        for chunkSize in [1, 9, 1 << 16] {
            let decoder = JSONRecordDecoder(workers: workers, chunkSize: chunkSize, columns: .skippingHeaderRecord)
            let run = decoder.run(PositionalProduct.self, .bytes(Array(Self.table.utf8)))
            #expect(run.framing == .jsonLines)
            #expect(run.records.map(\.value) == [PositionalProduct(asin: "B0000SX2UC", brand: "Nokia", rating: 3),
                                                 PositionalProduct(asin: "B0009N5L7K", brand: "Motorola"),
                                                 PositionalProduct(asin: "B0012345", brand: "LG", rating: 4)], "chunks of \(chunkSize)")
            #expect(run.records.map(\.line) == [3, 4, 7])
            #expect(run.records.map(\.index) == [0, 1, 3])
            #expect(run.rejections.map(\.line) == [6, 8])
            #expect(run.rejections.map(\.index) == [2, 4])
            #expect(run.delivered == 3 && run.rejected == 2 && run.failure == nil)
        }
    }

    /// The record on line 2, after a header, is record 0 whichever way the columns are read.
    @Test func indexAndLineMeanTheSameInEveryMode() {
        let text = Array("[\"asin\",\"brand\",\"rating\"]\n[\"a\",\"b\",\"x\"]\n[\"c\",\"d\",2]\n".utf8)
        let named = JSONRecordDecoder(columns: .headerRecord).run(Product.self, .bytes(text))
        let positional = JSONRecordDecoder(columns: .skippingHeaderRecord).run(PositionalProduct.self, .bytes(text))
        for (records, rejections) in [(named.records.map { ($0.index, $0.line) }, named.rejections.map { ($0.index, $0.line) }),
                                      (positional.records.map { ($0.index, $0.line) }, positional.rejections.map { ($0.index, $0.line) })] {
            #expect(records.map(\.0) == [1] && records.map(\.1) == [3])
            #expect(rejections.map(\.0) == [0] && rejections.map(\.1) == [2])
        }
        #expect(named.delivered + named.rejected == 2 && positional.delivered + positional.rejected == 2)
    }

    @Test func aSkippedHeaderMustBeAHeader() {
        let text = Array("{\"asin\":\"a\"}\n[\"b\"]\n".utf8)
        let run = JSONRecordDecoder(columns: .skippingHeaderRecord).run(PositionalProduct.self, .bytes(text))
        #expect(run.records.isEmpty && run.rejections.isEmpty)
        #expect(run.failure == .invalidValue(path: "", reason: "the header record on line 1 is not an array of column names: "
            + "type mismatch at the top-level value (line 1, column 1, byte 0): expected an array of String, found an object"))
    }

    /// A data row of strings and numbers would pass for a header under lenient coercion, and
    /// skipping it would lose it: a header is read strictly.
    @Test(arguments: [JSONRecordColumns.skippingHeaderRecord, .headerRecord])
    func aRowOfStringsAndNumbersIsNoHeader(_ columns: JSONRecordColumns) {
        let text = Array("[\"a\",1]\n[\"b\",2]\n".utf8)
        let run = JSONRecordDecoder(columns: columns).run(PositionalProduct.self, .bytes(text))
        #expect(run.records.isEmpty && run.rejections.isEmpty)
        #expect(run.failure?.description.contains("the header record on line 1 is not an array of column names") == true)
    }

    /// A first record over the size limit is no header: the stream ends with the same error
    /// whether the framer met it whole or across many chunks.
    @Test(arguments: [3, 5, 1 << 20])
    func aHeaderOverTheSizeLimitEndsTheStream(chunkSize: Int) {
        let text = Array("[\"asin\",\"brand\",\"rating\"]\n[\"a\"]\n".utf8)
        let decoder = JSONRecordDecoder(framing: .jsonLines, chunkSize: chunkSize, maxRecordBytes: 8, columns: .headerRecord)
        let run = decoder.run(Product.self, .bytes(text))
        #expect(run.records.isEmpty && run.rejections.isEmpty)
        #expect(run.failure == .invalidValue(path: "", reason: "the header record on line 1 is not an array of column names: "
            + "size limit exceeded at byte 8: the record is longer than the limit of 8 bytes"))
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
