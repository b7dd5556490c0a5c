import Foundation
import JSONMapper

// Encode rows: model → JSON bytes, for JSONMapper, Foundation's JSONEncoder and JSONSerialization.
//
/// JSONMapper's encoder, as the encode rows call it.
enum JSONMapperEncoding {
    static let isAvailable = true

    static func encode<Root: BenchRoot>(_ value: Root) throws -> Data {
        try JSONMapEncoder().encode(value)
    }
}

/// The encode contenders of a file. Each encodes the file's model (decoded once, untimed).
/// Throughput is in MB/s of the *source file's* bytes, like decoding, so rows compare directly.
///
/// - JSONMapper: `JSONMapEncoder().encode(model)`.
/// - JSONEncoder: `JSONEncoder().encode(model)`.
/// - JSONMapper-Codable: `JSONCodableEncoder().encode(model)`, through the same `Codable`
///   conformance as JSONEncoder's row.
/// - JSONSerialization: `JSONSerialization.data(withJSONObject:)` of a Foundation tree holding
///   exactly the model's content (JSONEncoder's output parsed back, untimed): the serializer
///   alone, with no model → dictionary step (that step would only make it slower).
func encodeContenders<Root: BenchRoot>(_ root: Root.Type, inputs: SharedInputs, operations: [Operation]) -> [Contender] {
    guard operations.contains(.encode), JSONMapperEncoding.isAvailable else { return [] }
    let model = { try JSONMapDecoder().decode(Root.self, from: inputs.data) }
    return [
        Contender(Library.jsonMapper, .encode) {
            let value = try model()
            return { blackHole(try JSONMapperEncoding.encode(value)) }
        },
        Contender(Library.jsonEncoder, .encode) {
            let value = try model()
            return { blackHole(try JSONEncoder().encode(value)) }
        },
        Contender(Library.jsonMapperCodable, .encode) {
            let value = try model()
            return { blackHole(try JSONCodableEncoder().encode(value)) }
        },
        Contender(Library.jsonSerialization, .encode) {
            let tree = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try model()))
            return { blackHole(try JSONSerialization.data(withJSONObject: tree)) }
        },
    ]
}

/// Every encoder's output decodes (with JSONDecoder) back to the model it encoded, and the
/// Codable drop-in writes, with sorted keys, the bytes JSONEncoder writes.
func verifyEncoding<Root: BenchRoot>(file: String, model: Root) -> [String] {
    guard JSONMapperEncoding.isAvailable else { return [] }
    var failures: [String] = []
    func check(_ library: Library, _ encode: () throws -> Data) {
        do {
            let back = try JSONDecoder().decode(Root.self, from: encode())
            if back != model {
                let difference = StructuralComparison(doubleULPs: 0).firstDifference(back, model) ?? "no field-level difference found"
                failures.append("\(file): encode/\(library) does not decode back to the model: \(difference)")
            }
        } catch {
            failures.append("\(file): encode/\(library) threw or wrote undecodable JSON: \(error)")
        }
    }
    check(Library.jsonMapper) { try JSONMapperEncoding.encode(model) }
    check(Library.jsonEncoder) { try JSONEncoder().encode(model) }
    check(Library.jsonMapperCodable) { try JSONCodableEncoder().encode(model) }
    do {
        let foundation = JSONEncoder(), dropIn = JSONCodableEncoder()
        foundation.outputFormatting = .sortedKeys
        dropIn.outputFormatting = .sortedKeys
        if try dropIn.encode(model) != foundation.encode(model) {
            failures.append("\(file): encode/\(Library.jsonMapperCodable) with sorted keys differs from JSONEncoder's bytes")
        }
    } catch {
        failures.append("\(file): encode/\(Library.jsonMapperCodable) threw: \(error)")
    }
    check(Library.jsonSerialization) {
        try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: JSONEncoder().encode(model)))
    }
    return failures
}
