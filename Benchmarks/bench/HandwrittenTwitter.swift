import CorpusModels
import Foundation

// twitter.json by hand: `JSONSerialization` output → TwitterTimeline.

extension TwitterTimeline {
    static func handwritten(_ json: Any) throws -> TwitterTimeline {
        TwitterTimeline(handwritten: try rootObject(json, "TwitterTimeline"))
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        statuses = mapObjects(json["statuses"], TwitterStatus.init(handwritten:))
        searchMetadata = mapObject(json["search_metadata"], TwitterSearchMetadata.init(handwritten:)) ?? TwitterSearchMetadata()
    }
}

extension TwitterSearchMetadata {
    init(handwritten json: JSONDictionary) {
        self.init()
        completedIn = json["completed_in"] as? Double ?? 0
        maxId = json["max_id"] as? Int64 ?? 0
        maxIdStr = json["max_id_str"] as? String ?? ""
        nextResults = json["next_results"] as? String ?? ""
        query = json["query"] as? String ?? ""
        refreshUrl = json["refresh_url"] as? String ?? ""
        count = json["count"] as? Int ?? 0
        sinceId = json["since_id"] as? Int64 ?? 0
        sinceIdStr = json["since_id_str"] as? String ?? ""
    }
}

extension TwitterStatusMetadata {
    init(handwritten json: JSONDictionary) {
        self.init()
        resultType = json["result_type"] as? String ?? ""
        isoLanguageCode = json["iso_language_code"] as? String ?? ""
    }
}

extension TwitterStatus {
    init(handwritten json: JSONDictionary) {
        self.init()
        metadata = mapObject(json["metadata"], TwitterStatusMetadata.init(handwritten:)) ?? TwitterStatusMetadata()
        createdAt = json["created_at"] as? String ?? ""
        id = json["id"] as? Int64 ?? 0
        idStr = json["id_str"] as? String ?? ""
        text = json["text"] as? String ?? ""
        source = json["source"] as? String ?? ""
        truncated = json["truncated"] as? Bool ?? false
        inReplyToStatusId = json["in_reply_to_status_id"] as? Int64
        inReplyToStatusIdStr = json["in_reply_to_status_id_str"] as? String
        inReplyToUserId = json["in_reply_to_user_id"] as? Int64
        inReplyToUserIdStr = json["in_reply_to_user_id_str"] as? String
        inReplyToScreenName = json["in_reply_to_screen_name"] as? String
        user = mapObject(json["user"], TwitterUser.init(handwritten:)) ?? TwitterUser()
        retweetedStatus = mapObject(json["retweeted_status"], TwitterRetweetedStatus.init(handwritten:))
        retweetCount = json["retweet_count"] as? Int ?? 0
        favoriteCount = json["favorite_count"] as? Int ?? 0
        entities = mapObject(json["entities"], TwitterEntities.init(handwritten:)) ?? TwitterEntities()
        favorited = json["favorited"] as? Bool ?? false
        retweeted = json["retweeted"] as? Bool ?? false
        lang = json["lang"] as? String ?? ""
        possiblySensitive = json["possibly_sensitive"] as? Bool
    }
}

extension TwitterRetweetedStatus {
    init(handwritten json: JSONDictionary) {
        self.init()
        metadata = mapObject(json["metadata"], TwitterStatusMetadata.init(handwritten:)) ?? TwitterStatusMetadata()
        createdAt = json["created_at"] as? String ?? ""
        id = json["id"] as? Int64 ?? 0
        idStr = json["id_str"] as? String ?? ""
        text = json["text"] as? String ?? ""
        source = json["source"] as? String ?? ""
        truncated = json["truncated"] as? Bool ?? false
        inReplyToStatusId = json["in_reply_to_status_id"] as? Int64
        inReplyToStatusIdStr = json["in_reply_to_status_id_str"] as? String
        inReplyToUserId = json["in_reply_to_user_id"] as? Int64
        inReplyToUserIdStr = json["in_reply_to_user_id_str"] as? String
        inReplyToScreenName = json["in_reply_to_screen_name"] as? String
        user = mapObject(json["user"], TwitterUser.init(handwritten:)) ?? TwitterUser()
        retweetCount = json["retweet_count"] as? Int ?? 0
        favoriteCount = json["favorite_count"] as? Int ?? 0
        entities = mapObject(json["entities"], TwitterEntities.init(handwritten:)) ?? TwitterEntities()
        favorited = json["favorited"] as? Bool ?? false
        retweeted = json["retweeted"] as? Bool ?? false
        lang = json["lang"] as? String ?? ""
        possiblySensitive = json["possibly_sensitive"] as? Bool
    }
}

