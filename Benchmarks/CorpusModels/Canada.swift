import JSONMapper

// Models of `canada.json`: a GeoJSON feature collection holding Canada's outline as one
// polygon of about 56,000 coordinate pairs.

/// The root of `canada.json`: a GeoJSON `FeatureCollection`.
public struct CanadaFeatureCollection: JSONMappable, Codable, Equatable, Sendable {
    /// The GeoJSON type (`FeatureCollection`).
    public var type = ""
    /// The features of the collection.
    public var features: [CanadaFeature] = []

    /// An empty collection.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CanadaFeatureCollection> {
        JSONMap(\.type, "type")
        JSONMap(\.features, "features")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case type
        case features
    }
}

/// A GeoJSON `Feature`: a named geometry.
public struct CanadaFeature: JSONMappable, Codable, Equatable, Sendable {
    /// The GeoJSON type (`Feature`).
    public var type = ""
    /// The feature's properties.
    public var properties = CanadaProperties()
    /// The feature's shape.
    public var geometry = CanadaGeometry()

    /// An empty feature.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CanadaFeature> {
        JSONMap(\.type, "type")
        JSONMap(\.properties, "properties")
        JSONMap(\.geometry, "geometry")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case type
        case properties
        case geometry
    }
}

/// The `properties` object of a feature.
public struct CanadaProperties: JSONMappable, Codable, Equatable, Sendable {
    /// The feature's name.
    public var name = ""

    /// Empty properties.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CanadaProperties> {
        JSONMap(\.name, "name")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case name
    }
}

/// A GeoJSON polygon geometry.
public struct CanadaGeometry: JSONMappable, Codable, Equatable, Sendable {
    /// The GeoJSON type (`Polygon`).
    public var type = ""
    /// The polygon's rings, each a list of `[longitude, latitude]` pairs.
    public var coordinates: [[[Double]]] = []

    /// An empty geometry.
    public init() {}

    /// The JSONMapper mapping.
    public static let jsonMapping = JSONMapping<CanadaGeometry> {
        JSONMap(\.type, "type")
        JSONMap(\.coordinates, "coordinates")
    }

    /// The JSON keys for `Codable`.
    enum CodingKeys: String, CodingKey {
        case type
        case coordinates
    }
}
