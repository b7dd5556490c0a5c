import JSONMapper

// The model of the bench's synthetic wide-object corpus: arrays of records whose objects hold
// many keys (60 in the "wide" file) of which the model maps only these five. The "narrow" file
// holds the same records with only the mapped keys. The bench generates both files itself
// (Benchmarks/bench/WideCorpus.swift); the root is `[WideRecord]`.

/// A record of the wide-object corpus: the five keys an app actually reads.
public struct WideRecord: JSONMappable, Codable, Equatable, Sendable {
    /// The record id.
    public var id = 0
    /// A display name.
    public var name = ""
    /// A score (a multiple of 1/4, so every parser reads it exactly).
    public var score = 0.0
    /// Whether the record is active.
    public var active = false
    /// Last update, Unix milliseconds.
    public var updatedAt: Int64 = 0

    /// An empty record.
    public init() {}

    /// A record with the given fields.
    public init(id: Int, name: String, score: Double, active: Bool, updatedAt: Int64) {
        self.id = id
        self.name = name
        self.score = score
        self.active = active
        self.updatedAt = updatedAt
    }

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<WideRecord> {
        JSONMap(\.id, "id")
        JSONMap(\.name, "name")
        JSONMap(\.score, "score")
        JSONMap(\.active, "active")
        JSONMap(\.updatedAt, "updated_at")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case id
        case name
        case score
        case active
        case updatedAt = "updated_at"
    }
}
