import CorpusModels
import Foundation
@testable import JSONMapper
import Testing

// End-to-end decoding of the bundled corpus (Benchmarks/Corpus): every record JSONMapper
// decodes is compared field by field with an independent parse of the same file by
// Foundation's JSONSerialization, and with Foundation's JSONDecoder on the same models.

@Suite("Corpus end to end")
struct CorpusEndToEndTests {
    // MARK: twitter.json

    @Test func twitterMatchesJSONSerializationFieldByField() throws {
        let data = try CorpusFile.twitter.data()
        let timeline = try JSONMapDecoder().decode(TwitterTimeline.self, from: data)
        let tree = try JSONSerialization.jsonObject(with: data)

        #expect(timeline.statuses.count == 100)
        #expect(timeline.statuses.contains { $0.retweetedStatus != nil })
        let comparison = JSONTreeComparison()
        comparison.compare(timeline, tree)
        #expect(comparison.fieldCount > 10_000)
        #expect(comparison.mismatches.isEmpty, comparison.summary)
    }

    @Test func twitterIdsAreExact64BitIntegers() throws {
        let timeline = try JSONMapDecoder().decode(TwitterTimeline.self, from: CorpusFile.twitter.data())
        var wrong: [String] = []
        var checked = 0
        func exact(_ id: Int64, _ idStr: String, _ path: String) {
            checked += 1
            if Int64(idStr) != id { wrong.append("\(path): id \(id), id_str \"\(idStr)\"") }
        }
        func exact(_ id: Int64?, _ idStr: String?, _ path: String) {
            checked += 1
            if id.map(String.init) != idStr { wrong.append("\(path): id \(String(describing: id)), id_str \(String(describing: idStr))") }
        }
        func check(_ status: some StatusCore, _ path: String) {
            exact(status.id, status.idStr, "\(path).id")
            exact(status.user.id, status.user.idStr, "\(path).user.id")
            exact(status.inReplyToStatusId, status.inReplyToStatusIdStr, "\(path).in_reply_to_status_id")
            exact(status.inReplyToUserId, status.inReplyToUserIdStr, "\(path).in_reply_to_user_id")
            for (i, mention) in status.entities.userMentions.enumerated() {
                exact(mention.id, mention.idStr, "\(path).entities.user_mentions[\(i)].id")
            }
        }
        for (i, status) in timeline.statuses.enumerated() {
            check(status, "statuses[\(i)]")
            if let retweeted = status.retweetedStatus { check(retweeted, "statuses[\(i)].retweeted_status") }
        }
        // Ids above 2^53 are present, so a decoder going through Double would be caught.
        #expect(timeline.statuses.contains { $0.id > 1 << 53 && $0.id % 2 == 1 })
        #expect(checked > 500)
        #expect(wrong.isEmpty, "\(wrong.count) inexact ids: \(wrong.prefix(20).joined(separator: "; "))")
    }

    @Test func twitterMatchesJSONDecoder() throws {
        let data = try CorpusFile.twitter.data()
        let mapped = try JSONMapDecoder().decode(TwitterTimeline.self, from: data)
        let codable = try JSONDecoder().decode(TwitterTimeline.self, from: data)
        #expect(mapped == codable)
    }

    // MARK: citm_catalog.json

    @Test func citmMatchesJSONSerializationFieldByField() throws {
        let data = try CorpusFile.citm.data()
        let catalog = try JSONMapDecoder().decode(CitmCatalog.self, from: data)
        let tree = try JSONSerialization.jsonObject(with: data)

        #expect(catalog.events.count == 184)
        #expect(catalog.performances.count == 243)
        let comparison = JSONTreeComparison()
        comparison.compare(catalog, tree)
        #expect(comparison.fieldCount > 25_000)
        #expect(comparison.mismatches.isEmpty, comparison.summary)
    }

    @Test func citmMatchesJSONDecoder() throws {
        let data = try CorpusFile.citm.data()
        let mapped = try JSONMapDecoder().decode(CitmCatalog.self, from: data)
        let codable = try JSONDecoder().decode(CitmCatalog.self, from: data)
        #expect(mapped == codable)
    }

