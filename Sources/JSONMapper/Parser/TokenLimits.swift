extension JSONParser {
    /// The error for a string, key or number that yajl read whole and the tape recorder stopped
    /// at as over its limit (the current token), at the byte where the limit was crossed. (One
    /// cut by chunks is stopped before that, by ``TokenJoiner``.)
    func limitFailure(isNumber: Bool) -> JSONMapperError {
        if isNumber {
            let limit = limits.maxNumberBytes ?? 0
            return TokenJoiner.numberLimitError(at: offsetOfCurrentValue() + limit, limit: limit)
        }
        let limit = limits.maxStringBytes ?? 0
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
