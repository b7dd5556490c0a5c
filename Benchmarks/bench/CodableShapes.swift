import CorpusModels
import Foundation
import JSONMapper

// The Codable shapes: `JSONMapper-Codable` against `JSONDecoder` and `JSONEncoder` on the
// patterns real code decodes through besides plain structs in document order. Each suite is
// named `shape · file`, so `--filter codable-shape` (or a shape's name) selects them.
//
// - any-json/bool-first, /string-first, /int-first: the try-each enum (`AnyJSON`) over whole
//   corpus files, number-heavy (canada.json) and string-heavy (twitter, citm, gsoc-2018);
// - any-json-dictionary: `[String: AnyJSON]` at the root of the object files;
// - sparse-optionals, nested-containers, super-decoders, keys-out-of-order, dates-iso8601,
//   dates-seconds, snake-case: generated records (`ShapeCorpus`, fixed seed), written by
//   JSONEncoder under the strategy the suite decodes with.

/// The start of every shape suite's name.
let codableShapePrefix = "codable-shape "

/// How one shape is benchmarked: the value type, the coders' settings and the file.
struct CodableShapeSpec<Value: Codable & Equatable> {
    let shape: String
    let file: String
    let recordNoun: String
    let records: (Value) -> Int
    var origin: String?
    var decoding: (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in }
    var encoding: (JSONEncoder, JSONCodableEncoder) -> Void = { _, _ in }
    let data: () throws -> Data?

    var name: String { "\(codableShapePrefix)\(shape) · \(file)" }

    func decoders() -> (JSONDecoder, JSONCodableDecoder) {
        let pair = (JSONDecoder(), JSONCodableDecoder())
        decoding(pair.0, pair.1)
        return pair
    }

    func encoders() -> (JSONEncoder, JSONCodableEncoder) {
        let pair = (JSONEncoder(), JSONCodableEncoder())
        encoding(pair.0, pair.1)
        return pair
    }
}

/// The suite of a shape: decode and encode, Foundation against the drop-in. The model each
/// encoder writes is JSONDecoder's, decoded once untimed.
func codableShapeEntry<Value: Codable & Equatable>(_ spec: CodableShapeSpec<Value>) -> CorpusEntry {
    let ids = [Library.jsonDecoder, .jsonMapperCodable].map { ContenderID(.decode, $0) }
        + [Library.jsonEncoder, .jsonMapperCodable].map { ContenderID(.encode, $0) }
    return CorpusEntry(file: spec.name, contenderIDs: ids) {
        guard let data = try spec.data() else {
            return .failure(CorpusEntry.Absent(reason: "\(spec.file) is not in \(corpusDirectory.path) (skipped)"))
        }
        let model = { try spec.decoders().0.decode(Value.self, from: data) }
        let contenders = [
            Contender(Library.jsonDecoder, .decode) {
                let decoder = spec.decoders().0
                return { blackHole(try decoder.decode(Value.self, from: data)) }
            },
            Contender(Library.jsonMapperCodable, .decode) {
                let decoder = spec.decoders().1
                return { blackHole(try decoder.decode(Value.self, from: data)) }
            },
            Contender(Library.jsonEncoder, .encode) {
                let (value, encoder) = (try model(), spec.encoders().0)
                return { blackHole(try encoder.encode(value)) }
            },
            Contender(Library.jsonMapperCodable, .encode) {
                let (value, encoder) = (try model(), spec.encoders().1)
                return { blackHole(try encoder.encode(value)) }
            },
        ]
        return .success(FileSuite(file: spec.name, data: data, recordNoun: spec.recordNoun, weight: 0.5, origin: spec.origin,
                                  contenders: contenders, release: {}) { verifyShape(spec, data: data) })
    }
}

/// Both decoders give equal values; the drop-in's output decodes (with JSONDecoder) back to the
/// model; with sorted keys the drop-in writes JSONEncoder's bytes.
func verifyShape<Value: Codable & Equatable>(_ spec: CodableShapeSpec<Value>, data: Data) -> VerificationResult {
    var result = VerificationResult()
    let file = spec.name
    do {
        let (foundation, dropIn) = spec.decoders()
        let expected = try foundation.decode(Value.self, from: data)
        result.records = spec.records(expected)
        if try dropIn.decode(Value.self, from: data) != expected {
            result.failures.append("\(file): decode/\(Library.jsonMapperCodable) != \(Library.jsonDecoder)")
        }
        let (foundationEncoder, dropInEncoder) = spec.encoders()
        if try foundation.decode(Value.self, from: dropInEncoder.encode(expected)) != expected {
            result.failures.append("\(file): encode/\(Library.jsonMapperCodable) does not decode back to the model")
        }
        foundationEncoder.outputFormatting.insert(.sortedKeys)
        dropInEncoder.outputFormatting.insert(.sortedKeys)
        if try dropInEncoder.encode(expected) != foundationEncoder.encode(expected) {
            result.failures.append("\(file): encode/\(Library.jsonMapperCodable) with sorted keys differs from JSONEncoder's bytes")
        }
    } catch {
        result.failures.append("\(file): threw: \(error)")
    }
    return result
}

