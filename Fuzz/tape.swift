import CJSONTape
import CYajl

/// libFuzzer target: the tape recorder and its walk. Every input is parsed into a `JSONValue`
/// on a tape of the usual size and on one that holds a few entries (a size the input picks),
/// so that the document is walked in many segments; both must agree on the value or the error. When the input is well-formed, its tape recorded in one piece must keep the
/// invariants of `json_tape.h` (`firstTapeViolation`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTape(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let options = DecodingOptions(maxDepth: 64)
    let whole = Result { () throws(JSONMapperError) in try JSONValueParser.parse(bytes, options: options) }
    let flushEntries = size > 0 ? Int(bytes[0] % 13) + 1 : 1
    let segmented = Result { () throws(JSONMapperError) -> JSONValue in
        let sink = JSONValueParser(maxDepth: min(options.maxDepth, JSONValue.maximumDepth))
        try JSONParser(sink: sink, limits: options.parserLimits, tape: Tape(flushEntries: flushEntries)).parseDocument(bytes)
        guard let value = sink.result else { throw .emptyInput }
        return value
    }
    switch (whole, segmented) {
    case (.success(let a), .success(let b)):
        precondition(a == b, "one tape and many segments give different values")
        checkTape(bytes)
    case (.failure(let a), .failure(let b)):
        precondition("\(a)" == "\(b)", "one tape and many segments fail differently: \(a) / \(b)")
    default:
        preconditionFailure("one tape and many segments disagree: \(whole) / \(segmented)")
    }
    return 0
}

/// Records a well-formed input in one piece and checks its tape.
private func checkTape(_ bytes: UnsafeRawBufferPointer) {
    let tape = Tape()
    tape.prepare(limits: .none, reader: nil)
    let handle = yajl_alloc(jt_callbacks(), nil, tape.context)!
    defer { yajl_free(handle) }
    cyajl_dont_validate_strings(handle)
    precondition(tape.parse(bytes, with: handle, at: 0) == yajl_status_ok, "yajl refused what the parser accepted")
    var entries = tape.recordedEntries
    precondition(tape.complete(with: handle) == yajl_status_ok, "yajl refused the end of what the parser accepted")
    entries += tape.recordedEntries
    if let violation = entries.firstTapeViolation(inputCount: bytes.count) {
        preconditionFailure("tape invariant: \(violation)")
    }
}

