import JSONMapper

/// libFuzzer target: whenever the input decodes, encoding the model and decoding that gives
/// the same model. A mismatch traps, so libFuzzer reports and keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let model = try? JSONMapDecoder().decode(RoundTripModel.self, from: bytes) else { return 0 }
    let options = EncodingOptions(dateStrategy: .secondsSince1970)
    guard let encoded = try? JSONMapEncoder(options: options).encode(model, as: [UInt8].self) else {
        preconditionFailure("a decoded model failed to encode")
    }
    guard let again = try? JSONMapDecoder().decode(RoundTripModel.self, from: encoded) else {
        preconditionFailure("the encoder wrote JSON its decoder rejects: \(String(decoding: encoded, as: UTF8.self))")
    }
    precondition(again == model, "round trip changed the model: \(String(decoding: encoded, as: UTF8.self))")
    return 0
}