    // MARK: canada.json

    @Test func canadaMatchesJSONSerializationFieldByField() throws {
        let data = try CorpusFile.canada.data()
        let collection = try JSONMapDecoder().decode(CanadaFeatureCollection.self, from: data)
        let tree = try JSONSerialization.jsonObject(with: data)

        let pairs = collection.features.flatMap { $0.geometry.coordinates.flatMap { $0 } }
        #expect(pairs.count == 55_563)
        let comparison = JSONTreeComparison()
        comparison.compare(collection, tree)
        #expect(comparison.fieldCount > 2 * 55_563)
        #expect(comparison.mismatches.isEmpty, comparison.summary)
    }

    @Test func canadaMatchesJSONDecoder() throws {
        let data = try CorpusFile.canada.data()
        let mapped = try JSONMapDecoder().decode(CanadaFeatureCollection.self, from: data)
        let codable = try JSONDecoder().decode(CanadaFeatureCollection.self, from: data)
        #expect(mapped == codable)
    }

    // MARK: Chunked input

    @Test func twitterFedOneByteAtATime() throws {
        let data = try CorpusFile.twitter.data()
        let expected = try JSONMapDecoder().decode(TwitterTimeline.self, from: data)
        let decoder = JSONChunkDecoder(TwitterTimeline.self)
        try data.withUnsafeBytes { buffer in
            for i in buffer.indices {
                try decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[i ..< i + 1]))
            }
        }
        let streamed = try decoder.finish()
        #expect(streamed.statuses.count == 100)
        #expect(streamed == expected)
    }

    @Test(arguments: [1, 2, 3, 42, 0x5EED_CAFE] as [UInt64])
    func citmFedInRandomChunks(seed: UInt64) throws {
        let data = try CorpusFile.citm.data()
        let expected = try JSONMapDecoder().decode(CitmCatalog.self, from: data)
        let streamed = try Self.decodeInRandomChunks(CitmCatalog.self, data, seed: seed)
        #expect(streamed.performances.count == 243)
        #expect(streamed == expected)
    }

    @Test(arguments: [7, 1_000_003] as [UInt64])
    func canadaFedInRandomChunks(seed: UInt64) throws {
        let data = try CorpusFile.canada.data()
        let expected = try JSONMapDecoder().decode(CanadaFeatureCollection.self, from: data)
        let streamed = try Self.decodeInRandomChunks(CanadaFeatureCollection.self, data, seed: seed)
        #expect(streamed == expected)
    }

    /// Feeds `data` to a chunk decoder in chunks of 1…4096 bytes drawn from a seeded generator.
    private static func decodeInRandomChunks<Value: JSONMappableValue>(_ type: Value.Type, _ data: Data, seed: UInt64) throws -> Value {
        var generator = CorpusChunkSizes(seed: seed)
        let decoder = JSONChunkDecoder(type)
        try data.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + Int.random(in: 1 ... 4096, using: &generator), buffer.count)
                try decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[start ..< end]))
                start = end
            }
        }
        return try decoder.finish()
    }

    // MARK: Truncated input

    @Test func truncatedTwitterAlwaysThrows() throws {
        let data = try CorpusFile.twitter.data()
        let positions = (1 ... 200).map { $0 * data.count / 201 }
        #expect(Set(positions).count == 200)
        for cut in positions {
            let prefix = Data(data.prefix(cut))
            #expect(throws: JSONMapperError.self, "one-shot decode of the first \(cut) bytes") {
                try JSONMapDecoder().decode(TwitterTimeline.self, from: prefix)
            }
            #expect(throws: JSONMapperError.self, "chunked decode of the first \(cut) bytes") {
                let decoder = JSONChunkDecoder(TwitterTimeline.self)
                try decoder.feed(prefix)
                return try decoder.finish()
            }
        }
    }
}

// MARK: - Deterministic random chunk sizes

