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

/// A type name with its indefinite article, as the name is read aloud: "an Int", "a UInt8",
/// "a URL", "an HTTPClient", "an int", "a User". An acronym (a capital followed by a capital
/// or a digit, or alone) is read letter by letter, so its first letter's name decides; otherwise a vowel does,
/// except the vowels read with a consonant sound ("a Unit", "a User", "a European", "a One").
func withArticle(_ name: String) -> String {
    let letters = Array(name.prefix(3))
    guard let first = letters.first else { return name }
    let isAcronym = first.isUppercase && (letters.count == 1 || letters[1].isUppercase || letters[1].isNumber)
    let anStarts: Bool
    if isAcronym {
        anStarts = "AEFHILMNORSX".contains(first)
    } else {
        let start = String(letters).lowercased()
        switch start.first {
        case "a", "i": anStarts = true
        case "e": anStarts = !start.hasPrefix("eu")
        case "o": anStarts = !start.hasPrefix("one")
        // "un", "up", "ul"…, but "uni", "us", "ut" and "ur" start with "you".
        case "u": anStarts = !start.hasPrefix("uni") && "nplmgdb".contains(start.dropFirst().first ?? "x")
        default: anStarts = false
        }
    }
    return (anStarts ? "an " : "a ") + name
}