extension TwitterEntities {
    init(handwritten json: JSONDictionary) {
        self.init()
        hashtags = mapObjects(json["hashtags"], TwitterHashtag.init(handwritten:))
        urls = mapObjects(json["urls"], TwitterURL.init(handwritten:))
        userMentions = mapObjects(json["user_mentions"], TwitterUserMention.init(handwritten:))
    }
}

extension TwitterHashtag {
    init(handwritten json: JSONDictionary) {
        self.init()
        text = json["text"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }
}

extension TwitterURL {
    init(handwritten json: JSONDictionary) {
        self.init()
        url = json["url"] as? String ?? ""
        expandedUrl = json["expanded_url"] as? String ?? ""
        displayUrl = json["display_url"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }
}

extension TwitterUserMention {
    init(handwritten json: JSONDictionary) {
        self.init()
        screenName = json["screen_name"] as? String ?? ""
        name = json["name"] as? String ?? ""
        id = json["id"] as? Int64 ?? 0
        idStr = json["id_str"] as? String ?? ""
        indices = json["indices"] as? [Int] ?? []
    }
}

extension TwitterURLList {
    init(handwritten json: JSONDictionary) {
        self.init()
        urls = mapObjects(json["urls"], TwitterURL.init(handwritten:))
    }
}

extension TwitterUserEntities {
    init(handwritten json: JSONDictionary) {
        self.init()
        url = mapObject(json["url"], TwitterURLList.init(handwritten:))
        description = mapObject(json["description"], TwitterURLList.init(handwritten:)) ?? TwitterURLList()
    }
}

extension TwitterUser {
    init(handwritten json: JSONDictionary) {
        self.init()
        id = json["id"] as? Int64 ?? 0
        idStr = json["id_str"] as? String ?? ""
        name = json["name"] as? String ?? ""
        screenName = json["screen_name"] as? String ?? ""
        location = json["location"] as? String ?? ""
        description = json["description"] as? String ?? ""
        url = json["url"] as? String
        entities = mapObject(json["entities"], TwitterUserEntities.init(handwritten:)) ?? TwitterUserEntities()
        protected = json["protected"] as? Bool ?? false
        followersCount = json["followers_count"] as? Int ?? 0
        friendsCount = json["friends_count"] as? Int ?? 0
        listedCount = json["listed_count"] as? Int ?? 0
        createdAt = json["created_at"] as? String ?? ""
        favouritesCount = json["favourites_count"] as? Int ?? 0
        utcOffset = json["utc_offset"] as? Int
        timeZone = json["time_zone"] as? String
        geoEnabled = json["geo_enabled"] as? Bool ?? false
        verified = json["verified"] as? Bool ?? false
        statusesCount = json["statuses_count"] as? Int ?? 0
        lang = json["lang"] as? String ?? ""
        contributorsEnabled = json["contributors_enabled"] as? Bool ?? false
        isTranslator = json["is_translator"] as? Bool ?? false
        isTranslationEnabled = json["is_translation_enabled"] as? Bool ?? false
        profileBackgroundColor = json["profile_background_color"] as? String ?? ""
        profileBackgroundImageUrl = json["profile_background_image_url"] as? String ?? ""
        profileBackgroundImageUrlHttps = json["profile_background_image_url_https"] as? String ?? ""
        profileBackgroundTile = json["profile_background_tile"] as? Bool ?? false
        profileImageUrl = json["profile_image_url"] as? String ?? ""
        profileImageUrlHttps = json["profile_image_url_https"] as? String ?? ""
        profileBannerUrl = json["profile_banner_url"] as? String
        profileLinkColor = json["profile_link_color"] as? String ?? ""
        profileSidebarBorderColor = json["profile_sidebar_border_color"] as? String ?? ""
        profileSidebarFillColor = json["profile_sidebar_fill_color"] as? String ?? ""
        profileTextColor = json["profile_text_color"] as? String ?? ""
        profileUseBackgroundImage = json["profile_use_background_image"] as? Bool ?? false
        defaultProfile = json["default_profile"] as? Bool ?? false
        defaultProfileImage = json["default_profile_image"] as? Bool ?? false
        following = json["following"] as? Bool
        followRequestSent = json["follow_request_sent"] as? Bool
        notifications = json["notifications"] as? Bool
    }
}
