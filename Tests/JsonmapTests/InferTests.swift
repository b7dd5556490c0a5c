import Foundation
import Testing

/// `jsonmap infer`: the spec it prints (types widened, required only where every sampled
/// record has a value), that spec converting the sample without rejects, and its Swift model
/// compiling against the library.
@Suite("jsonmap infer")
struct InferTests {
    static let sample = """
        {"id":"e1","n":1,"ok":true,"actor":{"login":"ann","id":5},"tags":["a"],"big":123456789012345678901234,"a.b":"x","gone":null}
        {"id":"e2","n":2.5,"ok":false,"actor":{"login":"bob","id":6},"size":"12","big":7,"a.b":"y","gone":null,"mixed":1}
        {"id":"e3","n":3,"ok":true,"actor":{"id":7},"tags":[],"size":4,"big":8,"a.b":"z","mixed":"one","commits":[{"sha":"c1","n":1}]}

        """

    @Test func theSpecWidensTypesAndRequiresOnlyWhatEveryRecordHas() throws {
        let result = try JsonmapRunner().run(["infer"], stdin: Self.sample)
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "columns": [
                {"name":"id","path":"id","type":"string","required":true},
                {"name":"n","path":"n","type":"double","required":true},
                {"name":"ok","path":"ok","type":"bool","required":true},
                {"name":"actor.login","path":"actor.login","type":"string"},
                {"name":"actor.id","path":"actor.id","type":"int","required":true},
                {"name":"tags","path":"tags","type":"json"},
                {"name":"big","path":"big","type":"decimal","required":true},
                {"name":"a.b","path":"a\\\\.b","type":"string","required":true},
                {"name":"gone","path":"gone","type":"string"},
                {"name":"size","path":"size","type":"string"},
                {"name":"mixed","path":"mixed","type":"string"},
                {"name":"commits","path":"commits","type":"json"}
              ],
              "coercion": "lenient"
            }

            """)
    }

    @Test func theSampleSizeLimitsWhatIsSeen() throws {
        let result = try JsonmapRunner().run(["infer", "--sample", "1"], stdin: Self.sample)
        #expect(result.stdout.contains(#"{"name":"actor.login","path":"actor.login","type":"string","required":true}"#))
        #expect(result.stdout.contains(#"{"name":"n","path":"n","type":"int","required":true}"#))
        #expect(!result.stdout.contains("size"))
    }

    @Test func theInferredSpecConvertsTheSampleWithoutRejects() throws {
        let runner = try JsonmapRunner()
        try runner.write("sample.jsonl", Self.sample)
        let infer = try runner.run(["infer", "sample.jsonl"])
        try runner.write("spec.json", infer.stdout)
        let convert = try runner.run(["convert", "sample.jsonl", "--spec", "spec.json", "--to", "ndjson"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stderr.contains("3 records read, 3 written, 0 rejected"))
        #expect(convert.stdout.split(separator: "\n").first == #"{"id":"e1","n":1,"ok":true,"actor.login":"ann","actor.id":5,"tags":["a"],"big":123456789012345678901234,"a.b":"x","gone":null,"size":null,"mixed":null,"commits":null}"#)
    }

    @Test func aSwiftModelWithNestedModelsAndArrays() throws {
        let result = try JsonmapRunner().run(["infer", "--swift", "Event"], stdin: Self.sample)
        #expect(result.status == 0)
        #expect(result.stdout.contains("struct Event: JSONMappable, Sendable {"))
        #expect(result.stdout.contains("    var actor: EventActor = EventActor()\n"))
        #expect(result.stdout.contains("    var commits: [EventCommit] = []\n"))
        #expect(result.stdout.contains("    var tags: [String] = []\n"))
        #expect(result.stdout.contains("    var aB: String = \"\"\n"))
        #expect(result.stdout.contains("        JSONMap(\\.aB, \"a\\\\.b\", required: true)\n"))
        #expect(result.stdout.contains("        JSONMap(\\.login, \"login\")\n"))
        #expect(result.stdout.contains("    var login: String?\n"))
    }

    /// A package manifest's shape: two keys of the same nested object, twice.
    static let plugin = #"{"name":"p","dependencies":[{"name":"a","version":"1"}],"devDependencies":[{"name":"b","version":"2"}],"#
        + #""author":{"name":"x","email":"y"},"maintainers":[{"name":"x","email":"y"}]}"# + "\n"

    /// Objects with the same members share one struct, named for the first key.
    @Test func identicalNestedObjectsShareOneStruct() throws {
        let result = try JsonmapRunner().run(["infer", "--swift", "Plugin"], stdin: Self.plugin)
        #expect(result.status == 0)
        #expect(result.stdout.components(separatedBy: "struct ").count - 1 == 3)
        #expect(result.stdout.contains("struct PluginDependency: JSONMappable, Sendable {"))
        #expect(result.stdout.contains("    var dependencies: [PluginDependency] = []\n    var devDependencies: [PluginDependency] = []\n"))
        #expect(result.stdout.contains("    var author: PluginAuthor = PluginAuthor()\n    var maintainers: [PluginAuthor] = []\n"))
    }

    /// Element types of arrays of objects are named for the singular of their key.
    @Test func elementTypesAreSingular() throws {
        let keys = ["dependencies": "Dependency", "statuses": "Status", "matches": "Match", "addresses": "Address",
                    "boxes": "Box", "movies": "Movie", "series": "Series", "people": "Person", "commits": "Commit",
                    "data": "DataElement", "status": "StatusElement"]
        // Each element has a member of its own, so that no two share a struct.
        let record = "{" + keys.keys.sorted().map { #""\#($0)":[{"\#($0)_id":1}]"# }.joined(separator: ",") + "}\n"
        let result = try JsonmapRunner().run(["infer", "--swift", "R"], stdin: record)
        #expect(result.status == 0)
        for (key, element) in keys {
            #expect(result.stdout.contains("struct R\(element): JSONMappable"), "\(key)")
        }
    }

    /// The toolchain that runs these tests, when it can be found on the PATH.
    static let swiftExecutable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: swiftExecutable != nil, "no swift toolchain on the PATH"), .timeLimit(.minutes(10)))
    func theSwiftModelCompilesAgainstTheLibrary() throws {
        let runner = try JsonmapRunner()
        let source = try runner.run(["infer", "--swift", "Event"], stdin: Self.sample).stdout
        let plugin = try runner.run(["infer", "--swift", "Plugin"], stdin: Self.plugin).stdout
        let package = runner.directory.appendingPathComponent("Scratch")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Scratch"), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: package.appendingPathComponent("Sources/Scratch/Event.swift"))
        try Data(plugin.utf8).write(to: package.appendingPathComponent("Sources/Scratch/Plugin.swift"))
        let root = JsonmapRunner.packageRoot
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Scratch", platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(root.path)")],
                targets: [.target(name: "Scratch", dependencies: [.product(name: "JSONMapper", package: "\(root.lastPathComponent)")])])
            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: try #require(Self.swiftExecutable))
        // A scratch path of its own inside the package's build directory: the library is
        // compiled once there and reused by later runs.
        build.arguments = ["build", "--package-path", package.path, "--scratch-path", root.appendingPathComponent(".build/infer-scratch").path]
        let log = package.appendingPathComponent("build.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        build.standardOutput = try FileHandle(forWritingTo: log)
        build.standardError = build.standardOutput
        try build.run()
        build.waitUntilExit()
        let output = String(decoding: FileManager.default.contents(atPath: log.path) ?? Data(), as: UTF8.self)
        #expect(build.terminationStatus == 0, "\(output)")
    }
}

/// `jsonmap infer --explode PATH` and `--explode-auto`: the spec proposes one row per element,
/// with the element's keys as columns under the path, and converts the sample.
@Suite("jsonmap infer --explode")
struct InferExplodeTests {
    static let sample = """
        {"id":1,"payload":{"size":2,"commits":[{"sha":"a","author":{"name":"x","email":"e"}},{"sha":"b","author":{"name":"y"}}]}}
        {"id":2,"tags":["t"],"payload":{"commits":[]}}