/// A SplitMix64 generator for chunk sizes: seeded, so chunk boundaries are the same on every run.
private struct CorpusChunkSizes: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Reading the JSONSerialization tree

/// Typed reads of the values `JSONSerialization` returns, independent of JSONMapper.
private enum JSONTreeValue {
    /// Whether the value is absent or `null`.
    static func isNull(_ value: Any?) -> Bool { value == nil || value is NSNull }

    static func string(_ value: Any?) -> String? { value as? String }

    /// The class of the NSNumber JSONSerialization gives for `true` and `false`. (`is Bool` is
    /// no test: on Linux every NSNumber holding 0 or 1 casts to `Bool`.)
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    static func isBoolean(_ value: Any) -> Bool { ObjectIdentifier(type(of: value)) == booleanClass }

    static func bool(_ value: Any?) -> Bool? {
        guard let value, isBoolean(value) else { return nil }
        return (value as? NSNumber)?.boolValue
    }

    static func int64(_ value: Any?) -> Int64? {
        guard let value, !isBoolean(value), let number = value as? NSNumber else { return nil }
        // A JSON integer, not a number with a fraction or exponent that happens to be whole.
        guard !(number is NSDecimalNumber), !["d", "f"].contains(String(cString: number.objCType)) else { return nil }
        return value as? Int64
    }

    static func double(_ value: Any?) -> Double? {
        guard let value, !isBoolean(value) else { return nil }
        // JSONSerialization keeps long numbers as NSDecimalNumber, whose `doubleValue` is not
        // correctly rounded; its decimal text is exact, and `Double(String)` rounds correctly.
        if let decimal = value as? NSDecimalNumber { return Double(decimal.stringValue) }
        return (value as? NSNumber)?.doubleValue
    }
}

/// Status fields shared by ``TwitterStatus`` and ``TwitterRetweetedStatus``.
private protocol StatusCore {
    var metadata: TwitterStatusMetadata { get }
    var createdAt: String { get }
    var id: Int64 { get }
    var idStr: String { get }
    var text: String { get }
    var source: String { get }
    var truncated: Bool { get }
    var inReplyToStatusId: Int64? { get }
    var inReplyToStatusIdStr: String? { get }
    var inReplyToUserId: Int64? { get }
    var inReplyToUserIdStr: String? { get }
    var inReplyToScreenName: String? { get }
    var user: TwitterUser { get }
    var retweetCount: Int { get }
    var favoriteCount: Int { get }
    var entities: TwitterEntities { get }
    var favorited: Bool { get }
    var retweeted: Bool { get }
    var lang: String { get }
    var possiblySensitive: Bool? { get }
}

extension TwitterStatus: StatusCore {}
extension TwitterRetweetedStatus: StatusCore {}

/// Compares decoded models with the `JSONSerialization` tree of the same document one field
/// at a time, keeping every mismatch with its JSON path.
private final class JSONTreeComparison {
    private(set) var mismatches: [String] = []
    private(set) var fieldCount = 0

    /// The count and the first mismatches, for a failed expectation.
    var summary: Comment {
        let first = mismatches.prefix(25).joined(separator: "\n")
        return "\(mismatches.count) mismatches in \(fieldCount) fields:\n\(first)"
    }

    // MARK: Leaves

    private func record(_ matches: Bool, _ path: String, decoded: Any?, json: Any?) {
        fieldCount += 1
        if !matches {
            mismatches.append("\(path): decoded \(Self.show(decoded)), JSON has \(Self.show(json))")
        }
    }

