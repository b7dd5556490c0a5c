// swift-tools-version:6.0
import PackageDescription

// An example of its own: it depends on the root package by path, so that the root package's
// graph does not pull Hummingbird.
let package = Package(
    name: "IngestService",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ingest-service", targets: ["IngestServiceApp"]),
    ],
    dependencies: [
        .package(name: "JSONMapper", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The system's SQLite (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The service as a library, so that the tests drive it in process.
        .target(
            name: "IngestService",
            dependencies: [
                "CSQLite",
                .product(name: "JSONMapper", package: "JSONMapper"),
                .product(name: "JSONMapperMacros", package: "JSONMapper"),
                .product(name: "JSONMapperNIO", package: "JSONMapper"),
                .product(name: "JSONMapperCompression", package: "JSONMapper"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "IngestServiceApp",
            dependencies: ["IngestService", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "IngestServiceTests",
            dependencies: [
                "IngestService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