        """

    static let spec = """
        {
          "explode": "payload.commits",
          "columns": [
            {"name":"id","path":"id","type":"int","required":true},
            {"name":"payload.size","path":"payload.size","type":"int"},
            {"name":"payload.commits.ordinal","path":"payload.commits","type":"ordinal"},
            {"name":"payload.commits.sha","path":"payload.commits.sha","type":"string","required":true},
            {"name":"payload.commits.author.name","path":"payload.commits.author.name","type":"string","required":true},
            {"name":"payload.commits.author.email","path":"payload.commits.author.email","type":"string"},
            {"name":"tags","path":"tags","type":"json"}
          ],
          "coercion": "lenient"
        }

        """

    @Test(arguments: [["--explode", "payload.commits"], ["--explode-auto"]])
    func theSpecExplodesTheArrayOfObjects(options: [String]) throws {
        let result = try JsonmapRunner().run(["infer"] + options, stdin: Self.sample)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.spec)
    }

    @Test func theProposedSpecConvertsTheSample() throws {
        let runner = try JsonmapRunner()
        try runner.write("sample.jsonl", Self.sample)
        try runner.write("spec.json", Self.spec)
        let convert = try runner.run(["convert", "sample.jsonl", "--spec", "spec.json", "--to", "csv"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stdout == """
            id,payload.size,payload.commits.ordinal,payload.commits.sha,payload.commits.author.name,payload.commits.author.email,tags
            1,2,0,a,x,e,
            1,2,1,b,y,,

            """)
        #expect(convert.stderr.contains("2 records read, 2 mapped, 0 rejected; 2 rows written"))
    }

    @Test(arguments: [(["--explode", "id"], "--explode \"id\": no array with elements"), (["--explode-auto"], "no array of objects")])
    func nothingToExplodeIsAUsageError(options: [String], message: String) throws {
        let result = try JsonmapRunner().run(["infer"] + options, stdin: #"{"id":1,"tags":["a"]}"#)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
