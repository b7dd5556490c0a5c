/// A quotation of an offending value in an error message. A value longer than
/// `excerptLimit` bytes is cut (at a character boundary) and followed by `…` and its whole
/// length, so a megabyte string or a million-digit number still gives a one-line message:
/// `"aaaa…" (1000000 bytes)`.
func describe(_ text: UnsafeBufferPointer<UInt8>, quoted: Bool = false) -> String {
    let quote = quoted ? "\"" : ""
    guard text.count > excerptLimit else { return quote + String(decoding: text, as: UTF8.self) + quote }
    var cut = excerptLimit
    // Back to the first byte of a character, so the excerpt ends on a whole one.
    while cut > 0, text[cut] & 0xC0 == 0x80 { cut -= 1 }
    return quote + String(decoding: text.prefix(cut), as: UTF8.self) + "…" + quote + " (\(text.count) bytes)"
}

/// A quotation of an offending text value (see ``describe(_:quoted:)``).
func describe(_ string: String, quoted: Bool = false) -> String {
    var string = string
    return string.withUTF8 { describe($0, quoted: quoted) }
}

/// The most bytes of a value an error message quotes.
let excerptLimit = 64
