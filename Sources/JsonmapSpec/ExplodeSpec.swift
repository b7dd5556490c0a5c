import JSONMapper

/// A spec's `explode`: the path of the array whose elements make the rows, or a mapping
/// with the path and whether records without elements keep one row:
///
/// ```yaml
/// explode: payload.commits
/// explode: {path: payload.commits, outer: true}
/// ```
enum ExplodeSpec {
    private static let keys: Set = ["path", "outer"]

    static func explode(from node: SpecNode) throws -> JSONExplode {
        if case .string(let path) = node.value { return JSONExplode(path: path) }
        let members = try SpecReader.mapping(node, at: "explode")
        try SpecReader.checkKeys(members, allowed: keys, at: "explode", node: node)
        guard let path = members.first(where: { $0.key == "path" })?.value else {
            throw SpecProblem(path: "explode", position: node.position, message: "the explode has no \"path\"")
        }
        let outer = try members.first(where: { $0.key == "outer" }).map { try SpecReader.bool($0.value, at: "explode.outer") } ?? false
        return JSONExplode(path: try SpecReader.string(path, at: "explode.path"), outer: outer)
    }
}
