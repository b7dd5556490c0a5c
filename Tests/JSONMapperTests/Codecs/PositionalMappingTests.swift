import Foundation
import Testing
@testable import JSONMapper

/// Models read from arrays by position: keys that start with an index (`"[0]"`, `"[3].name"`),
/// decoded from bytes and from trees, with hooks, updates, error paths and encoding.
@Suite("Positional mappings")
struct PositionalMappingTests: CapturesMappingErrors {

    struct Product: JSONMappable, Equatable, Sendable {
        var asin = ""
        var brand = ""
        var rating = 0
        var seller = ""
        static let jsonMapping = JSONMapping<Product> {
            JSONMap(\.asin, "[0]", required: true)
            JSONMap(\.brand, "[1]")
            JSONMap(\.rating, "[2]")
            JSONMap(\.seller, "[4].name")
        }
    }

    /// A mapping with object keys and positions: both shapes decode.
    struct Point: JSONMappable, Equatable {
        var x = 0.0
        var y = 0.0
        static let jsonMapping = JSONMapping<Point> {
            JSONMap(\.x, ["x", "[0]"])
            JSONMap(\.y, ["y", "[1]"])
        }
    }

    @Test func positionsMapElements() throws {
        let json = #"["B0000SX2UC","Nokia",3,"ignored",{"name":"shop","id":1},"extra"]"#
        #expect(try JSONMapDecoder().decode(Product.self, from: json)
            == Product(asin: "B0000SX2UC", brand: "Nokia", rating: 3, seller: "shop"))
        // Shorter arrays leave the other properties at their defaults.
        #expect(try JSONMapDecoder().decode(Product.self, from: #"["A"]"#) == Product(asin: "A"))
    }

    @Test func arraysOfPositionalModels() throws {
        let rows = try JSONMapDecoder().decode([Product].self, from: #"[["a","x",1],["b","y",2,null,{"name":"s"}]]"#)
        #expect(rows == [Product(asin: "a", brand: "x", rating: 1), Product(asin: "b", brand: "y", rating: 2, seller: "s")])
    }

    @Test func errorPathsNamePositions() {
        let mismatch = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode([Product].self, from: #"[["a","x",1],["b","y",{"n":1}]]"#)
        })
        #expect(mismatch == .typeMismatch(path: "[1][2]", expected: "Int", found: "an object"))
        let nested = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Product.self, from: #"["a","x",1,null,{"name":[1]}]"#)
        })
        #expect(nested == .typeMismatch(path: "[4].name", expected: "String", found: "an array"))
        let missing = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode([Product].self, from: #"[["a"],[]]"#)
        })
        #expect(missing == .keyNotFound(path: "[1][0]"))
    }

    @Test func objectsAreNotPositionalModels() {
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in
            try JSONMapDecoder().decode(Product.self, from: #"{"asin":"a"}"#)
        })
        #expect(error == .typeMismatch(path: "", expected: "an array (Product)", found: "an object"))
    }

    @Test func mixedMappingsReadBothShapes() throws {
        #expect(try JSONMapDecoder().decode(Point.self, from: #"[1.5,2]"#) == Point(x: 1.5, y: 2))
        #expect(try JSONMapDecoder().decode(Point.self, from: #"{"y":4,"x":3}"#) == Point(x: 3, y: 4))
        let error = Self.error(Self.outcome { () throws(JSONMapperError) in try JSONMapDecoder().decode(Point.self, from: "7") })
        #expect(error == .typeMismatch(path: "", expected: "an object or an array (Point)", found: "number 7"))
    }

    @Test func treesDecodePositionalModels() throws {
        let value: JSONValue = ["a", "x", 1, .null, ["name": "s"]]
        #expect(try JSONMapDecoder().decode(Product.self, from: value) == Product(asin: "a", brand: "x", rating: 1, seller: "s"))
        let foundation: [Any] = ["a", "x", 2]
        #expect(try JSONMapDecoder().decode(Product.self, fromJSONObject: foundation) == Product(asin: "a", brand: "x", rating: 2))
    }

    @Test func updatesFromArrays() throws {
        var product = Product(asin: "a", brand: "x", rating: 1, seller: "s")
        try product.update(fromJSON: #"[null,"y"]"#)
        #expect(product == Product(asin: "a", brand: "y", rating: 1, seller: "s"))
    }

    struct Audited: JSONMappable, JSONDidMapHook, Equatable {
        var id = 0
        var width = 0
        static let jsonMapping = JSONMapping<Audited> { JSONMap(\.id, "[0]") }
        mutating func didMap(from object: JSONValue) throws {
            width = object.array?.count ?? -1
        }
    }

    @Test func hooksSeeTheArray() throws {
        #expect(try JSONMapDecoder().decode(Audited.self, from: "[7,8,9]") == Audited(id: 7, width: 3))
    }

    @Test func positionalModelsEncodeAsArrays() throws {
        let product = Product(asin: "a", brand: "x", rating: 3, seller: "s")
        #expect(try JSONMapEncoder().encode(product, as: String.self) == #"["a","x",3,null,{"name":"s"}]"#)
        #expect(try JSONMapDecoder().decode(Product.self, from: JSONMapEncoder().encode(product)) == product)
        // A mapping with object keys writes an object, under each property's first object key.
        #expect(try JSONMapEncoder(options: EncodingOptions(sortsKeys: true)).encode(Point(x: 1.5, y: 2.5), as: String.self) == #"{"x":1.5,"y":2.5}"#)
    }
}
