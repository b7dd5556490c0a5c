/// Which conversions from a JSON scalar to a Swift value are allowed: the one choice every
/// coercion entry takes, whichever engine calls it.
enum CoercionPolicy {
    /// The mapped models' default: a value of another kind converts when it can (`"42"` as an
    /// `Int`, `1` as a `Bool`), and `null` keeps the destination's value.
    case lenient
    /// The mapped models' `.strict` option: only a value of the type's own kind; `null` is
    /// a mismatch.
    case strict
    /// The Codable drop-in's, as Foundation's `JSONDecoder` decides: only a value of the type's
    /// own kind, and a number that the type cannot hold (one past its range, or rounding to a
    /// zero it is not) is invalid; `null` is a mismatch, which the caller reports as Foundation
    /// does.
    case foundation
}
