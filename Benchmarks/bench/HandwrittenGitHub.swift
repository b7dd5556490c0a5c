import CorpusModels
import Foundation

// github_events.json by hand: `JSONSerialization` output → [GitHubEvent].

extension GitHubEvent {
    static func handwrittenArray(_ json: Any) throws -> [GitHubEvent] {
        guard let array = json as? [Any] else {
            throw HandwrittenMappingError(description: "[GitHubEvent]: the top-level value is not an array")
        }
        return mapObjects(array, GitHubEvent.init(handwritten:))
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        id = json["id"] as? String ?? ""
        type = json["type"] as? String ?? ""
        actor = mapObject(json["actor"], GitHubActor.init(handwritten:)) ?? GitHubActor()
        repo = mapObject(json["repo"], GitHubRepo.init(handwritten:)) ?? GitHubRepo()
        payload = mapObject(json["payload"], GitHubPayload.init(handwritten:)) ?? GitHubPayload()
        isPublic = json["public"] as? Bool ?? false
        createdAt = json["created_at"] as? String ?? ""
        org = mapObject(json["org"], GitHubActor.init(handwritten:))
    }
}

extension GitHubActor {
    init(handwritten json: JSONDictionary) {
        self.init()
        id = json["id"] as? Int ?? 0
        login = json["login"] as? String ?? ""
        gravatarId = json["gravatar_id"] as? String ?? ""
        url = json["url"] as? String ?? ""
        avatarUrl = json["avatar_url"] as? String ?? ""
    }
}

extension GitHubRepo {
    init(handwritten json: JSONDictionary) {
        self.init()
        id = json["id"] as? Int ?? 0
        name = json["name"] as? String ?? ""
        url = json["url"] as? String ?? ""
    }
}

extension GitHubPayload {
    init(handwritten json: JSONDictionary) {
        self.init()
        action = json["action"] as? String
        ref = json["ref"] as? String
        refType = json["ref_type"] as? String
        masterBranch = json["master_branch"] as? String
        description = json["description"] as? String
        head = json["head"] as? String
        before = json["before"] as? String
        size = json["size"] as? Int
        distinctSize = json["distinct_size"] as? Int
        pushId = json["push_id"] as? Int
        commits = json["commits"] is [Any] ? mapObjects(json["commits"], GitHubCommit.init(handwritten:)) : nil
    }
}

extension GitHubCommit {
    init(handwritten json: JSONDictionary) {
        self.init()
        sha = json["sha"] as? String ?? ""
        message = json["message"] as? String ?? ""
        url = json["url"] as? String ?? ""
        distinct = json["distinct"] as? Bool ?? false
        author = mapObject(json["author"], GitHubCommitAuthor.init(handwritten:)) ?? GitHubCommitAuthor()
    }
}

extension GitHubCommitAuthor {
    init(handwritten json: JSONDictionary) {
        self.init()
        name = json["name"] as? String ?? ""
        email = json["email"] as? String ?? ""
    }
}