    private static func show(_ value: Any?) -> String {
        guard let value else { return "nothing" }
        let text = String(reflecting: value)
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// A string field; `nil` expects `null` or an absent key.
    func string(_ decoded: String?, _ json: Any?, _ path: String) {
        guard let decoded else { return record(JSONTreeValue.isNull(json), path, decoded: nil, json: json) }
        record(JSONTreeValue.string(json) == decoded, path, decoded: decoded, json: json)
    }

    /// An integer field; `nil` expects `null` or an absent key.
    func int(_ decoded: Int64?, _ json: Any?, _ path: String) {
        guard let decoded else { return record(JSONTreeValue.isNull(json), path, decoded: nil, json: json) }
        record(JSONTreeValue.int64(json) == decoded, path, decoded: decoded, json: json)
    }

    /// An `Int` field; `nil` expects `null` or an absent key.
    func int(_ decoded: Int?, _ json: Any?, _ path: String) {
        int(decoded.map(Int64.init), json, path)
    }

    /// A boolean field; `nil` expects `null` or an absent key.
    func bool(_ decoded: Bool?, _ json: Any?, _ path: String) {
        guard let decoded else { return record(JSONTreeValue.isNull(json), path, decoded: nil, json: json) }
        record(JSONTreeValue.bool(json) == decoded, path, decoded: decoded, json: json)
    }

    /// A floating-point field, compared exactly.
    func double(_ decoded: Double, _ json: Any?, _ path: String) {
        record(JSONTreeValue.double(json) == decoded, path, decoded: decoded, json: json)
    }

    /// An array of integers.
    func ints(_ decoded: [Int], _ json: Any?, _ path: String) {
        guard let array = array(json, count: decoded.count, path) else { return }
        for (i, (value, element)) in zip(decoded, array).enumerated() { int(value, element, "\(path)[\(i)]") }
    }

    /// An object of strings, key by key.
    func strings(_ decoded: [String: String], _ json: Any?, _ path: String) {
        guard let object = object(json, keys: decoded.keys, path) else { return }
        for (key, value) in decoded { string(value, object[key], "\(path).\(key)") }
    }

    // MARK: Containers

    /// The JSON object at `path`, or `nil` after recording a mismatch.
    func object(_ json: Any?, _ path: String) -> [String: Any]? {
        guard let object = json as? [String: Any] else {
            record(false, path, decoded: "an object", json: json)
            return nil
        }
        return object
    }

    /// The JSON object at `path` if it has exactly the decoded keys.
    func object(_ json: Any?, keys: some Collection<String>, _ path: String) -> [String: Any]? {
        guard let object = object(json, path) else { return nil }
        let jsonKeys = Set(object.keys)
        record(jsonKeys == Set(keys), "\(path) keys", decoded: Set(keys).sorted(), json: jsonKeys.sorted())
        return jsonKeys == Set(keys) ? object : nil
    }

    /// The JSON array at `path` if it has `count` elements.
    func array(_ json: Any?, count: Int, _ path: String) -> [Any]? {
        guard let array = json as? [Any] else {
            record(false, path, decoded: "an array of \(count)", json: json)
            return nil
        }
        record(array.count == count, "\(path) count", decoded: count, json: array.count)
        return array.count == count ? array : nil
    }

    /// Each decoded element against the JSON array's element at the same index.
    func each<Element>(_ decoded: [Element], _ json: Any?, _ path: String, _ body: (Element, Any, String) -> Void) {
        guard let array = array(json, count: decoded.count, path) else { return }
        for (i, (value, element)) in zip(decoded, array).enumerated() { body(value, element, "\(path)[\(i)]") }
    }

    // MARK: twitter.json

    func compare(_ timeline: TwitterTimeline, _ json: Any?) {
        guard let root = object(json, "") else { return }
        each(timeline.statuses, root["statuses"], "statuses") { status, json, path in
            compare(status, json, path)
        }
        compare(timeline.searchMetadata, root["search_metadata"], "search_metadata")
    }

    func compare(_ metadata: TwitterSearchMetadata, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        double(metadata.completedIn, o["completed_in"], "\(path).completed_in")
        int(metadata.maxId, o["max_id"], "\(path).max_id")
        string(metadata.maxIdStr, o["max_id_str"], "\(path).max_id_str")
        string(metadata.nextResults, o["next_results"], "\(path).next_results")
        string(metadata.query, o["query"], "\(path).query")
        string(metadata.refreshUrl, o["refresh_url"], "\(path).refresh_url")
        int(metadata.count, o["count"], "\(path).count")
        int(metadata.sinceId, o["since_id"], "\(path).since_id")
        string(metadata.sinceIdStr, o["since_id_str"], "\(path).since_id_str")
    }

    func compare(_ status: TwitterStatus, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        compareCore(status, o, path)
        if let retweeted = status.retweetedStatus {
            guard let r = object(o["retweeted_status"], "\(path).retweeted_status") else { return }
            compareCore(retweeted, r, "\(path).retweeted_status")
        } else {
            record(JSONTreeValue.isNull(o["retweeted_status"]), "\(path).retweeted_status", decoded: nil, json: o["retweeted_status"])
        }
    }

    func compareCore(_ status: some StatusCore, _ o: [String: Any], _ path: String) {
        if let m = object(o["metadata"], "\(path).metadata") {
            string(status.metadata.resultType, m["result_type"], "\(path).metadata.result_type")
            string(status.metadata.isoLanguageCode, m["iso_language_code"], "\(path).metadata.iso_language_code")
        }
        string(status.createdAt, o["created_at"], "\(path).created_at")
        int(status.id, o["id"], "\(path).id")
        string(status.idStr, o["id_str"], "\(path).id_str")
        string(status.text, o["text"], "\(path).text")
        string(status.source, o["source"], "\(path).source")
        bool(status.truncated, o["truncated"], "\(path).truncated")
        int(status.inReplyToStatusId, o["in_reply_to_status_id"], "\(path).in_reply_to_status_id")
        string(status.inReplyToStatusIdStr, o["in_reply_to_status_id_str"], "\(path).in_reply_to_status_id_str")
        int(status.inReplyToUserId, o["in_reply_to_user_id"], "\(path).in_reply_to_user_id")
        string(status.inReplyToUserIdStr, o["in_reply_to_user_id_str"], "\(path).in_reply_to_user_id_str")
        string(status.inReplyToScreenName, o["in_reply_to_screen_name"], "\(path).in_reply_to_screen_name")
        compare(status.user, o["user"], "\(path).user")
        int(status.retweetCount, o["retweet_count"], "\(path).retweet_count")
        int(status.favoriteCount, o["favorite_count"], "\(path).favorite_count")
        compare(status.entities, o["entities"], "\(path).entities")
        bool(status.favorited, o["favorited"], "\(path).favorited")
        bool(status.retweeted, o["retweeted"], "\(path).retweeted")
        string(status.lang, o["lang"], "\(path).lang")
        bool(status.possiblySensitive, o["possibly_sensitive"], "\(path).possibly_sensitive")
    }

    func compare(_ entities: TwitterEntities, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        each(entities.hashtags, o["hashtags"], "\(path).hashtags") { hashtag, json, path in
            guard let h = object(json, path) else { return }
            string(hashtag.text, h["text"], "\(path).text")
            ints(hashtag.indices, h["indices"], "\(path).indices")
        }
        each(entities.urls, o["urls"], "\(path).urls") { url, json, path in compare(url, json, path) }
        each(entities.userMentions, o["user_mentions"], "\(path).user_mentions") { mention, json, path in
            guard let m = object(json, path) else { return }
            string(mention.screenName, m["screen_name"], "\(path).screen_name")
            string(mention.name, m["name"], "\(path).name")
            int(mention.id, m["id"], "\(path).id")
            string(mention.idStr, m["id_str"], "\(path).id_str")
            ints(mention.indices, m["indices"], "\(path).indices")
        }
    }

    func compare(_ url: TwitterURL, _ json: Any?, _ path: String) {
        guard let u = object(json, path) else { return }
        string(url.url, u["url"], "\(path).url")
        string(url.expandedUrl, u["expanded_url"], "\(path).expanded_url")
        string(url.displayUrl, u["display_url"], "\(path).display_url")
        ints(url.indices, u["indices"], "\(path).indices")
    }

    func compare(_ list: TwitterURLList, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        each(list.urls, o["urls"], "\(path).urls") { url, json, path in compare(url, json, path) }
    }

    func compare(_ user: TwitterUser, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        int(user.id, o["id"], "\(path).id")
        string(user.idStr, o["id_str"], "\(path).id_str")
        string(user.name, o["name"], "\(path).name")
        string(user.screenName, o["screen_name"], "\(path).screen_name")
        string(user.location, o["location"], "\(path).location")
        string(user.description, o["description"], "\(path).description")
        string(user.url, o["url"], "\(path).url")
        if let e = object(o["entities"], "\(path).entities") {
            if let url = user.entities.url {
                compare(url, e["url"], "\(path).entities.url")
            } else {
                record(JSONTreeValue.isNull(e["url"]), "\(path).entities.url", decoded: nil, json: e["url"])
            }
            compare(user.entities.description, e["description"], "\(path).entities.description")
        }
        bool(user.protected, o["protected"], "\(path).protected")
        int(user.followersCount, o["followers_count"], "\(path).followers_count")
        int(user.friendsCount, o["friends_count"], "\(path).friends_count")
        int(user.listedCount, o["listed_count"], "\(path).listed_count")
        string(user.createdAt, o["created_at"], "\(path).created_at")
        int(user.favouritesCount, o["favourites_count"], "\(path).favourites_count")
        int(user.utcOffset, o["utc_offset"], "\(path).utc_offset")
        string(user.timeZone, o["time_zone"], "\(path).time_zone")
        bool(user.geoEnabled, o["geo_enabled"], "\(path).geo_enabled")
        bool(user.verified, o["verified"], "\(path).verified")
        int(user.statusesCount, o["statuses_count"], "\(path).statuses_count")
        string(user.lang, o["lang"], "\(path).lang")
        bool(user.contributorsEnabled, o["contributors_enabled"], "\(path).contributors_enabled")
        bool(user.isTranslator, o["is_translator"], "\(path).is_translator")
        bool(user.isTranslationEnabled, o["is_translation_enabled"], "\(path).is_translation_enabled")
        string(user.profileBackgroundColor, o["profile_background_color"], "\(path).profile_background_color")
        string(user.profileBackgroundImageUrl, o["profile_background_image_url"], "\(path).profile_background_image_url")
        string(user.profileBackgroundImageUrlHttps, o["profile_background_image_url_https"], "\(path).profile_background_image_url_https")
        bool(user.profileBackgroundTile, o["profile_background_tile"], "\(path).profile_background_tile")
        string(user.profileImageUrl, o["profile_image_url"], "\(path).profile_image_url")
        string(user.profileImageUrlHttps, o["profile_image_url_https"], "\(path).profile_image_url_https")
        string(user.profileBannerUrl, o["profile_banner_url"], "\(path).profile_banner_url")
        string(user.profileLinkColor, o["profile_link_color"], "\(path).profile_link_color")
        string(user.profileSidebarBorderColor, o["profile_sidebar_border_color"], "\(path).profile_sidebar_border_color")
        string(user.profileSidebarFillColor, o["profile_sidebar_fill_color"], "\(path).profile_sidebar_fill_color")
        string(user.profileTextColor, o["profile_text_color"], "\(path).profile_text_color")
        bool(user.profileUseBackgroundImage, o["profile_use_background_image"], "\(path).profile_use_background_image")
        bool(user.defaultProfile, o["default_profile"], "\(path).default_profile")
        bool(user.defaultProfileImage, o["default_profile_image"], "\(path).default_profile_image")
        bool(user.following, o["following"], "\(path).following")
        bool(user.followRequestSent, o["follow_request_sent"], "\(path).follow_request_sent")
        bool(user.notifications, o["notifications"], "\(path).notifications")
    }

    // MARK: citm_catalog.json

    func compare(_ catalog: CitmCatalog, _ json: Any?) {
        guard let root = object(json, "") else { return }
        strings(catalog.areaNames, root["areaNames"], "areaNames")
        strings(catalog.audienceSubCategoryNames, root["audienceSubCategoryNames"], "audienceSubCategoryNames")
        strings(catalog.blockNames, root["blockNames"], "blockNames")
        strings(catalog.seatCategoryNames, root["seatCategoryNames"], "seatCategoryNames")
        strings(catalog.subTopicNames, root["subTopicNames"], "subTopicNames")
        strings(catalog.subjectNames, root["subjectNames"], "subjectNames")
        strings(catalog.topicNames, root["topicNames"], "topicNames")
        strings(catalog.venueNames, root["venueNames"], "venueNames")
        if let topics = object(root["topicSubTopics"], keys: catalog.topicSubTopics.keys, "topicSubTopics") {
            for (key, ids) in catalog.topicSubTopics { ints(ids, topics[key], "topicSubTopics.\(key)") }
        }
        if let events = object(root["events"], keys: catalog.events.keys, "events") {
            for (key, event) in catalog.events { compare(event, events[key], "events.\(key)") }
        }
        each(catalog.performances, root["performances"], "performances") { performance, json, path in
            compare(performance, json, path)
        }
    }

    func compare(_ event: CitmEvent, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        string(event.description, o["description"], "\(path).description")
        int(event.id, o["id"], "\(path).id")
        string(event.logo, o["logo"], "\(path).logo")
        string(event.name, o["name"], "\(path).name")
        ints(event.subTopicIds, o["subTopicIds"], "\(path).subTopicIds")
        string(event.subjectCode, o["subjectCode"], "\(path).subjectCode")
        string(event.subtitle, o["subtitle"], "\(path).subtitle")
        ints(event.topicIds, o["topicIds"], "\(path).topicIds")
    }

    func compare(_ performance: CitmPerformance, _ json: Any?, _ path: String) {
        guard let o = object(json, path) else { return }
        int(performance.eventId, o["eventId"], "\(path).eventId")
        int(performance.id, o["id"], "\(path).id")
        string(performance.logo, o["logo"], "\(path).logo")
        string(performance.name, o["name"], "\(path).name")
        each(performance.prices, o["prices"], "\(path).prices") { price, json, path in
            guard let p = object(json, path) else { return }
            int(price.amount, p["amount"], "\(path).amount")
            int(price.audienceSubCategoryId, p["audienceSubCategoryId"], "\(path).audienceSubCategoryId")
            int(price.seatCategoryId, p["seatCategoryId"], "\(path).seatCategoryId")
        }
        each(performance.seatCategories, o["seatCategories"], "\(path).seatCategories") { category, json, path in
            guard let c = object(json, path) else { return }
            each(category.areas, c["areas"], "\(path).areas") { area, json, path in
                guard let a = object(json, path) else { return }
                int(area.areaId, a["areaId"], "\(path).areaId")
                ints(area.blockIds, a["blockIds"], "\(path).blockIds")
            }
            int(category.seatCategoryId, c["seatCategoryId"], "\(path).seatCategoryId")
        }
        string(performance.seatMapImage, o["seatMapImage"], "\(path).seatMapImage")
        int(performance.start, o["start"], "\(path).start")
        string(performance.venueCode, o["venueCode"], "\(path).venueCode")
    }

    // MARK: canada.json

    func compare(_ collection: CanadaFeatureCollection, _ json: Any?) {
        guard let root = object(json, "") else { return }
        string(collection.type, root["type"], "type")
        each(collection.features, root["features"], "features") { feature, json, path in
            guard let f = object(json, path) else { return }
            string(feature.type, f["type"], "\(path).type")
            if let p = object(f["properties"], "\(path).properties") {
                string(feature.properties.name, p["name"], "\(path).properties.name")
            }
            guard let g = object(f["geometry"], "\(path).geometry") else { return }
            string(feature.geometry.type, g["type"], "\(path).geometry.type")
            each(feature.geometry.coordinates, g["coordinates"], "\(path).geometry.coordinates") { ring, json, path in
                each(ring, json, path) { pair, json, path in
                    each(pair, json, path) { value, json, path in double(value, json, path) }
                }
            }
        }
    }
}
