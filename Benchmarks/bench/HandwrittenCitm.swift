import CorpusModels
import Foundation

// citm_catalog.json by hand: `JSONSerialization` output → CitmCatalog.

extension CitmCatalog {
    static func handwritten(_ json: Any) throws -> CitmCatalog {
        CitmCatalog(handwritten: try rootObject(json, "CitmCatalog"))
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        areaNames = json["areaNames"] as? [String: String] ?? [:]
        audienceSubCategoryNames = json["audienceSubCategoryNames"] as? [String: String] ?? [:]
        blockNames = json["blockNames"] as? [String: String] ?? [:]
        if let events = json["events"] as? JSONDictionary {
            var mapped: [String: CitmEvent] = [:]
            mapped.reserveCapacity(events.count)
            for (id, event) in events {
                if let event = event as? JSONDictionary { mapped[id] = CitmEvent(handwritten: event) }
            }
            self.events = mapped
        }
        performances = mapObjects(json["performances"], CitmPerformance.init(handwritten:))
        seatCategoryNames = json["seatCategoryNames"] as? [String: String] ?? [:]
        subTopicNames = json["subTopicNames"] as? [String: String] ?? [:]
        subjectNames = json["subjectNames"] as? [String: String] ?? [:]
        topicNames = json["topicNames"] as? [String: String] ?? [:]
        topicSubTopics = json["topicSubTopics"] as? [String: [Int]] ?? [:]
        venueNames = json["venueNames"] as? [String: String] ?? [:]
    }
}

extension CitmEvent {
    init(handwritten json: JSONDictionary) {
        self.init()
        description = json["description"] as? String
        id = json["id"] as? Int ?? 0
        logo = json["logo"] as? String
        name = json["name"] as? String ?? ""
        subTopicIds = json["subTopicIds"] as? [Int] ?? []
        subjectCode = json["subjectCode"] as? String
        subtitle = json["subtitle"] as? String
        topicIds = json["topicIds"] as? [Int] ?? []
    }
}

extension CitmPerformance {
    init(handwritten json: JSONDictionary) {
        self.init()
        eventId = json["eventId"] as? Int ?? 0
        id = json["id"] as? Int ?? 0
        logo = json["logo"] as? String
        name = json["name"] as? String
        prices = mapObjects(json["prices"], CitmPrice.init(handwritten:))
        seatCategories = mapObjects(json["seatCategories"], CitmSeatCategory.init(handwritten:))
        seatMapImage = json["seatMapImage"] as? String
        start = json["start"] as? Int ?? 0
        venueCode = json["venueCode"] as? String ?? ""
    }
}

extension CitmPrice {
    init(handwritten json: JSONDictionary) {
        self.init()
        amount = json["amount"] as? Int ?? 0
        audienceSubCategoryId = json["audienceSubCategoryId"] as? Int ?? 0
        seatCategoryId = json["seatCategoryId"] as? Int ?? 0
    }
}

extension CitmSeatCategory {
    init(handwritten json: JSONDictionary) {
        self.init()
        areas = mapObjects(json["areas"], CitmArea.init(handwritten:))
        seatCategoryId = json["seatCategoryId"] as? Int ?? 0
    }
}

extension CitmArea {
    init(handwritten json: JSONDictionary) {
        self.init()
        areaId = json["areaId"] as? Int ?? 0
        blockIds = json["blockIds"] as? [Int] ?? []
    }
}
