import CorpusModels
import Foundation
import JSONMapper

// The synthetic wide-object files, generated at run time from a fixed seed (the same bytes on
// every run and machine):
//
// - synthetic-wide:   5,000 records of 60 keys each (8 MB); `WideRecord` maps 5 of them. The 55
//   others are strings, integers, doubles, booleans, nulls, small arrays and small objects, which
//   every decoder must still parse (or skip).
// - synthetic-narrow: the same 5,000 records with only the 5 mapped keys.
//
// They also carry the case for the YYModel walk choice (see `WideCorpus` below).

enum WideCorpus {
    static let recordCount = 5_000
    static let keysPerRecord = 60
    /// Where the mapped keys sit among the 60 (spread out, as in real payloads).
    static let mappedPositions = [3, 15, 27, 39, 51]
    static let mappedKeys = ["id", "name", "score", "active", "updated_at"]

    static let wideFile = "synthetic-wide"
    static let narrowFile = "synthetic-narrow"

    static func wide() -> Data { generate(wide: true) }
    static func narrow() -> Data { generate(wide: false) }

    /// The 55 unmapped key names: snake_case words with a number, 7–26 bytes.
    private static let paddingKeys: [String] = {
        let words = ["created_by", "region", "locale", "currency_code", "thumbnail_url", "rank", "category_id",
                     "last_login_ip", "etag", "shipping_method", "notes", "tax_rate", "is_archived",
                     "external_reference_id", "color", "priority", "owner_team", "checksum", "timezone",
                     "parent_id", "tags", "metadata", "referrer", "version", "sort_order"]
        return (0..<(keysPerRecord - mappedKeys.count)).map { "\(words[$0 % words.count])_\($0)" }
    }()