/// Every shape suite, in report order.
func codableShapeEntries() -> [CorpusEntry] {
    anyJSONEntries() + generatedShapeEntries()
}

/// Counts the scalars of a value, as records of the any-JSON suites.
private func scalars<Order: AnyJSONTryOrder>(_ value: AnyJSON<Order>) -> Int {
    switch value {
    case .array(let values): values.reduce(0) { $0 + scalars($1) }
    case .object(let members): members.values.reduce(0) { $0 + scalars($1) }
    default: 1
    }
}

private func anyJSONEntries() -> [CorpusEntry] {
    func entry<Order: AnyJSONTryOrder>(_ order: Order.Type, _ shape: String, _ file: String) -> CorpusEntry {
        codableShapeEntry(CodableShapeSpec<AnyJSON<Order>>(shape: shape, file: file, recordNoun: "values",
                                                           records: scalars, data: { try bundled(file) }))
    }
    func dictionary(_ file: String) -> CorpusEntry {
        codableShapeEntry(CodableShapeSpec<[String: AnyJSON<BoolFirst>]>(
            shape: "any-json-dictionary", file: file, recordNoun: "members", records: { $0.count }, data: { try bundled(file) }))
    }
    let files = [CorpusFile.canada.rawValue, CorpusFile.twitter.rawValue, CorpusFile.citm.rawValue, "gsoc-2018.json"]
    return files.map { entry(BoolFirst.self, "any-json/bool-first", $0) }
        + [CorpusFile.canada.rawValue, CorpusFile.twitter.rawValue].flatMap {
            [entry(StringFirst.self, "any-json/string-first", $0), entry(IntFirst.self, "any-json/int-first", $0)]
        }
        + [CorpusFile.twitter.rawValue, "gsoc-2018.json"].map(dictionary)
}

private func generatedShapeEntries() -> [CorpusEntry] {
    func generated<Record: Codable & Equatable>(
        _ shape: String, _ records: @escaping () -> [Record], what: String,
        decoding: @escaping (JSONDecoder, JSONCodableDecoder) -> Void = { _, _ in },
        encoding: @escaping (JSONEncoder, JSONCodableEncoder) -> Void = { _, _ in }
    ) -> CorpusEntry {
        let file = "synthetic-\(shape)"
        return codableShapeEntry(CodableShapeSpec<[Record]>(
            shape: shape, file: file, recordNoun: "records", records: { $0.count },
            origin: "\(file): generated at run time (fixed seed): \(ShapeCorpus.recordCount) \(what)",
            decoding: decoding, encoding: encoding, data: {
                let encoder = JSONEncoder()
                encoding(encoder, JSONCodableEncoder())
                return try encoder.encode(records())
            }))
    }
    return [
        generated("sparse-optionals", { ShapeCorpus.sparse() }, what: "records of 23 optionals, 3 present on average"),
        generated("nested-containers", { ShapeCorpus.flattened() }, what: "nested objects and arrays flattened into one struct"),
        generated("super-decoders", { ShapeCorpus.shops() }, what: "class instances, three levels of \"super\""),
        generated("keys-out-of-order", { ShapeCorpus.reversed() }, what: "records whose init(from:) reads keys last to first"),
        generated("dates-iso8601", { ShapeCorpus.stamped() }, what: "records of ISO 8601 dates and base64 data",
                  decoding: { $0.dateDecodingStrategy = .iso8601; $1.dateDecodingStrategy = .iso8601 },
                  encoding: { $0.dateEncodingStrategy = .iso8601; $1.dateEncodingStrategy = .iso8601 }),
        generated("dates-seconds", { ShapeCorpus.stamped() }, what: "records of dates in seconds since 1970 and base64 data",
                  decoding: { $0.dateDecodingStrategy = .secondsSince1970; $1.dateDecodingStrategy = .secondsSince1970 },
                  encoding: { $0.dateEncodingStrategy = .secondsSince1970; $1.dateEncodingStrategy = .secondsSince1970 }),
        generated("snake-case", { ShapeCorpus.snake() }, what: "records of snake_case keys",
                  decoding: { $0.keyDecodingStrategy = .convertFromSnakeCase; $1.keyDecodingStrategy = .convertFromSnakeCase },
                  encoding: { $0.keyEncodingStrategy = .convertToSnakeCase; $1.keyEncodingStrategy = .convertToSnakeCase }),
    ]
}
