import JSONMapper

// Models of `twitter.json`: a Twitter search API response (100 statuses and search metadata).
// Every model decodes the same shape through JSONMapper (`jsonMapping`) and through
// Foundation's `JSONDecoder` (`CodingKeys`). Ids are `Int64`: the file's ids exceed 2^53.

/// The root of `twitter.json`: one page of search results.
public struct TwitterTimeline: JSONMappable, Codable, Equatable, Sendable {
    /// The statuses found, newest first.
    public var statuses: [TwitterStatus] = []
    /// Describes the search that produced the page.
    public var searchMetadata = TwitterSearchMetadata()

    /// An empty timeline.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterTimeline> {
        JSONMap(\.statuses, "statuses")
        JSONMap(\.searchMetadata, "search_metadata")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

/// The `search_metadata` object of a search response.
public struct TwitterSearchMetadata: JSONMappable, Codable, Equatable, Sendable {
    /// Seconds the search took.
    public var completedIn = 0.0
    /// The largest status id in the page (as the file writes it, not necessarily exact).
    public var maxId: Int64 = 0
    /// The largest status id in the page, as a string.
    public var maxIdStr = ""
    /// Query string for the next page.
    public var nextResults = ""
    /// The URL-encoded query.
    public var query = ""
    /// Query string to refresh the search.
    public var refreshUrl = ""
    /// The number of statuses requested.
    public var count = 0
    /// The smallest status id asked for.
    public var sinceId: Int64 = 0
    /// The smallest status id asked for, as a string.
    public var sinceIdStr = ""

    /// Empty metadata.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterSearchMetadata> {
        JSONMap(\.completedIn, "completed_in")
        JSONMap(\.maxId, "max_id")
        JSONMap(\.maxIdStr, "max_id_str")
        JSONMap(\.nextResults, "next_results")
        JSONMap(\.query, "query")
        JSONMap(\.refreshUrl, "refresh_url")
        JSONMap(\.count, "count")
        JSONMap(\.sinceId, "since_id")
        JSONMap(\.sinceIdStr, "since_id_str")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshUrl = "refresh_url"
        case count
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }
}

/// The `metadata` object of a status.
public struct TwitterStatusMetadata: JSONMappable, Codable, Equatable, Sendable {
    /// Why the status is in the results (`recent`, `popular`).
    public var resultType = ""
    /// The detected language of the text.
    public var isoLanguageCode = ""

    /// Empty metadata.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterStatusMetadata> {
        JSONMap(\.resultType, "result_type")
        JSONMap(\.isoLanguageCode, "iso_language_code")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

/// A status (tweet) of the search results, possibly a retweet.
public struct TwitterStatus: JSONMappable, Codable, Equatable, Sendable {
    /// Search metadata of the status.
    public var metadata = TwitterStatusMetadata()
    /// When the status was posted (Twitter's date format, kept as text).
    public var createdAt = ""
    /// The status id (64-bit).
    public var id: Int64 = 0
    /// The status id as a string.
    public var idStr = ""
    /// The text of the status.
    public var text = ""
    /// The client that posted it, as an HTML link.
    public var source = ""
    /// Whether the text was truncated.
    public var truncated = false
    /// The id of the status this one replies to.
    public var inReplyToStatusId: Int64?
    /// The id of the status this one replies to, as a string.
    public var inReplyToStatusIdStr: String?
    /// The id of the user this status replies to.
    public var inReplyToUserId: Int64?
    /// The id of the user this status replies to, as a string.
    public var inReplyToUserIdStr: String?
    /// The screen name of the user this status replies to.
    public var inReplyToScreenName: String?
    /// The author.
    public var user = TwitterUser()
    /// The original status, when this one is a retweet.
    public var retweetedStatus: TwitterRetweetedStatus?
    /// How many times the status was retweeted.
    public var retweetCount = 0
    /// How many times the status was liked.
    public var favoriteCount = 0
    /// Hashtags, URLs and mentions in the text.
    public var entities = TwitterEntities()
    /// Whether the authenticated user liked it.
    public var favorited = false
    /// Whether the authenticated user retweeted it.
    public var retweeted = false
    /// The language of the text.
    public var lang = ""
    /// Whether a link in the status may be sensitive (absent when it has no link).
    public var possiblySensitive: Bool?

