// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "JSONMapper",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "JSONMapper", targets: ["JSONMapper"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        .target(
            name: "JSONMapper",
            dependencies: ["CYajl"]
        ),
        .target(
            name: "CorpusModels",
            dependencies: ["JSONMapper"],
            path: "Benchmarks/CorpusModels"
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["JSONMapper", "CorpusModels", "CYajl"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "JSONMapperTests",
            dependencies: ["JSONMapper", "CorpusModels"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The jsonmap CLI: its product, the packages it needs (command line, YAML spec files) and the
// tests that run it; kept in one block so the package's other targets stay as they were.
package.products.append(.executable(name: "jsonmap", targets: ["jsonmap"]))
package.dependencies += [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
]
package.targets += [
    .executableTarget(
        name: "jsonmap",
        dependencies: ["JSONMapper", .product(name: "ArgumentParser", package: "swift-argument-parser"), "Yams"]
    ),
    .testTarget(
        name: "JsonmapTests",
        dependencies: ["JSONMapper"]
    ),
]

// The documentation plugin (`swift package generate-documentation`), only for scripts/docs:
// it sets JSONMAPPER_DOCS=1, so `swift build` and `swift test` never resolve or fetch it.
if Context.environment["JSONMAPPER_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
