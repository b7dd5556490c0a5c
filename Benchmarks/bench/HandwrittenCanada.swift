import CorpusModels
import Foundation

// canada.json by hand: `JSONSerialization` output → CanadaFeatureCollection.

extension CanadaFeatureCollection {
    static func handwritten(_ json: Any) throws -> CanadaFeatureCollection {
        CanadaFeatureCollection(handwritten: try rootObject(json, "CanadaFeatureCollection"))
    }

    init(handwritten json: JSONDictionary) {
        self.init()
        type = json["type"] as? String ?? ""
        features = mapObjects(json["features"], CanadaFeature.init(handwritten:))
    }
}

extension CanadaFeature {
    init(handwritten json: JSONDictionary) {
        self.init()
        type = json["type"] as? String ?? ""
        properties = mapObject(json["properties"], CanadaProperties.init(handwritten:)) ?? CanadaProperties()
        geometry = mapObject(json["geometry"], CanadaGeometry.init(handwritten:)) ?? CanadaGeometry()
    }
}

extension CanadaProperties {
    init(handwritten json: JSONDictionary) {
        self.init()
        name = json["name"] as? String ?? ""
    }
}

extension CanadaGeometry {
    init(handwritten json: JSONDictionary) {
        self.init()
        type = json["type"] as? String ?? ""
        coordinates = json["coordinates"] as? [[[Double]]] ?? []
    }
}
