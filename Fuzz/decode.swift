import JSONMapper

/// libFuzzer target: the streaming decoder, whole and fed in two chunks split at a byte the
/// input chooses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    fuzzDecodes(bytes)
    if size > 1 {
        let split = Int(data[0]) % size
        let decoder = JSONChunkDecoder(FuzzModel.self)
        _ = try? decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
        _ = try? decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[split...]))
        _ = try? decoder.finish()
    }
    return 0
}