    /// An empty status.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterStatus> {
        JSONMap(\.metadata, "metadata")
        JSONMap(\.createdAt, "created_at")
        JSONMap(\.id, "id")
        JSONMap(\.idStr, "id_str")
        JSONMap(\.text, "text")
        JSONMap(\.source, "source")
        JSONMap(\.truncated, "truncated")
        JSONMap(\.inReplyToStatusId, "in_reply_to_status_id")
        JSONMap(\.inReplyToStatusIdStr, "in_reply_to_status_id_str")
        JSONMap(\.inReplyToUserId, "in_reply_to_user_id")
        JSONMap(\.inReplyToUserIdStr, "in_reply_to_user_id_str")
        JSONMap(\.inReplyToScreenName, "in_reply_to_screen_name")
        JSONMap(\.user, "user")
        JSONMap(\.retweetedStatus, "retweeted_status")
        JSONMap(\.retweetCount, "retweet_count")
        JSONMap(\.favoriteCount, "favorite_count")
        JSONMap(\.entities, "entities")
        JSONMap(\.favorited, "favorited")
        JSONMap(\.retweeted, "retweeted")
        JSONMap(\.lang, "lang")
        JSONMap(\.possiblySensitive, "possibly_sensitive")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case lang
        case possiblySensitive = "possibly_sensitive"
    }
}

/// The `retweeted_status` of a retweet: a status's fields without a further retweet (a struct
/// cannot contain itself).
public struct TwitterRetweetedStatus: JSONMappable, Codable, Equatable, Sendable {
    /// Search metadata of the status.
    public var metadata = TwitterStatusMetadata()
    /// When the status was posted (Twitter's date format, kept as text).
    public var createdAt = ""
    /// The status id (64-bit).
    public var id: Int64 = 0
    /// The status id as a string.
    public var idStr = ""
    /// The text of the status.
    public var text = ""
    /// The client that posted it, as an HTML link.
    public var source = ""
    /// Whether the text was truncated.
    public var truncated = false
    /// The id of the status this one replies to.
    public var inReplyToStatusId: Int64?
    /// The id of the status this one replies to, as a string.
    public var inReplyToStatusIdStr: String?
    /// The id of the user this status replies to.
    public var inReplyToUserId: Int64?
    /// The id of the user this status replies to, as a string.
    public var inReplyToUserIdStr: String?
    /// The screen name of the user this status replies to.
    public var inReplyToScreenName: String?
    /// The author.
    public var user = TwitterUser()
    /// How many times the status was retweeted.
    public var retweetCount = 0
    /// How many times the status was liked.
    public var favoriteCount = 0
    /// Hashtags, URLs and mentions in the text.
    public var entities = TwitterEntities()
    /// Whether the authenticated user liked it.
    public var favorited = false
    /// Whether the authenticated user retweeted it.
    public var retweeted = false
    /// The language of the text.
    public var lang = ""
    /// Whether a link in the status may be sensitive (absent when it has no link).
    public var possiblySensitive: Bool?

    /// An empty status.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterRetweetedStatus> {
        JSONMap(\.metadata, "metadata")
        JSONMap(\.createdAt, "created_at")
        JSONMap(\.id, "id")
        JSONMap(\.idStr, "id_str")
        JSONMap(\.text, "text")
        JSONMap(\.source, "source")
        JSONMap(\.truncated, "truncated")
        JSONMap(\.inReplyToStatusId, "in_reply_to_status_id")
        JSONMap(\.inReplyToStatusIdStr, "in_reply_to_status_id_str")
        JSONMap(\.inReplyToUserId, "in_reply_to_user_id")
        JSONMap(\.inReplyToUserIdStr, "in_reply_to_user_id_str")
        JSONMap(\.inReplyToScreenName, "in_reply_to_screen_name")
        JSONMap(\.user, "user")
        JSONMap(\.retweetCount, "retweet_count")
        JSONMap(\.favoriteCount, "favorite_count")
        JSONMap(\.entities, "entities")
        JSONMap(\.favorited, "favorited")
        JSONMap(\.retweeted, "retweeted")
        JSONMap(\.lang, "lang")
        JSONMap(\.possiblySensitive, "possibly_sensitive")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case lang
        case possiblySensitive = "possibly_sensitive"
    }
}

