import Foundation

// What an app without a mapping library writes: `JSONSerialization.jsonObject(with:)`, then
// `dict["key"] as? T ?? default` for every property. These helpers are the few lines such code
// usually grows; the per-corpus files use them to build the CorpusModels structs.

typealias JSONDictionary = [String: Any]

/// The root of a document wasn't the JSON object the model expects.
struct HandwrittenMappingError: Error, CustomStringConvertible {
    let description: String
}

/// The top-level object of a `JSONSerialization` result.
func rootObject(_ json: Any, _ model: String) throws -> JSONDictionary {
    guard let object = json as? JSONDictionary else {
        throw HandwrittenMappingError(description: "\(model): the top-level value is not an object")
    }
    return object
}

/// An array of objects, each mapped by `make`; anything else in the array is skipped.
@inline(__always)
func mapObjects<T>(_ value: Any?, _ make: (JSONDictionary) -> T) -> [T] {
    guard let array = value as? [Any] else { return [] }
    var result: [T] = []
    result.reserveCapacity(array.count)
    for element in array {
        if let object = element as? JSONDictionary { result.append(make(object)) }
    }
    return result
}

/// A nested object mapped by `make`, or nil when it is absent, null or not an object.
@inline(__always)
func mapObject<T>(_ value: Any?, _ make: (JSONDictionary) -> T) -> T? {
    (value as? JSONDictionary).map(make)
}
