import JSONMapperMacros

// `twitter.json` declared with `@JSONMappable`: the same models as Twitter.swift (same property
// names, types and defaults), whose mappings the macro writes from the property names through
// `.snakeCase`. The bench decodes both and reports their ratio; the check compares what they
// write back.

/// The root of `twitter.json`: one page of search results.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterTimeline: Equatable, Sendable {
    /// The statuses found, newest first.
    public var statuses: [MacroTwitterStatus] = []
    /// Describes the search that produced the page.
    public var searchMetadata = MacroTwitterSearchMetadata()
}

/// The `search_metadata` object of a search response.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterSearchMetadata: Equatable, Sendable {
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
}

/// The `metadata` object of a status.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterStatusMetadata: Equatable, Sendable {
    /// Why the status is in the results (`recent`, `popular`).
    public var resultType = ""
    /// The detected language of the text.
    public var isoLanguageCode = ""
}

/// A status (tweet) of the search results, possibly a retweet.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterStatus: Equatable, Sendable {
    /// Search metadata of the status.
    public var metadata = MacroTwitterStatusMetadata()
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
    public var user = MacroTwitterUser()
    /// The original status, when this one is a retweet.
    public var retweetedStatus: MacroTwitterRetweetedStatus?
    /// How many times the status was retweeted.
    public var retweetCount = 0
    /// How many times the status was liked.
    public var favoriteCount = 0
    /// Hashtags, URLs and mentions in the text.
    public var entities = MacroTwitterEntities()
    /// Whether the authenticated user liked it.
    public var favorited = false
    /// Whether the authenticated user retweeted it.
    public var retweeted = false
    /// The language of the text.
    public var lang = ""
    /// Whether a link in the status may be sensitive (absent when it has no link).
    public var possiblySensitive: Bool?
}

/// The `retweeted_status` of a retweet: a status's fields without a further retweet (a struct
/// cannot contain itself).
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterRetweetedStatus: Equatable, Sendable {
    /// Search metadata of the status.
    public var metadata = MacroTwitterStatusMetadata()
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
    public var user = MacroTwitterUser()
    /// How many times the status was retweeted.
    public var retweetCount = 0
    /// How many times the status was liked.
    public var favoriteCount = 0
    /// Hashtags, URLs and mentions in the text.
    public var entities = MacroTwitterEntities()
    /// Whether the authenticated user liked it.
    public var favorited = false
    /// Whether the authenticated user retweeted it.
    public var retweeted = false
    /// The language of the text.
    public var lang = ""
    /// Whether a link in the status may be sensitive (absent when it has no link).
    public var possiblySensitive: Bool?
}

/// The `entities` of a status: what the text links to (`symbols` and `media` are not mapped).
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterEntities: Equatable, Sendable {
    /// Hashtags in the text.
    public var hashtags: [MacroTwitterHashtag] = []
    /// Links in the text.
    public var urls: [MacroTwitterURL] = []
    /// Users mentioned in the text.
    public var userMentions: [MacroTwitterUserMention] = []
}

/// A hashtag in a status's text.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterHashtag: Equatable, Sendable {
    /// The tag, without `#`.
    public var text = ""
    /// Start and end offsets of the tag in the text.
    public var indices: [Int] = []
}

/// A link in a status's text or a user's profile.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterURL: Equatable, Sendable {
    /// The shortened link as it appears in the text.
    public var url = ""
    /// The full link.
    public var expandedUrl = ""
    /// The link as displayed.
    public var displayUrl = ""
    /// Start and end offsets of the link in the text.
    public var indices: [Int] = []
}

/// A user mentioned in a status's text.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterUserMention: Equatable, Sendable {
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
}

/// A list of links: the `url` and `description` entities of a user profile.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterURLList: Equatable, Sendable {
    /// The links.
    public var urls: [MacroTwitterURL] = []
}

/// The `entities` of a user profile.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterUserEntities: Equatable, Sendable {
    /// The profile's website link (absent when the profile has none).
    public var url: MacroTwitterURLList?
    /// Links in the profile description.
    public var description = MacroTwitterURLList()
}

/// The author of a status.
@JSONMappable(keyStrategy: .snakeCase)
public struct MacroTwitterUser: Equatable, Sendable {
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
    public var entities = MacroTwitterUserEntities()
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
}
