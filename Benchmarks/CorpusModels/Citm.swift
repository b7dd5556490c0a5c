import JSONMapper

// Models of `citm_catalog.json`: a concert-hall ticketing catalog. Name tables are objects
// keyed by id strings; events are keyed by id too; performances are an array.

/// The root of `citm_catalog.json`.
public struct CitmCatalog: JSONMappable, Codable, Equatable, Sendable {
    /// Area names by area id.
    public var areaNames: [String: String] = [:]
    /// Audience sub-category names by id.
    public var audienceSubCategoryNames: [String: String] = [:]
    /// Block names by id (empty in the file).
    public var blockNames: [String: String] = [:]
    /// Events by event id.
    public var events: [String: CitmEvent] = [:]
    /// Every performance of every event.
    public var performances: [CitmPerformance] = []
    /// Seat category names by id.
    public var seatCategoryNames: [String: String] = [:]
    /// Sub-topic names by id.
    public var subTopicNames: [String: String] = [:]
    /// Subject names by code (empty in the file).
    public var subjectNames: [String: String] = [:]
    /// Topic names by id.
    public var topicNames: [String: String] = [:]
    /// Sub-topic ids by topic id.
    public var topicSubTopics: [String: [Int]] = [:]
    /// Venue names by venue code.
    public var venueNames: [String: String] = [:]

    /// An empty catalog.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmCatalog> {
        JSONMap(\.areaNames, "areaNames")
        JSONMap(\.audienceSubCategoryNames, "audienceSubCategoryNames")
        JSONMap(\.blockNames, "blockNames")
        JSONMap(\.events, "events")
        JSONMap(\.performances, "performances")
        JSONMap(\.seatCategoryNames, "seatCategoryNames")
        JSONMap(\.subTopicNames, "subTopicNames")
        JSONMap(\.subjectNames, "subjectNames")
        JSONMap(\.topicNames, "topicNames")
        JSONMap(\.topicSubTopics, "topicSubTopics")
        JSONMap(\.venueNames, "venueNames")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case areaNames
        case audienceSubCategoryNames
        case blockNames
        case events
        case performances
        case seatCategoryNames
        case subTopicNames
        case subjectNames
        case topicNames
        case topicSubTopics
        case venueNames
    }
}

/// An event of the catalog (a show, with one or more performances).
public struct CitmEvent: JSONMappable, Codable, Equatable, Sendable {
    /// The event's description.
    public var description: String?
    /// The event id.
    public var id = 0
    /// Path of the event's logo image.
    public var logo: String?
    /// The event's name.
    public var name = ""
    /// Ids of the event's sub-topics.
    public var subTopicIds: [Int] = []
    /// The event's subject code.
    public var subjectCode: String?
    /// The event's subtitle.
    public var subtitle: String?
    /// Ids of the event's topics.
    public var topicIds: [Int] = []

    /// An empty event.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmEvent> {
        JSONMap(\.description, "description")
        JSONMap(\.id, "id")
        JSONMap(\.logo, "logo")
        JSONMap(\.name, "name")
        JSONMap(\.subTopicIds, "subTopicIds")
        JSONMap(\.subjectCode, "subjectCode")
        JSONMap(\.subtitle, "subtitle")
        JSONMap(\.topicIds, "topicIds")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case description
        case id
        case logo
        case name
        case subTopicIds
        case subjectCode
        case subtitle
        case topicIds
    }
}

/// One performance of an event, with its prices and seating.
public struct CitmPerformance: JSONMappable, Codable, Equatable, Sendable {
    /// The id of the performance's event.
    public var eventId = 0
    /// The performance id.
    public var id = 0
    /// Path of the performance's logo image.
    public var logo: String?
    /// The performance's name.
    public var name: String?
    /// Ticket prices per seat category and audience.
    public var prices: [CitmPrice] = []
    /// The seat categories on sale, with their areas.
    public var seatCategories: [CitmSeatCategory] = []
    /// Path of the seat map image.
    public var seatMapImage: String?
    /// Start time in milliseconds since 1970.
    public var start = 0
    /// The venue's code (a key of `venueNames`).
    public var venueCode = ""

    /// An empty performance.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmPerformance> {
        JSONMap(\.eventId, "eventId")
        JSONMap(\.id, "id")
        JSONMap(\.logo, "logo")
        JSONMap(\.name, "name")
        JSONMap(\.prices, "prices")
        JSONMap(\.seatCategories, "seatCategories")
        JSONMap(\.seatMapImage, "seatMapImage")
        JSONMap(\.start, "start")
        JSONMap(\.venueCode, "venueCode")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case eventId
        case id
        case logo
        case name
        case prices
        case seatCategories
        case seatMapImage
        case start
        case venueCode
    }
}

/// A ticket price for one seat category and audience sub-category.
public struct CitmPrice: JSONMappable, Codable, Equatable, Sendable {
    /// The price, in cents.
    public var amount = 0
    /// The audience sub-category the price is for.
    public var audienceSubCategoryId = 0
    /// The seat category the price is for.
    public var seatCategoryId = 0

    /// An empty price.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmPrice> {
        JSONMap(\.amount, "amount")
        JSONMap(\.audienceSubCategoryId, "audienceSubCategoryId")
        JSONMap(\.seatCategoryId, "seatCategoryId")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case amount
        case audienceSubCategoryId
        case seatCategoryId
    }
}

/// A seat category of a performance and the areas it covers.
public struct CitmSeatCategory: JSONMappable, Codable, Equatable, Sendable {
    /// The areas of the category.
    public var areas: [CitmArea] = []
    /// The seat category id.
    public var seatCategoryId = 0

    /// An empty seat category.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmSeatCategory> {
        JSONMap(\.areas, "areas")
        JSONMap(\.seatCategoryId, "seatCategoryId")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case areas
        case seatCategoryId
    }
}

/// An area of a seat category, with its blocks.
public struct CitmArea: JSONMappable, Codable, Equatable, Sendable {
    /// The area id (a key of `areaNames`).
    public var areaId = 0
    /// Ids of the area's blocks.
    public var blockIds: [Int] = []

    /// An empty area.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CitmArea> {
        JSONMap(\.areaId, "areaId")
        JSONMap(\.blockIds, "blockIds")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case areaId
        case blockIds
    }
}