    private static func generate(wide: Bool) -> Data {
        var random = SplitMix64(seed: 0x5EED_1D07)
        var out: [UInt8] = []
        out.reserveCapacity(wide ? 9_000_000 : 400_000)
        func append(_ text: String) { out.append(contentsOf: text.utf8) }
        out.append(UInt8(ascii: "["))
        for record in 0..<recordCount {
            if record > 0 { append(",\n") }
            // The mapped values are drawn first, so both files hold the same records.
            let id = record + 1
            let name = "record-\(id)-" + random.letters(6)
            let score = Double(random.next(below: 400_000)) / 4  // exact in binary
            let active = random.next(below: 2) == 1
            let updatedAt = 1_500_000_000_000 + Int64(random.next(below: 100_000_000_000))
            let mappedValues = ["\(id)", "\"\(name)\"", "\(score)", active ? "true" : "false", "\(updatedAt)"]
            out.append(UInt8(ascii: "{"))
            var padding = 0
            for position in 0..<(wide ? keysPerRecord : mappedKeys.count) {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                let mapped = wide ? mappedPositions.firstIndex(of: position) : position
                if let mapped {
                    append("\"\(mappedKeys[mapped])\":" + mappedValues[mapped])
                } else {
                    append("\"\(paddingKeys[padding])\":" + paddingValue(kind: padding % 8, &random))
                    padding += 1
                }
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return Data(out)
    }

    private static func paddingValue(kind: Int, _ random: inout SplitMix64) -> String {
        switch kind {
        case 0: "\"" + random.letters(4) + "\""
        case 1: "\(random.next(below: 1_000_000))"
        case 2: "\(Double(random.next(below: 80_000)) / 8)"
        case 3: random.next(below: 2) == 1 ? "true" : "false"
        case 4: "null"
        case 5: "\"https://example.com/" + random.letters(20) + "\""
        case 6: "[\(random.next(below: 100)),\(random.next(below: 100)),\(random.next(below: 100))]"
        default: "{\"a\":\(random.next(below: 1000)),\"b\":\"" + random.letters(3) + "\"}"
        }
    }

    // MARK: Suites

    static var wideSpec: ModelSpec<[WideRecord]> {
        ModelSpec(
            file: wideFile, recordNoun: "records", records: { $0.count }, handwritten: WideRecord.handwrittenArray,
            origin: "\(wideFile): generated at run time (fixed seed): \(recordCount) records × \(keysPerRecord) keys, the model maps 5",
            extras: { inputs in [walkAllMapper(inputs), walkAllHandwritten(inputs)] })
    }

    static var narrowSpec: ModelSpec<[WideRecord]> {
        ModelSpec(
            file: narrowFile, recordNoun: "records", records: { $0.count }, handwritten: WideRecord.handwrittenArray,
            operations: [.decodeDictionary], weight: 0.5,
            origin: "\(narrowFile): the same \(recordCount) records with only the 5 mapped keys (dictionary path only)",
            extras: { inputs in [walkAllHandwritten(inputs)] })
    }

    /// JSONMapper's dictionary path on a model whose mapping is padded past 60 keys, so the
    /// choice (YYModel's: look up the mapped keys when the model maps fewer keys than the object
    /// holds, else walk the object) falls to walking all 60 members. Same properties, same output.
    private static func walkAllMapper(_ inputs: SharedInputs) -> ExtraContender<[WideRecord]> {
        ExtraContender(contender: Contender(Library.jsonMapperDictionaryWalkAll, .decodeDictionary) {
            let tree = try inputs.tree()
            return { blackHole(try JSONMapDecoder().decode([WideRecordWalkAll].self, fromJSONObject: tree)) }
        }, output: {
            try JSONMapDecoder().decode([WideRecordWalkAll].self, fromJSONObject: inputs.tree()).map(\.record)
        })
    }

    private static func walkAllHandwritten(_ inputs: SharedInputs) -> ExtraContender<[WideRecord]> {
        ExtraContender(contender: Contender(Library.handwrittenDictionaryWalkAll, .decodeDictionary) {
            let tree = try inputs.tree()
            return { blackHole(try WideRecord.handwrittenWalkArray(tree)) }
        }, output: {
            try WideRecord.handwrittenWalkArray(inputs.tree())
        })
    }
}

/// `WideRecord`'s mapping plus 60 keys no object has (all onto one unused property): 65 mapped
/// keys ≥ 60 members, so the library walks every member and looks each up in its key table
/// instead of looking up its 5 keys. Untracked single-key properties add no per-object state.
struct WideRecordWalkAll: JSONMappable {
    var id = 0
    var name = ""
    var score = 0.0
    var active = false
    var updatedAt: Int64 = 0
    var unused: Int?

    static let jsonMapping = JSONMapping<WideRecordWalkAll> {
        JSONMap(\.id, "id")
        JSONMap(\.name, "name")
        JSONMap(\.score, "score")
        JSONMap(\.active, "active")
        JSONMap(\.updatedAt, "updated_at")
        for index in 0..<WideCorpus.keysPerRecord {
            JSONMap(\.unused, "absent_key_\(index)")
        }
    }

    var record: WideRecord {
        WideRecord(id: id, name: name, score: score, active: active, updatedAt: updatedAt)
    }
}

// By hand, two ways: look up the 5 keys (property-driven), or walk every member and look its
// key up in a key → field table (dictionary-driven).

extension WideRecord {
    static func handwrittenArray(_ json: Any) throws -> [WideRecord] {
        guard let array = json as? [Any] else {
            throw HandwrittenMappingError(description: "[WideRecord]: the top-level value is not an array")
        }
        return mapObjects(array, WideRecord.init(handwritten:))
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        id = json["id"] as? Int ?? 0
        name = json["name"] as? String ?? ""
        score = json["score"] as? Double ?? 0
        active = json["active"] as? Bool ?? false
        updatedAt = json["updated_at"] as? Int64 ?? 0
    }

    static func handwrittenWalkArray(_ json: Any) throws -> [WideRecord] {
        guard let array = json as? [Any] else {
            throw HandwrittenMappingError(description: "[WideRecord]: the top-level value is not an array")
        }
        return mapObjects(array, WideRecord.init(handwrittenWalk:))
    }

    private enum Field: Sendable { case id, name, score, active, updatedAt }
    private static let fields: [String: Field] = [
        "id": .id, "name": .name, "score": .score, "active": .active, "updated_at": .updatedAt,
    ]

    init(handwrittenWalk json: JSONDictionary) {
        self.init()
        let fields = Self.fields
        for (key, value) in json {
            switch fields[key] {
            case .id?: id = value as? Int ?? 0
            case .name?: name = value as? String ?? ""
            case .score?: score = value as? Double ?? 0
            case .active?: active = value as? Bool ?? false
            case .updatedAt?: updatedAt = value as? Int64 ?? 0
            case nil: break
            }
        }
    }
}
