import Foundation
import JSONMapper

/// A `Codable` model with every kind of member the Codable decoder reads differently: scalars,
/// optionals, arrays (read from the tape directly), dictionaries, nested and enum values.
struct FuzzCodable: Codable, Equatable {
    var id: Int?
    var name: String?
    var ratio: Double?
    var small: Int8?
    var flags: [Bool]?
    var tags: [String: Int]?
    var children: [FuzzCodableLeaf]?
    var when: Date?
    var blob: Data?
    var amount: Decimal?
    var shape: FuzzShape?
}

struct FuzzCodableLeaf: Codable, Equatable {
    var a: Int
    var b: [Double]?
}

enum FuzzShape: Codable, Equatable {
    case circle(radius: Double)
    case label(String)
}

/// libFuzzer target: the Codable decoder on any input, with each key strategy. It must end in a
/// value or a thrown error, never a crash, and give the same outcome from every input type.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = JSONCodableDecoder()
    let fromBytes = try? decoder.decode(FuzzCodable.self, from: bytes)
    let fromData = try? decoder.decode(FuzzCodable.self, from: Data(bytes))
    require(fromBytes == fromData, "the same bytes decoded differently as [UInt8] and as Data")
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    _ = try? decoder.decode(FuzzCodable.self, from: bytes)
    _ = try? decoder.decode([String: FuzzCodableLeaf].self, from: bytes)
    _ = try? decoder.decode([[Double]].self, from: bytes)
    return 0
}
