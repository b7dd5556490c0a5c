// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

let environment = Context.environment
/// Whether the bench links the macro-declared corpus models (see the bench target).
let macroBench = environment["JSONMAPPER_MACRO_BENCH"] == "1"

let package = Package(
    name: "JSONMapper",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "JSONMapper", targets: ["JSONMapper"]),
        // Opt-in: gzip and zstd record sources and output. Only this product links zlib and libzstd.
        .library(name: "JSONMapperCompression", targets: ["JSONMapperCompression"]),
        // Opt-in: Parquet files of schema rows, written by the package's own writer.
        .library(name: "JSONMapperParquet", targets: ["JSONMapperParquet"]),
        // Opt-in: `@JSONMappable` and its attributes. Only this product builds swift-syntax.
        .library(name: "JSONMapperMacros", targets: ["JSONMapperMacros"]),
        // Opt-in: decoding from SwiftNIO `ByteBuffer`s and request bodies. Only this product links swift-nio.
        .library(name: "JSONMapperNIO", targets: ["JSONMapperNIO"]),
        .executable(name: "jsonmap", targets: ["jsonmap"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The library: yajl, the mapping-key grammar (shared with the macro plugin), the engine.
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        // yajl's callbacks in C, which pass over a value no mapping reads without calling Swift.
        .target(name: "CYajlCallbacks", dependencies: ["CYajl"]),
        .target(name: "JSONMapperKeySyntax"),
        .target(
            name: "JSONMapper",
            dependencies: ["CYajl", "CYajlCallbacks", "JSONMapperKeySyntax"]
        ),

        // Compression: zlib and libzstd behind system-library targets, and the record sources
        // and output compressor built on them, apart so that `import JSONMapper` links neither.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // ISA-L's igzip inflates gzip input (with its CRC-32) at over twice zlib's speed; zlib
        // still compresses output.
        .systemLibrary(
            name: "CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        .target(
            name: "JSONMapperCompression",
            dependencies: ["JSONMapper", "CZlib", "CZstd", "CIsal"]
        ),

        // Parquet: the writer (Thrift compact metadata, page encodings, zstd, gzip and Snappy
        // pages) and schema rows written through it, apart so that `import JSONMapper` links none.
        .systemLibrary(
            name: "CSnappy",
            pkgConfig: "snappy",
            providers: [.apt(["libsnappy-dev"]), .brew(["snappy"])]
        ),
        .target(
            name: "JSONMapperParquet",
            dependencies: ["JSONMapper", "CZlib", "CZstd", "CSnappy"]
        ),

        // SwiftNIO: documents and record streams straight from `ByteBuffer`s, apart so that
        // `import JSONMapper` does not link swift-nio.
        .target(
            name: "JSONMapperNIO",
            dependencies: ["JSONMapper", .product(name: "NIOCore", package: "swift-nio")]
        ),

        // The macros: the compiler plugin (the only target that uses swift-syntax) and the module
        // that declares them and re-exports JSONMapper.
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

        // The jsonmap CLI: the command line, and its spec files (JSON or YAML) read by a
        // library of their own, which the spec fuzz target links too.
        .target(
            name: "JsonmapSpec",
            dependencies: ["JSONMapper", "Yams"]
        ),
        .executableTarget(
            name: "jsonmap",
            dependencies: ["JSONMapper", "JSONMapperCompression", "JSONMapperParquet", "JSONMapperKeySyntax", "JsonmapSpec", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The bench and its corpus models. The macro-declared twitter models build swift-syntax,
        // which takes many minutes in release mode: the bench includes them (its JSONMapper-macro
        // row) only when JSONMAPPER_MACRO_BENCH=1, so the README's bench command stays quick.
        .target(
            name: "CorpusModels",
            dependencies: ["JSONMapper"],
            path: "Benchmarks/CorpusModels"
        ),
        .target(
            name: "MacroCorpusModels",
            dependencies: ["JSONMapperMacros"],
            path: "Benchmarks/MacroCorpusModels"
        ),
        .executableTarget(
            name: "bench",
            // JSONMapperNIO and NIOCore: the request-body rows (a body of ByteBuffers against the same bytes as arrays).
            dependencies: ["JSONMapper", "JSONMapperNIO", .product(name: "NIOCore", package: "swift-nio"), "CorpusModels", "CYajl"]
                + (macroBench ? ["MacroCorpusModels"] : []),
            path: "Benchmarks/bench",
            // A condition of its own, not `canImport`: the module may sit in the build folder
            // (the tests build it) without the bench linking it.
            swiftSettings: macroBench ? [.define("MACRO_BENCH")] : []
        ),

        // Test support in C: live heap bytes and LeakSanitizer's check (`malloc.h` and the
        // sanitizer interfaces are not Swift modules).
        .target(name: "CHeapProbe", path: "Tests/CHeapProbe"),
        .testTarget(
            name: "JSONMapperTests",
            dependencies: ["JSONMapper", "JSONMapperKeySyntax", "CorpusModels", "CHeapProbe"]
        ),
        .testTarget(
            name: "JSONMapperKeySyntaxTests",
            dependencies: ["JSONMapperKeySyntax"]
        ),
        .testTarget(
            name: "JSONMapperMacrosTests",
            dependencies: [
                "JSONMapperMacros",
                "CorpusModels",
                "MacroCorpusModels",
                "JSONMapperMacroPlugin",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "JSONMapperCompressionTests",
            dependencies: ["JSONMapper", "JSONMapperCompression"]
        ),
        .testTarget(
            name: "JSONMapperParquetTests",
            dependencies: ["JSONMapper", "JSONMapperParquet"]
        ),
        .testTarget(
            name: "JSONMapperNIOTests",
            dependencies: ["JSONMapper", "JSONMapperNIO", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .testTarget(
            name: "JsonmapTests",
            dependencies: ["JSONMapper"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation plugin (`swift package generate-documentation`), only for scripts/docs:
// it sets JSONMAPPER_DOCS=1, so `swift build` and `swift test` never resolve or fetch it.
if environment["JSONMAPPER_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
