import Foundation

// `Codable` models of the shapes real code decodes through besides plain structs in document
// order: optionals mostly absent, nested containers flattened into one struct, class
// hierarchies with super decoders, keys read out of document order, dates and data under a
// strategy, snake_case keys. ``ShapeCorpus`` generates their files.

/// A record of 24 optional properties, most of them absent from any one object: the synthesized
/// `Codable` conformance reads each with `decodeIfPresent` and writes it with `encodeIfPresent`.
public struct SparseRecord: Codable, Equatable, Sendable {
    /// Always present.
    public var id: Int
    /// Texts, each absent from most records.
    public var name: String?, title: String?, email: String?, phone: String?, city: String?, country: String?
    /// Integers, each absent from most records.
    public var age: Int?, rank: Int?, score: Int?, level: Int?, votes: Int?, parent: Int?
    /// Numbers with fractions, each absent from most records.
    public var latitude: Double?, longitude: Double?, ratio: Double?, weight: Double?
    /// Flags, each absent from most records.
    public var active: Bool?, verified: Bool?, deleted: Bool?, admin: Bool?
    /// Arrays and a note, each absent from most records.
    public var tags: [String]?, sizes: [Int]?, note: String?

    /// A record with only its `id`.
    public init(id: Int) { self.id = id }
}

/// A record whose JSON nests what the struct holds flat:
/// `{"id":…,"user":{"name":…,"address":{"city":…,"location":[lat,lon]}},"stats":[likes,shares]}`,
/// read and written through `nestedContainer(keyedBy:forKey:)` and `nestedUnkeyedContainer`.
public struct FlattenedRecord: Codable, Equatable, Sendable {
    /// The record's id.
    public var id: Int
    /// `user.name`.
    public var userName: String
    /// `user.address.city`.
    public var city: String
    /// `user.address.location[0]`.
    public var latitude: Double
    /// `user.address.location[1]`.
    public var longitude: Double
    /// `stats[0]`.
    public var likes: Int
    /// `stats[1]`.
    public var shares: Int

    /// A record of these values.
    public init(id: Int, userName: String, city: String, latitude: Double, longitude: Double, likes: Int, shares: Int) {
        (self.id, self.userName, self.city, self.latitude, self.longitude, self.likes, self.shares)
            = (id, userName, city, latitude, longitude, likes, shares)
    }

    enum CodingKeys: String, CodingKey { case id, user, stats }
    enum UserKeys: String, CodingKey { case name, address }
    enum AddressKeys: String, CodingKey { case city, location }

    /// Reads the nested objects and arrays into the flat properties.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let user = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        userName = try user.decode(String.self, forKey: .name)
        let address = try user.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        city = try address.decode(String.self, forKey: .city)
        var location = try address.nestedUnkeyedContainer(forKey: .location)
        latitude = try location.decode(Double.self)
        longitude = try location.decode(Double.self)
        var stats = try container.nestedUnkeyedContainer(forKey: .stats)
        likes = try stats.decode(Int.self)
        shares = try stats.decode(Int.self)
    }

    /// Writes the flat properties as the nested objects and arrays.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        var user = container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        try user.encode(userName, forKey: .name)
        var address = user.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        try address.encode(city, forKey: .city)
        var location = address.nestedUnkeyedContainer(forKey: .location)
        try location.encode(latitude)
        try location.encode(longitude)
        var stats = container.nestedUnkeyedContainer(forKey: .stats)
        try stats.encode(likes)
        try stats.encode(shares)
    }
}

/// The base of a three-level class hierarchy whose subclasses keep their superclass's
/// properties under `"super"` (`superDecoder()` / `superEncoder()`).
public class ShapeEntity: Codable, Equatable {
    /// The entity's id.
    public let id: Int
    /// The entity's name.
    public let name: String

    /// An entity of these values.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    enum CodingKeys: String, CodingKey { case id, name }

    /// Reads `id` and `name`.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
    }

    /// Writes `id` and `name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }

    /// Equal classes with equal properties.
    public static func == (left: ShapeEntity, right: ShapeEntity) -> Bool { left.isEqual(to: right) }

    /// Whether `other` is of this class, with equal properties.
    public func isEqual(to other: ShapeEntity) -> Bool {
        type(of: self) == type(of: other) && id == other.id && name == other.name
    }
}

/// An entity with a position; its ``ShapeEntity`` part under `"super"`.
public class ShapePlace: ShapeEntity {
    /// Latitude.
    public let latitude: Double
    /// Longitude.
    public let longitude: Double

    /// A place of these values.
    public init(id: Int, name: String, latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        super.init(id: id, name: name)
    }

    enum PlaceKeys: String, CodingKey { case latitude, longitude }

