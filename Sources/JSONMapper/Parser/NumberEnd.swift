import CYajl
import CYajlCallbacks

/// RFC 8259 ends a number only at whitespace, `,`, `]`, `}` or the end of the input. yajl's
/// lexer ends it at any byte that cannot continue it, so `01` reads as `0` then `1`, and
/// `0x10` as `0` then `x`, and the error came one token later, at a place that moved with
/// the chunking. The parser checks the byte after each number instead, when yajl hands the
/// number out: yajl has just read that byte (a number ends only once the byte after it is
/// seen) and stepped back onto it, so it is the next byte yajl will read.
extension JSONParser {
    /// Whether the byte just after a number's text ends it as JSON allows. yajl hands out a
    /// number either in the input, where that byte is the one it stopped at, or in its own
    /// token buffer (a number cut by a chunk boundary, or at the very end), which is always
    /// NUL-padded (yajl_buf.h): only when this says no does the parser have to look (see
    /// ``numberEndsAtDelimiter()``), so most numbers cost one byte test.
    @inline(__always)
    static func isDelimiter(after text: UnsafePointer<UInt8>, count: Int) -> Bool {
        cyajl_ends_number(text[count]) != 0
    }

    /// Whether the number yajl is handing out ends where JSON allows; if not, the offset of
    /// the byte that follows it is kept for ``numberFault``.
    func numberEndsAtDelimiter() -> Bool {
        // While finishing, the byte yajl read is the space it feeds itself to end the input.
        guard !isFinishing else { return true }
        let next = yajl_get_bytes_consumed(handle)
        guard next < current.count else { return true }
        if cyajl_ends_number(current[next]) != 0 { return true }
        malformedNumberEnd = next
        return false
    }

    /// The syntax error of a number that does not end where JSON allows, if yajl stopped at one.
    func numberFault(in chunk: UnsafeRawBufferPointer) -> JSONMapperError? {
        guard let next = malformedNumberEnd else { return nil }
        let byte = chunk[next]
        let message = byte >= 0x30 && byte <= 0x39
            ? "a number cannot start with a zero followed by more digits"
            : "a number must be followed by whitespace, ',', ']' or '}'"
        return syntaxError(at: next, in: chunk, message: message)
    }
}