/// The `entities` of a status: what the text links to (`symbols` and `media` are not mapped).
public struct TwitterEntities: JSONMappable, Codable, Equatable, Sendable {
    /// Hashtags in the text.
    public var hashtags: [TwitterHashtag] = []
    /// Links in the text.
    public var urls: [TwitterURL] = []
    /// Users mentioned in the text.
    public var userMentions: [TwitterUserMention] = []

    /// No entities.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterEntities> {
        JSONMap(\.hashtags, "hashtags")
        JSONMap(\.urls, "urls")
        JSONMap(\.userMentions, "user_mentions")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case hashtags
        case urls
        case userMentions = "user_mentions"
    }
}

/// A hashtag in a status's text.
public struct TwitterHashtag: JSONMappable, Codable, Equatable, Sendable {
    /// The tag, without `#`.
    public var text = ""
    /// Start and end offsets of the tag in the text.
    public var indices: [Int] = []

    /// An empty hashtag.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterHashtag> {
        JSONMap(\.text, "text")
        JSONMap(\.indices, "indices")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case text
        case indices
    }
}

/// A link in a status's text or a user's profile.
public struct TwitterURL: JSONMappable, Codable, Equatable, Sendable {
    /// The shortened link as it appears in the text.
    public var url = ""
    /// The full link.
    public var expandedUrl = ""
    /// The link as displayed.
    public var displayUrl = ""
    /// Start and end offsets of the link in the text.
    public var indices: [Int] = []

    /// An empty link.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterURL> {
        JSONMap(\.url, "url")
        JSONMap(\.expandedUrl, "expanded_url")
        JSONMap(\.displayUrl, "display_url")
        JSONMap(\.indices, "indices")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case url
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
        case indices
    }
}

/// A user mentioned in a status's text.
public struct TwitterUserMention: JSONMappable, Codable, Equatable, Sendable {
    /// The user's screen name.
    public var screenName = ""
    /// The user's display name.
    public var name = ""
    /// The user's id (64-bit).
    public var id: Int64 = 0
    /// The user's id as a string.
    public var idStr = ""
    /// Start and end offsets of the mention in the text.
    public var indices: [Int] = []

    /// An empty mention.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterUserMention> {
        JSONMap(\.screenName, "screen_name")
        JSONMap(\.name, "name")
        JSONMap(\.id, "id")
        JSONMap(\.idStr, "id_str")
        JSONMap(\.indices, "indices")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name
        case id
        case idStr = "id_str"
        case indices
    }
}

/// A list of links: the `url` and `description` entities of a user profile.
public struct TwitterURLList: JSONMappable, Codable, Equatable, Sendable {
    /// The links.
    public var urls: [TwitterURL] = []

    /// No links.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterURLList> {
        JSONMap(\.urls, "urls")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case urls
    }
}

/// The `entities` of a user profile.
public struct TwitterUserEntities: JSONMappable, Codable, Equatable, Sendable {
    /// The profile's website link (absent when the profile has none).
    public var url: TwitterURLList?
    /// Links in the profile description.
    public var description = TwitterURLList()

    /// No entities.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterUserEntities> {
        JSONMap(\.url, "url")
        JSONMap(\.description, "description")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case url
        case description
    }
}

