import Foundation
import JSONMapper

// gsoc-2018.json: Google Summer of Code 2018 projects as schema.org objects, keyed by a
// project number ("0" … "1263"). Long description strings, few numbers. The root is
// `[String: GsocProject]`. (The model lives here, not in CorpusModels: only the bench uses it.)

/// A GSoC project (`SoftwareSourceCode`).
struct GsocProject: JSONMappable, Codable, Equatable, Sendable {
    var context = ""
    var type = ""
    var name = ""
    var description = ""
    var sponsor = GsocSponsor()
    var author = GsocAuthor()

    static let jsonMapping = JSONMapping<GsocProject> {
        JSONMap(\.context, "@context")
        JSONMap(\.type, "@type")
        JSONMap(\.name, "name")
        JSONMap(\.description, "description")
        JSONMap(\.sponsor, "sponsor")
        JSONMap(\.author, "author")
    }

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case type = "@type"
        case name, description, sponsor, author
    }
}

/// The organization a project is done for.
struct GsocSponsor: JSONMappable, Codable, Equatable, Sendable {
    var type = ""
    var name = ""
    var disambiguatingDescription = ""
    var description = ""
    var url = ""
    var logo = ""

    static let jsonMapping = JSONMapping<GsocSponsor> {
        JSONMap(\.type, "@type")
        JSONMap(\.name, "name")
        JSONMap(\.disambiguatingDescription, "disambiguatingDescription")
        JSONMap(\.description, "description")
        JSONMap(\.url, "url")
        JSONMap(\.logo, "logo")
    }

    enum CodingKeys: String, CodingKey {
        case type = "@type"
        case name, disambiguatingDescription, description, url, logo
    }
}

/// The student.
struct GsocAuthor: JSONMappable, Codable, Equatable, Sendable {
    var type = ""
    var name = ""

    static let jsonMapping = JSONMapping<GsocAuthor> {
        JSONMap(\.type, "@type")
        JSONMap(\.name, "name")
    }

    enum CodingKeys: String, CodingKey {
        case type = "@type"
        case name
    }
}

// By hand: `JSONSerialization` output → [String: GsocProject].

extension GsocProject {
    static func handwrittenTable(_ json: Any) throws -> [String: GsocProject] {
        let table = try rootObject(json, "[String: GsocProject]")
        var projects: [String: GsocProject] = [:]
        projects.reserveCapacity(table.count)
        for (key, value) in table {
            if let object = value as? JSONDictionary { projects[key] = GsocProject(handwritten: object) }
        }
        return projects
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        context = json["@context"] as? String ?? ""
        type = json["@type"] as? String ?? ""
        name = json["name"] as? String ?? ""
        description = json["description"] as? String ?? ""
        sponsor = mapObject(json["sponsor"], GsocSponsor.init(handwritten:)) ?? GsocSponsor()
        author = mapObject(json["author"], GsocAuthor.init(handwritten:)) ?? GsocAuthor()
    }
}

extension GsocSponsor {
    init(handwritten json: JSONDictionary) {
        self.init()
        type = json["@type"] as? String ?? ""
        name = json["name"] as? String ?? ""
        disambiguatingDescription = json["disambiguatingDescription"] as? String ?? ""
        description = json["description"] as? String ?? ""
        url = json["url"] as? String ?? ""
        logo = json["logo"] as? String ?? ""
    }
}

extension GsocAuthor {
    init(handwritten json: JSONDictionary) {
        self.init()
        type = json["@type"] as? String ?? ""
        name = json["name"] as? String ?? ""
    }
}
