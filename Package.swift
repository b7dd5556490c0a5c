// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "JSONMapper",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "JSONMapper", targets: ["JSONMapper"]),
        .executable(name: "bench", targets: ["bench"]),
        // Opt-in: `@JSONMappable` and its attributes. Only this product builds swift-syntax.
        .library(name: "JSONMapperMacros", targets: ["JSONMapperMacros"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        .target(
            name: "JSONMapper",
            dependencies: ["CYajl", "JSONMapperKeySyntax"]
        ),
        // The mapping-key grammar, shared by the runtime and the macro plugin: no dependencies.
        .target(name: "JSONMapperKeySyntax"),
        .macro(
            name: "JSONMapperMacroPlugin",
            dependencies: [
                "JSONMapperKeySyntax",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "JSONMapperMacros",
            dependencies: ["JSONMapper", "JSONMapperMacroPlugin"]
        ),
        .target(
            name: "CorpusModels",
            dependencies: ["JSONMapper", "JSONMapperMacros"],
            path: "Benchmarks/CorpusModels"
        ),
        .executableTarget(
            name: "bench",
            dependencies: ["JSONMapper", "CorpusModels", "CYajl"],
            path: "Benchmarks/bench"
        ),
        .testTarget(
            name: "JSONMapperTests",
            dependencies: ["JSONMapper", "JSONMapperKeySyntax", "CorpusModels"]
        ),
        .testTarget(
            name: "JSONMapperMacrosTests",
            dependencies: [
                "JSONMapperMacros",
                "CorpusModels",
                "JSONMapperMacroPlugin",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
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
