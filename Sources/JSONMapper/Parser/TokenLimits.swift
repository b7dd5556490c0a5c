extension JSONParser {
    /// The error for a string, key or number that yajl read whole and the sink refused as over
    /// its limit, at the byte where the limit was crossed; `nil` when the sink stopped for
    /// another reason. (One cut by chunks is stopped before that, by ``TokenJoiner``.)
    func limitFailure(in piece: UnsafeRawBufferPointer) -> JSONMapperError? {
        if sink.stoppedAtLongNumber, let limit = limits.maxNumberBytes {
            return TokenJoiner.numberLimitError(at: offsetOfCurrentValue() + limit, limit: limit)
        }
        guard sink.stoppedAtLongString, let limit = limits.maxStringBytes else { return nil }
        // The string is at hand whole, from its opening quote on: count its decoded bytes again
        // up to the one past the limit. (Only lone surrogates, already an error, can make yajl's
        // count differ: then the closing quote is named.)
        var length = DecodedStringLength()
        var offset = offsetOfCurrentValue() + 1
        while true {
            switch length.read(byte(at: offset), at: offset, limit: limit) {
            case .inside: offset += 1
            case .end: return TokenJoiner.stringLimitError(at: offset, limit: limit)
            case .limitCrossed(let crossing): return TokenJoiner.stringLimitError(at: crossing, limit: limit)
            }
        }
    }
}