    /// Reads the position, then the entity from `superDecoder()`.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PlaceKeys.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        try super.init(from: container.superDecoder())
    }

    /// Writes the position, then the entity to `superEncoder()`.
    override public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PlaceKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try super.encode(to: container.superEncoder())
    }

    /// Whether `other` is a place of this class, with equal properties.
    override public func isEqual(to other: ShapeEntity) -> Bool {
        guard let other = other as? ShapePlace else { return false }
        return super.isEqual(to: other) && latitude == other.latitude && longitude == other.longitude
    }
}

/// A place with opening hours; its ``ShapePlace`` part under `"super"`.
public final class ShapeShop: ShapePlace {
    /// Opening hour.
    public let opens: Int
    /// Closing hour.
    public let closes: Int
    /// Whether it is open now.
    public let open: Bool

    /// A shop of these values.
    public init(id: Int, name: String, latitude: Double, longitude: Double, opens: Int, closes: Int, open: Bool) {
        self.opens = opens
        self.closes = closes
        self.open = open
        super.init(id: id, name: name, latitude: latitude, longitude: longitude)
    }

    enum ShopKeys: String, CodingKey { case opens, closes, open }

    /// Reads the hours, then the place from `superDecoder()`.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ShopKeys.self)
        opens = try container.decode(Int.self, forKey: .opens)
        closes = try container.decode(Int.self, forKey: .closes)
        open = try container.decode(Bool.self, forKey: .open)
        try super.init(from: container.superDecoder())
    }

    /// Writes the hours, then the place to `superEncoder()`.
    override public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ShopKeys.self)
        try container.encode(opens, forKey: .opens)
        try container.encode(closes, forKey: .closes)
        try container.encode(open, forKey: .open)
        try super.encode(to: container.superEncoder())
    }

    /// Whether `other` is a shop, with equal properties.
    override public func isEqual(to other: ShapeEntity) -> Bool {
        guard let other = other as? ShapeShop else { return false }
        return super.isEqual(to: other) && opens == other.opens && closes == other.closes && open == other.open
    }
}

/// A record whose `init(from:)` asks for its keys in the reverse of the order the file (and its
/// `encode(to:)`) writes them.
public struct ReversedRecord: Codable, Equatable, Sendable {
    /// The first five properties, in the order the file writes them.
    public var id: Int, name: String, email: String, age: Int, score: Double
    /// The last five.
    public var active: Bool, city: String, rank: Int, ratio: Double, note: String

    /// A record of these values.
    public init(id: Int, name: String, email: String, age: Int, score: Double,
                active: Bool, city: String, rank: Int, ratio: Double, note: String) {
        (self.id, self.name, self.email, self.age, self.score) = (id, name, email, age, score)
        (self.active, self.city, self.rank, self.ratio, self.note) = (active, city, rank, ratio, note)
    }

    enum CodingKeys: String, CodingKey { case id, name, email, age, score, active, city, rank, ratio, note }

    /// Reads the keys last to first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        note = try container.decode(String.self, forKey: .note)
        ratio = try container.decode(Double.self, forKey: .ratio)
        rank = try container.decode(Int.self, forKey: .rank)
        city = try container.decode(String.self, forKey: .city)
        active = try container.decode(Bool.self, forKey: .active)
        score = try container.decode(Double.self, forKey: .score)
        age = try container.decode(Int.self, forKey: .age)
        email = try container.decode(String.self, forKey: .email)
        name = try container.decode(String.self, forKey: .name)
        id = try container.decode(Int.self, forKey: .id)
    }
}

/// A record of dates and bytes, decoded under a date strategy and `.base64` data.
public struct StampedRecord: Codable, Equatable, Sendable {
    /// The record's id.
    public var id: Int
    /// When it was made.
    public var created: Date
    /// When it was last changed.
    public var modified: Date
    /// Its contents.
    public var payload: Data
    /// Its checksum.
    public var digest: Data

    /// A record of these values.
    public init(id: Int, created: Date, modified: Date, payload: Data, digest: Data) {
        (self.id, self.created, self.modified, self.payload, self.digest) = (id, created, modified, payload, digest)
    }
}

/// A record whose JSON keys are snake_case, decoded with `.convertFromSnakeCase` and encoded
/// with `.convertToSnakeCase`.
public struct SnakeRecord: Codable, Equatable, Sendable {
    /// Properties whose keys are one or more snake_case words.
    public var userId: Int, displayName: String, emailAddress: String, createdAtMs: Int64
    /// More of them, one with an acronym (`profile_image_url`).
    public var isActive: Bool, followerCount: Int, profileImageUrl: String, averageRating: Double

    /// A record of these values.
    public init(userId: Int, displayName: String, emailAddress: String, createdAtMs: Int64,
                isActive: Bool, followerCount: Int, profileImageUrl: String, averageRating: Double) {
        (self.userId, self.displayName, self.emailAddress, self.createdAtMs) = (userId, displayName, emailAddress, createdAtMs)
        (self.isActive, self.followerCount, self.profileImageUrl, self.averageRating) = (isActive, followerCount, profileImageUrl, averageRating)
    }
}
