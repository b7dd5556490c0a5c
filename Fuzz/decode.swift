import CYajlCallbacks
import JSONMapper

/// libFuzzer target: the streaming decoder, whole and fed in two chunks split at a byte the
/// input chooses; and the raw-input pass's wide and narrow lookups, which must judge every
/// input alike.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    precondition(cyajl_input_passes(data, size) == cyajl_input_passes_by_narrow_lookup(data, size),
                 "the wide and the narrow lookup pass disagree")
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
