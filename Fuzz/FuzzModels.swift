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
        JSONMap(\.id, "id", required: true)
        JSONMap(\.name, ["name", "title", "meta.name"])
        JSONMap(\.score, "score")
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
        JSONMap(\.flag, "flag"); JSONMap(\.int, "int"); JSONMap(\.int8, "int8"); JSONMap(\.int16, "int16")
        JSONMap(\.int32, "int32"); JSONMap(\.int64, ["int64", "id"]); JSONMap(\.uint, "uint"); JSONMap(\.uint8, "uint8")
        JSONMap(\.uint64, "uint64"); JSONMap(\.float, "float"); JSONMap(\.double, "double"); JSONMap(\.decimal, "decimal")
        JSONMap(\.string, "string"); JSONMap(\.url, "url"); JSONMap(\.date, "date"); JSONMap(\.uuid, "uuid"); JSONMap(\.data, "data")
        JSONMap(\.kind, "kind"); JSONMap(\.list, "list"); JSONMap(\.set, "set"); JSONMap(\.map, "map"); JSONMap(\.leaf, "leaf")
        JSONMap(\.leaves, "leaves"); JSONMap(\.byName, "byName"); JSONMap(\.nested, "nested"); JSONMap(\.deep, "a.b.c")
        JSONMap(\.indexed, "items[1].name"); JSONMap(\.string, "alias")
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
        JSONMap(\.flag, "flag"); JSONMap(\.int64, "int64"); JSONMap(\.uint64, "uint64"); JSONMap(\.float, "float")
        JSONMap(\.double, "double"); JSONMap(\.decimal, "decimal"); JSONMap(\.string, ["string", "s"]); JSONMap(\.date, "date")
        JSONMap(\.data, "data"); JSONMap(\.list, "list"); JSONMap(\.map, "map"); JSONMap(\.leaves, "leaves"); JSONMap(\.deep, "a.b")
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