/// The author of a status.
public struct TwitterUser: JSONMappable, Codable, Equatable, Sendable {
    /// The user id (64-bit).
    public var id: Int64 = 0
    /// The user id as a string.
    public var idStr = ""
    /// The display name.
    public var name = ""
    /// The handle, without `@`.
    public var screenName = ""
    /// The location the user gives.
    public var location = ""
    /// The profile description.
    public var description = ""
    /// The profile's website.
    public var url: String?
    /// Links in the profile.
    public var entities = TwitterUserEntities()
    /// Whether the account's statuses are protected.
    public var protected = false
    /// Number of followers.
    public var followersCount = 0
    /// Number of accounts followed.
    public var friendsCount = 0
    /// Number of lists the user is on.
    public var listedCount = 0
    /// When the account was created (Twitter's date format, kept as text).
    public var createdAt = ""
    /// Number of statuses the user liked.
    public var favouritesCount = 0
    /// Offset of the user's time zone from UTC, in seconds.
    public var utcOffset: Int?
    /// The user's time zone.
    public var timeZone: String?
    /// Whether the user geotags statuses.
    public var geoEnabled = false
    /// Whether the account is verified.
    public var verified = false
    /// Number of statuses posted.
    public var statusesCount = 0
    /// The user's interface language.
    public var lang = ""
    /// Whether contributor mode is on.
    public var contributorsEnabled = false
    /// Whether the user translates Twitter.
    public var isTranslator = false
    /// Whether translation is enabled for the user.
    public var isTranslationEnabled = false
    /// Profile background colour (hex).
    public var profileBackgroundColor = ""
    /// Profile background image URL.
    public var profileBackgroundImageUrl = ""
    /// Profile background image HTTPS URL.
    public var profileBackgroundImageUrlHttps = ""
    /// Whether the background image is tiled.
    public var profileBackgroundTile = false
    /// Avatar URL.
    public var profileImageUrl = ""
    /// Avatar HTTPS URL.
    public var profileImageUrlHttps = ""
    /// Banner URL (absent when the user has none).
    public var profileBannerUrl: String?
    /// Profile link colour (hex).
    public var profileLinkColor = ""
    /// Profile sidebar border colour (hex).
    public var profileSidebarBorderColor = ""
    /// Profile sidebar fill colour (hex).
    public var profileSidebarFillColor = ""
    /// Profile text colour (hex).
    public var profileTextColor = ""
    /// Whether the background image is shown.
    public var profileUseBackgroundImage = false
    /// Whether the profile has the default theme.
    public var defaultProfile = false
    /// Whether the profile has the default avatar.
    public var defaultProfileImage = false
    /// Whether the authenticated user follows this user.
    public var following: Bool?
    /// Whether a follow request to this user is pending.
    public var followRequestSent: Bool?
    /// Whether the authenticated user gets notifications from this user.
    public var notifications: Bool?

    /// An empty user.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<TwitterUser> {
        JSONMap(\.id, "id")
        JSONMap(\.idStr, "id_str")
        JSONMap(\.name, "name")
        JSONMap(\.screenName, "screen_name")
        JSONMap(\.location, "location")
        JSONMap(\.description, "description")
        JSONMap(\.url, "url")
        JSONMap(\.entities, "entities")
        JSONMap(\.protected, "protected")
        JSONMap(\.followersCount, "followers_count")
        JSONMap(\.friendsCount, "friends_count")
        JSONMap(\.listedCount, "listed_count")
        JSONMap(\.createdAt, "created_at")
        JSONMap(\.favouritesCount, "favourites_count")
        JSONMap(\.utcOffset, "utc_offset")
        JSONMap(\.timeZone, "time_zone")
        JSONMap(\.geoEnabled, "geo_enabled")
        JSONMap(\.verified, "verified")
        JSONMap(\.statusesCount, "statuses_count")
        JSONMap(\.lang, "lang")
        JSONMap(\.contributorsEnabled, "contributors_enabled")
        JSONMap(\.isTranslator, "is_translator")
        JSONMap(\.isTranslationEnabled, "is_translation_enabled")
        JSONMap(\.profileBackgroundColor, "profile_background_color")
        JSONMap(\.profileBackgroundImageUrl, "profile_background_image_url")
        JSONMap(\.profileBackgroundImageUrlHttps, "profile_background_image_url_https")
        JSONMap(\.profileBackgroundTile, "profile_background_tile")
        JSONMap(\.profileImageUrl, "profile_image_url")
        JSONMap(\.profileImageUrlHttps, "profile_image_url_https")
        JSONMap(\.profileBannerUrl, "profile_banner_url")
        JSONMap(\.profileLinkColor, "profile_link_color")
        JSONMap(\.profileSidebarBorderColor, "profile_sidebar_border_color")
        JSONMap(\.profileSidebarFillColor, "profile_sidebar_fill_color")
        JSONMap(\.profileTextColor, "profile_text_color")
        JSONMap(\.profileUseBackgroundImage, "profile_use_background_image")
        JSONMap(\.defaultProfile, "default_profile")
        JSONMap(\.defaultProfileImage, "default_profile_image")
        JSONMap(\.following, "following")
        JSONMap(\.followRequestSent, "follow_request_sent")
        JSONMap(\.notifications, "notifications")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location
        case description
        case url
        case entities
        case protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageUrl = "profile_background_image_url"
        case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageUrl = "profile_image_url"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}
