import CorpusModels
import Foundation
@testable import JSONMapper
import Testing

// The corpus models (Benchmarks/CorpusModels, and gsoc's below) decoded by Foundation, then
// encoded by both encoders: the same bytes with sorted keys, pretty or not, and the same
// values without.

@Suite("Codable encoder parity: corpus")
struct CodableEncoderCorpusTests {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/Corpus", isDirectory: true)

    private func decoded<T: Decodable>(_ type: T.Type, _ file: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(contentsOf: Self.corpus.appendingPathComponent(file)))
    }

    private func expectParity<T: Codable & Equatable>(_ value: T) throws {
        try expectSameBytes(value)
        var settings = EncoderSettings()
        settings.formatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try expectSameBytes(value, settings)
        let unsorted = try JSONCodableEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: unsorted) == value)
    }

    @Test func twitter() throws { try expectParity(decoded(TwitterTimeline.self, "twitter.json")) }
    @Test func citmCatalog() throws { try expectParity(decoded(CitmCatalog.self, "citm_catalog.json")) }
    @Test func canada() throws { try expectParity(decoded(CanadaFeatureCollection.self, "canada.json")) }
    @Test func githubEvents() throws { try expectParity(decoded([GitHubEvent].self, "github_events.json")) }
    @Test func gsoc() throws { try expectParity(decoded([String: GsocProject].self, "gsoc-2018.json")) }

    @Test func snakeCaseKeysOnTheCorpus() throws {
        var settings = EncoderSettings()
        settings.keys = .convertToSnakeCase
        try expectSameBytes(decoded(TwitterTimeline.self, "twitter.json"), settings)
        try expectSameBytes(decoded([String: GsocProject].self, "gsoc-2018.json"), settings)
    }
}

/// gsoc-2018.json's projects, as the bench declares them for Codable (Benchmarks/bench/GSoC.swift).
private struct GsocProject: Codable, Equatable {
    var context: String
    var type: String
    var name: String
    var description: String
    var sponsor: Sponsor
    var author: Author

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case type = "@type"
        case name, description, sponsor, author
    }

    struct Sponsor: Codable, Equatable {
        var type: String
        var name: String
        var disambiguatingDescription: String
        var description: String
        var url: String
        var logo: String

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name, disambiguatingDescription, description, url, logo
        }
    }

    struct Author: Codable, Equatable {
        var type: String
        var name: String

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name
        }
    }
}
