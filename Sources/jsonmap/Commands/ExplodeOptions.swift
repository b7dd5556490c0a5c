import ArgumentParser
import JSONMapper

/// `--explode PATH` and `--explode-outer PATH`: one row per element of the array at PATH,
/// replacing a spec's `explode`.
struct ExplodeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Write one row per element of the array at PATH, the record's other columns repeated: paths under PATH "
            + "(PATH.sha) read from the element, PATH itself is the element, a column of type 'ordinal' holds its position "
            + "from 0. A record whose array is empty, absent or null gives no row; any other value rejects it.",
        valueName: "path"))
    var explode: String?

    @Option(name: .long, help: ArgumentHelp(
        "As --explode, but a record whose array is empty, absent or null gives one row, its element columns empty (Spark's explode_outer).",
        valueName: "path"))
    var explodeOuter: String?

    func validate() throws {
        if explode != nil, explodeOuter != nil { throw ValidationError("give either --explode or --explode-outer, not both") }
        if explode?.isEmpty == true || explodeOuter?.isEmpty == true { throw ValidationError("--explode needs the path of an array") }
    }

    /// The explode given on the command line.
    var value: JSONExplode? {
        if let explode { return JSONExplode(path: explode) }
        return explodeOuter.map { JSONExplode(path: $0, outer: true) }
    }
}
