/// Cuts the chunks fed to the parser so that yajl reads every string and number in one piece,
/// however the input was cut: each byte reaches yajl once.
///
/// yajl keeps the start of a token that a chunk cuts and reads it again from its first byte
/// with every later chunk, so a long token fed in small chunks costs the square of its length.
/// The joiner hands on each chunk up to where a string or number still open at its end
/// starts, holds that token's bytes back, looks only at the new bytes of each later chunk for
/// its end, then hands on the whole token with the byte that ends it. (`true`, `false` and
/// `null` are at most five bytes: yajl keeps those itself.)
///
/// A held token is checked against the string and number limits byte by byte, so one over
/// its limit fails at the byte where the limit is crossed and is not held any further.
struct TokenJoiner {
    private let maxStringBytes: Int
    private let maxNumberBytes: Int
    /// Bytes handed on so far, which is where a held token starts.
    private(set) var handedBytes = 0
    /// The held token's bytes.
    private var held: [UInt8] = []
    private var token = HeldToken.none

    private enum HeldToken {
        case none
        case string(DecodedStringLength)
        case number(NumberPrefix)
    }

    init(limits: JSONParser.Limits) {
        maxStringBytes = limits.maxStringBytes ?? .max
        maxNumberBytes = limits.maxNumberBytes ?? .max
    }

    /// The bytes received and not yet handed on.
    var heldCount: Int { held.count }

    /// Hands `chunk` on to `feed` in pieces that end between tokens, keeping back the start of
    /// a string or number that goes on past its end.
    mutating func split(_ chunk: UnsafeRawBufferPointer,
                        into feed: (UnsafeRawBufferPointer) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        var rest = chunk
        if case .none = token {} else {
            guard let end = try endOfHeldToken(in: rest, at: handedBytes + held.count) else {
                held.append(contentsOf: rest)
                return
            }
            held.append(contentsOf: rest.prefix(end))
            token = .none
            try handOnHeld(to: feed)
            rest = UnsafeRawBufferPointer(rebasing: rest[end...])
        }
        let cut = Self.startOfOpenToken(in: rest)
        if cut > 0 { try handOn(UnsafeRawBufferPointer(rebasing: rest[..<cut]), to: feed) }
        guard cut < rest.count else { return }
        let open = UnsafeRawBufferPointer(rebasing: rest[cut...])
        if try hold(open) == false { try handOn(open, to: feed) }
    }

    /// Hands on a token still held at the end of the input, for yajl to finish or reject.
    mutating func flush(into feed: (UnsafeRawBufferPointer) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        guard !held.isEmpty else { return }
        token = .none
        try handOnHeld(to: feed)
    }

    private mutating func handOn(_ piece: UnsafeRawBufferPointer,
                                 to feed: (UnsafeRawBufferPointer) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        try feed(piece)
        handedBytes += piece.count
    }

    private mutating func handOnHeld(to feed: (UnsafeRawBufferPointer) throws(JSONMapperError) -> Void) throws(JSONMapperError) {
        let piece = held
        held = []    // frees a long token's memory before yajl reads it
        try InputBytes.withBytes(of: piece) { (bytes) throws(JSONMapperError) in try handOn(bytes, to: feed) }
    }

    /// Starts holding the token at the start of `bytes`, which runs to the end of the chunk;
    /// `false` when it is not one to hold after all (a control character ends the string, or
    /// the bytes are no number): an error for yajl to report.
    private mutating func hold(_ bytes: UnsafeRawBufferPointer) throws(JSONMapperError) -> Bool {
        if bytes[0] == UInt8(ascii: "\"") {
            token = .string(DecodedStringLength())
            let contents = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
            guard try endOfHeldToken(in: contents, at: handedBytes + 1) == nil else {
                token = .none
                return false
            }
        } else {
            guard let number = NumberPrefix(bytes) else { return false }
            if number.count > maxNumberBytes { throw Self.numberLimitError(at: handedBytes + maxNumberBytes, limit: maxNumberBytes) }
            token = .number(number)
        }
        held = Array(bytes)
        return true
    }

    /// Where the held token ends in `bytes` (the index just past the byte that ends it), or
    /// `nil` when it goes on past them; the bytes start at offset `start` of the input.
    private mutating func endOfHeldToken(in bytes: UnsafeRawBufferPointer, at start: Int) throws(JSONMapperError) -> Int? {
        switch token {
        case .none: return 0    // nothing held: nothing of `bytes` belongs to it
        case .string(var length):
            defer { token = .string(length) }
            return try Self.endOfString(in: bytes, at: start, length: &length, limit: maxStringBytes)
        case .number(var number):
            defer { token = .number(number) }
            return try Self.endOfNumber(in: bytes, at: start, number: &number, limit: maxNumberBytes)
        }
    }

    private static func endOfString(in bytes: UnsafeRawBufferPointer, at start: Int, length: inout DecodedStringLength,
                                    limit: Int) throws(JSONMapperError) -> Int? {
        let (step, end) = length.read(bytes, at: start, limit: limit)
        switch step {
        case .inside: return nil
        case .end: return end
        case .limitCrossed(let offset): throw stringLimitError(at: offset, limit: limit)
        }
    }

    private static func endOfNumber(in bytes: UnsafeRawBufferPointer, at start: Int, number: inout NumberPrefix,
                                    limit: Int) throws(JSONMapperError) -> Int? {
        var i = 0
        while i < bytes.count {
            if number.continuesWithDigits {
                let run = i
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
                if number.count + (i - run) > limit { throw numberLimitError(at: start + run + (limit - number.count), limit: limit) }
                number.acceptDigits(i - run)
                guard i < bytes.count else { return nil }
            }
            // The byte after a number goes with it when it is punctuation or space, so that
            // yajl sees the number end in the same piece.
            guard number.accepts(bytes[i]) else { return isDelimiter(bytes[i]) ? i + 1 : i }
            if number.count > limit { throw numberLimitError(at: start + i, limit: limit) }
            i += 1
        }
        return nil
    }

    /// Where a string or number that is still open at the end of `bytes` starts, or
    /// `bytes.count`. The bytes start between tokens.
    static func startOfOpenToken(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        // Jump from quote to quote: a string is open at the end when its closing quote is
        // missing. (A quote after an odd run of backslashes is escaped.)
        var afterStrings = 0
        while let open = firstOccurrence(of: UInt8(ascii: "\""), in: base + afterStrings, count: bytes.count - afterStrings) {
            let opening = open - base
            var from = opening + 1
            while true {
                guard let found = firstOccurrence(of: UInt8(ascii: "\""), in: base + from, count: bytes.count - from) else {
                    return opening
                }
                let quote = found - base
                var backslashes = 0
                while quote - backslashes - 1 > opening, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                from = quote + 1
                if backslashes % 2 == 0 { break }
            }
            afterStrings = from
        }
        // Outside strings at the end: a number may run up to it.
        var start = bytes.count
        while start > afterStrings, isNumberByte(bytes[start - 1]) { start -= 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "-") || isDigit(bytes[start]) else { return bytes.count }
        return start
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        JSONParser.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ":")
    }

    static func stringLimitError(at offset: Int, limit: Int) -> JSONMapperError {
        .limitExceeded(offset: offset, message: "a string or key is longer than the limit of \(limit) bytes")
    }

    static func numberLimitError(at offset: Int, limit: Int) -> JSONMapperError {
        .limitExceeded(offset: offset, message: "a number is longer than the limit of \(limit) bytes")
    }
}
