/// A model decoded from JSON objects through its ``jsonMapping``.
///
/// Mapped properties are `var`s with default values: decoding starts from `init()` and sets
/// what the JSON holds, so a key that is absent leaves its property's default.
///
/// ```swift
/// struct User: JSONMappable {
///     var id = 0
///     var screenName = ""
///     var avatar: URL?
///     static let jsonMapping = JSONMapping<User> {
///         JSONMap(\.id, "id", required: true)
///         JSONMap(\.screenName, "screen_name")
///         JSONMap(\.avatar, ["profile.avatar_url", "avatar"])
///     }
/// }
/// ```
///
/// Classes conform the same way with `required init()`; a subclass overrides
/// `class var jsonMapping` with its superclass's mapping ``JSONMapping/extended(for:keyStrategy:allowing:ignoring:_:)``.
public protocol JSONMappable: JSONMappableValue {
    /// The type the mapping's key paths start from: the model itself, or for a class
    /// hierarchy the class that first declared the conformance. Inferred from ``jsonMapping``.
    associatedtype MappingRoot = Self

    /// A model with every property at its default, which decoding then fills in.
    init()

    /// How the model's properties map to JSON keys. Compiled once per type, on first use.
    static var jsonMapping: JSONMapping<MappingRoot> { get }
}
