import Foundation
import JSONMapper

/// libFuzzer target: the `JSONValue` parser and the tree decoders (from `JSONValue`, and from
/// `JSONSerialization`'s objects when Foundation accepts the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if let value = try? JSONValue(parsing: Array(bytes)) {
        _ = try? JSONMapDecoder().decode(FuzzModel.self, from: value)
        _ = try? JSONMapDecoder(options: DecodingOptions(invalidValuePolicy: .skip)).decode([String: FuzzLeaf].self, from: value)
        _ = value.description
    }
    if let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
        _ = try? JSONMapDecoder().decode(FuzzModel.self, fromJSONObject: object)
    }
    return 0
}
