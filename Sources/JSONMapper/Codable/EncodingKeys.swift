/// The coding keys the encoder makes itself, and Foundation's snake-case conversion.
enum EncodingKeys {
    /// `key` as Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` writes it.
    ///
    /// Not ``JSONKeyStrategy/snakeCase``, which reads acronyms differently (`URLString` is
    /// `url_string` there, `u_rl_string` here). Foundation's rule, on Unicode scalars: after the
    /// first scalar, a word ends before each upper-case letter (categories Lu, Lt); a run of
    /// upper-case letters followed, after more than one of them, by a lower-case letter (Ll) is
    /// a word of its own up to the letter before the lower-case one; words are lower-cased and
    /// joined with `_`. `oneTwoThree` → `one_two_three`, `myURLProperty` → `my_url_property`,
    /// `_leading_` is unchanged.
    static func snakeCased(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = scalars[searchStart...].firstIndex(where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLowercase) else {
                wordStart = upper
                searchStart = scalars.count
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
            if searchStart >= scalars.count { break }
        }
        words.append(wordStart..<scalars.count)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
