/// Why a JSON scalar could not become the requested Swift value. The decoder turns it into a
/// ``JSONMapperError`` with the path of the value.
enum CoercionFailure: Error, Equatable {
    /// The JSON value's kind cannot become this type (`"abc"` as `Int`, `true` as `Date`).
    case mismatch
    /// The kind fits but the value does not: out of range, not integral, not a date.
    case invalid(String)
}
