/// RFC 8259 ends a number only at whitespace, `,`, `]`, `}` or the end of the input. yajl's
/// lexer ends it at any byte that cannot continue it, so `01` reads as `0` then `1`, and
/// `0x10` as `0` then `x`, and the error would come one token later, at a place that moves
/// with the chunking. The tape recorder checks the byte after each number as yajl hands the
/// number out (`on_number` in `json_tape.c`) and stops at one JSON does not allow; this names it.
extension JSONParser {
    /// The syntax error of a number followed, at `next` in `chunk`, by a byte JSON does not
    /// allow after one.
    func numberFault(at next: Int, in chunk: UnsafeRawBufferPointer) -> JSONMapperError {
        let byte = chunk[next]
        let message = byte >= 0x30 && byte <= 0x39
            ? "a number cannot start with a zero followed by more digits"
            : "a number must be followed by whitespace, ',', ']' or '}'"
        return syntaxError(at: next, in: chunk, message: message)
    }
}
