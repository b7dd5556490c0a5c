import JSONMapper

// Models of `github_events.json`: a page of the GitHub public events API (30 events of seven
// kinds). Every event's envelope is mapped; of the kind-specific `payload`, the push, create and
// issue fields are mapped and the nested `issue`, `comment`, `forkee` and `pages` are not.

/// One event of the GitHub events API; the root of `github_events.json` is `[GitHubEvent]`.
public struct GitHubEvent: JSONMappable, Codable, Equatable, Sendable {
    /// The event id (a decimal string).
    public var id = ""
    /// The kind of event (`PushEvent`, `WatchEvent`, …).
    public var type = ""
    /// Who did it.
    public var actor = GitHubActor()
    /// The repository it happened in.
    public var repo = GitHubRepo()
    /// What happened, depending on `type`.
    public var payload = GitHubPayload()
    /// Whether the event is public.
    public var isPublic = false
    /// When it happened (ISO 8601, kept as text).
    public var createdAt = ""
    /// The organization the repository belongs to, if any.
    public var org: GitHubActor?

    /// An empty event.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubEvent> {
        JSONMap(\.id, "id")
        JSONMap(\.type, "type")
        JSONMap(\.actor, "actor")
        JSONMap(\.repo, "repo")
        JSONMap(\.payload, "payload")
        JSONMap(\.isPublic, "public")
        JSONMap(\.createdAt, "created_at")
        JSONMap(\.org, "org")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case id
        case type
        case actor
        case repo
        case payload
        case isPublic = "public"
        case createdAt = "created_at"
        case org
    }
}

/// A user or organization as events show it.
public struct GitHubActor: JSONMappable, Codable, Equatable, Sendable {
    /// The account id.
    public var id = 0
    /// The login name.
    public var login = ""
    /// The Gravatar hash.
    public var gravatarId = ""
    /// The API URL of the account.
    public var url = ""
    /// The avatar URL.
    public var avatarUrl = ""

    /// An empty actor.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubActor> {
        JSONMap(\.id, "id")
        JSONMap(\.login, "login")
        JSONMap(\.gravatarId, "gravatar_id")
        JSONMap(\.url, "url")
        JSONMap(\.avatarUrl, "avatar_url")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case id
        case login
        case gravatarId = "gravatar_id"
        case url
        case avatarUrl = "avatar_url"
    }
}

/// A repository as events show it.
public struct GitHubRepo: JSONMappable, Codable, Equatable, Sendable {
    /// The repository id.
    public var id = 0
    /// `owner/name`.
    public var name = ""
    /// The API URL of the repository.
    public var url = ""

    /// An empty repository.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubRepo> {
        JSONMap(\.id, "id")
        JSONMap(\.name, "name")
        JSONMap(\.url, "url")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case id
        case name
        case url
    }
}

/// The kind-specific part of an event; each kind fills only its own fields.
public struct GitHubPayload: JSONMappable, Codable, Equatable, Sendable {
    /// What was done (issues, comments, watches: `opened`, `created`, `started`).
    public var action: String?
    /// The branch or tag (push and create events; null when a repository is created).
    public var ref: String?
    /// What was created (`repository`, `branch`, `tag`).
    public var refType: String?
    /// The default branch of a created repository.
    public var masterBranch: String?
    /// The description of a created repository.
    public var description: String?
    /// The commit a push moved the ref to.
    public var head: String?
    /// The commit the ref pointed to before a push.
    public var before: String?
    /// The number of commits pushed.
    public var size: Int?
    /// The number of distinct commits pushed.
    public var distinctSize: Int?
    /// The push id.
    public var pushId: Int?
    /// The commits pushed.
    public var commits: [GitHubCommit]?

    /// An empty payload.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubPayload> {
        JSONMap(\.action, "action")
        JSONMap(\.ref, "ref")
        JSONMap(\.refType, "ref_type")
        JSONMap(\.masterBranch, "master_branch")
        JSONMap(\.description, "description")
        JSONMap(\.head, "head")
        JSONMap(\.before, "before")
        JSONMap(\.size, "size")
        JSONMap(\.distinctSize, "distinct_size")
        JSONMap(\.pushId, "push_id")
        JSONMap(\.commits, "commits")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case action
        case ref
        case refType = "ref_type"
        case masterBranch = "master_branch"
        case description
        case head
        case before
        case size
        case distinctSize = "distinct_size"
        case pushId = "push_id"
        case commits
    }
}

/// A commit of a push event.
public struct GitHubCommit: JSONMappable, Codable, Equatable, Sendable {
    /// The commit hash.
    public var sha = ""
    /// The commit message.
    public var message = ""
    /// The API URL of the commit.
    public var url = ""
    /// Whether the commit is new to the repository.
    public var distinct = false
    /// The commit's author.
    public var author = GitHubCommitAuthor()

    /// An empty commit.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubCommit> {
        JSONMap(\.sha, "sha")
        JSONMap(\.message, "message")
        JSONMap(\.url, "url")
        JSONMap(\.distinct, "distinct")
        JSONMap(\.author, "author")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case sha
        case message
        case url
        case distinct
        case author
    }
}

/// The author of a pushed commit.
public struct GitHubCommitAuthor: JSONMappable, Codable, Equatable, Sendable {
    /// The author's name.
    public var name = ""
    /// The author's e-mail address.
    public var email = ""

    /// An empty author.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<GitHubCommitAuthor> {
        JSONMap(\.name, "name")
        JSONMap(\.email, "email")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case name
        case email
    }
}
