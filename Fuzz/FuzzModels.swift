import Foundation
import JSONMapper

// Models for the fuzz targets: every mappable type, key paths, fallback keys, required keys,
// nested models, a polymorphic family and hooks. Compiled into every fuzz executable (see
// scripts/fuzz), never into the package.

struct FuzzLeaf: JSONMappable, Equatable {
    var id = 0
    var name = ""
    var score: Double?
    static let jsonMapping = JSONMapping<FuzzLeaf> {
        Map(\.id, "id", required: true)
        Map(\.name, ["name", "title", "meta.name"])
        Map(\.score, "score")
    }
}

struct FuzzModel: JSONMappable, Equatable {
    enum Kind: String, JSONMappableValue { case a, b, c }
    var flag = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint = 0 as UInt
    var uint8: UInt8 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double = 0.0
    var decimal = Decimal(0)
    var string = ""
    var url: URL?
    var date = Date(timeIntervalSince1970: 0)
    var uuid: UUID?
    var data = Data()
    var kind: Kind?
    var list: [Int] = []
    var set: Set<String> = []
    var map: [String: Double] = [:]
    var leaf = FuzzLeaf()
    var leaves: [FuzzLeaf] = []
    var byName: [String: FuzzLeaf] = [:]
    var nested: [[Int?]] = []
    var deep = ""
    var indexed = ""
    static let jsonMapping = JSONMapping<FuzzModel> {
        Map(\.flag, "flag"); Map(\.int, "int"); Map(\.int8, "int8"); Map(\.int16, "int16")
        Map(\.int32, "int32"); Map(\.int64, ["int64", "id"]); Map(\.uint, "uint"); Map(\.uint8, "uint8")
        Map(\.uint64, "uint64"); Map(\.float, "float"); Map(\.double, "double"); Map(\.decimal, "decimal")
        Map(\.string, "string"); Map(\.url, "url"); Map(\.date, "date"); Map(\.uuid, "uuid"); Map(\.data, "data")
        Map(\.kind, "kind"); Map(\.list, "list"); Map(\.set, "set"); Map(\.map, "map"); Map(\.leaf, "leaf")
        Map(\.leaves, "leaves"); Map(\.byName, "byName"); Map(\.nested, "nested"); Map(\.deep, "a.b.c")
        Map(\.indexed, "items[1].name"); Map(\.string, "alias")
    }
}

/// A smaller model whose values survive decode → encode → decode exactly (no URL, whose
/// normalisation is Foundation's business).
struct RoundTripModel: JSONMappable, Equatable {
    var flag = false
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double = 0.0
    var decimal = Decimal(0)
    var string = ""
    var date = Date(timeIntervalSince1970: 0)
    var data = Data()
    var list: [Int?] = []
    var map: [String: String] = [:]
    var leaves: [FuzzLeaf] = []
    var deep = ""
    static let jsonMapping = JSONMapping<RoundTripModel> {
        Map(\.flag, "flag"); Map(\.int64, "int64"); Map(\.uint64, "uint64"); Map(\.float, "float")
        Map(\.double, "double"); Map(\.decimal, "decimal"); Map(\.string, ["string", "s"]); Map(\.date, "date")
        Map(\.data, "data"); Map(\.list, "list"); Map(\.map, "map"); Map(\.leaves, "leaves"); Map(\.deep, "a.b")
    }
}

/// Fuzz inputs are arbitrary bytes: failing with a typed error is fine, crashing is not.
func fuzzDecodes(_ bytes: UnsafeRawBufferPointer) {
    _ = try? JSONMapDecoder().decode(FuzzModel.self, from: bytes)
    _ = try? JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .collect)).decode([FuzzLeaf].self, from: bytes)
    _ = try? JSONMapDecoder(options: .strict).decode(FuzzModel.self, from: bytes)
}

/// Traps with `message` unless `condition` holds: a fuzz target's check, whose message (unlike
/// a precondition's in an optimized build) is printed with the finding.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
