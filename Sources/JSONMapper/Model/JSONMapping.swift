/// The declared mapping of a model: which property takes which JSON key, with the
/// type-level options. Written with the ``JSONMap`` DSL:
///
/// ```swift
/// static let jsonMapping = JSONMapping<User>(keyStrategy: .snakeCase) {
///     JSONMap(\.id, "id", required: true)
///     JSONMap(\.screenName, "screenName")                  // looked up as "screen_name"
///     JSONMap(\.avatar, ["profile.avatarURL", "avatar"])   // key path first, then a fallback
/// }
/// ```
///
/// Several properties may share a key (each is set), and one property may list several keys
/// (the first one present in list order wins, wherever it appears in the object).
///
/// Encoding writes a shared key from the first property declared on it, and a key path below
/// a key another property writes (`"a.b"` after `"a"`) not at all. When the properties on a
/// key would write it differently (another type, or through a transformer), the JSON written
/// may not decode back into the later ones: ``JSONMappable/jsonMappingWarnings`` lists such
/// keys (check it in a test: a mapping built at run time has no compiler to warn), and
/// ``JSONMappable/jsonMappingEquals(_:)`` compares the properties that are not written too.
// Sendable: every stored value is immutable: key paths are values, though Swift does not declare them `Sendable`, and the rules are immutable classes whose codec closures run only under the registry's lock, when a model is compiled.
public struct JSONMapping<Root>: @unchecked Sendable {
    let rules: [PropertyRule]
    /// The strategy the rules were declared with; a subclass's own keys follow it too.
    let keyStrategy: JSONKeyStrategy
    let allowed: Set<AnyKeyPath>?
    let ignored: Set<AnyKeyPath>

    /// A mapping from the `JSONMap` entries the builder lists.
    ///
    /// - Parameters:
    ///   - keyStrategy: How declared keys become JSON keys.
    ///   - allowing: If given, only these properties are mapped (MJExtension's allowed list).
    ///   - ignoring: Properties never mapped, even if listed.
    ///   - entries: The `JSONMap` entries, one per mapped property.
    public init(
        keyStrategy: JSONKeyStrategy = .useDeclaredKeys,
        allowing: [PartialKeyPath<Root>]? = nil,
        ignoring: [PartialKeyPath<Root>] = [],
        @JSONMappingBuilder<Root> _ entries: () -> [JSONMap<Root>]
    ) {
        rules = entries().map { $0.makeRule(keyStrategy) }
        self.keyStrategy = keyStrategy
        allowed = allowing.map { Set($0) }
        ignored = Set(ignoring)
    }

    private init(rules: [PropertyRule], keyStrategy: JSONKeyStrategy, allowed: Set<AnyKeyPath>?, ignored: Set<AnyKeyPath>) {
        self.rules = rules
        self.keyStrategy = keyStrategy
        self.allowed = allowed
        self.ignored = ignored
    }

    /// This mapping extended by a subclass's own properties: what a subclass returns from
    /// its `jsonMapping` override.
    ///
    /// ```swift
    /// override class var jsonMapping: JSONMapping<Shape> {
    ///     super.jsonMapping.extended(for: Circle.self) { JSONMap(\.radius, "radius") }
    /// }
    /// ```
    /// The superclass's properties keep their keys. The subclass's own keys follow the
    /// superclass's key strategy unless `keyStrategy` names another, and allow and ignore lists
    /// accumulate: the subclass's lists are added to its superclass's.
    public func extended<Subclass>(
        for subclass: Subclass.Type,
        keyStrategy: JSONKeyStrategy? = nil,
        allowing: [PartialKeyPath<Subclass>]? = nil,
        ignoring: [PartialKeyPath<Subclass>] = [],
        @JSONMappingBuilder<Subclass> _ entries: () -> [JSONMap<Subclass>]
    ) -> JSONMapping<Root> {
        let strategy = keyStrategy ?? self.keyStrategy
        let added = entries().map { $0.makeRule(strategy) }
        let mergedAllowed: Set<AnyKeyPath>? = switch (allowed, allowing) {
        case (nil, nil): nil
        case let (base?, nil): base
        case let (nil, own?): Set(own)
        case let (base?, own?): base.union(own)
        }
        return JSONMapping(rules: rules + added, keyStrategy: strategy, allowed: mergedAllowed, ignored: ignored.union(ignoring))
    }

    /// The rules that survive the allow and ignore lists.
    var activeRules: [PropertyRule] {
        rules.filter { rule in
            !ignored.contains(rule.keyPath) && (allowed?.contains(rule.keyPath) ?? true)
        }
    }
}

extension JSONMapping where Root == _JSONMappingWithoutModelType {
    /// Unavailable: a mapping names its model type, which its key paths start at.
    @available(*, unavailable, message: "name the model type: 'JSONMapping<Model> { … }', or give the property its type: 'static let jsonMapping: JSONMapping<Model> = JSONMapping { … }'")
    public init(
        keyStrategy: JSONKeyStrategy = .useDeclaredKeys,
        allowing: [PartialKeyPath<Root>]? = nil,
        ignoring: [PartialKeyPath<Root>] = [],
        @JSONMappingBuilder<Root> _ entries: () -> [JSONMap<Root>]
    ) {
        fatalError("unavailable")
    }
}

/// Collects ``JSONMap`` entries into a ``JSONMapping``. Supports `if`, `if`/`else` and `for`.
@resultBuilder
public enum JSONMappingBuilder<Root> {
    /// One entry.
    public static func buildExpression(_ entry: JSONMap<Root>) -> [JSONMap<Root>] { [entry] }
    /// Consecutive entries.
    public static func buildBlock(_ parts: [JSONMap<Root>]...) -> [JSONMap<Root>] { parts.flatMap { $0 } }
    /// Entries under an `if` without `else`.
    public static func buildOptional(_ part: [JSONMap<Root>]?) -> [JSONMap<Root>] { part ?? [] }
    /// Entries of the taken `if` branch.
    public static func buildEither(first part: [JSONMap<Root>]) -> [JSONMap<Root>] { part }
    /// Entries of the taken `else` branch.
    public static func buildEither(second part: [JSONMap<Root>]) -> [JSONMap<Root>] { part }
    /// Entries from a `for` loop.
    public static func buildArray(_ parts: [[JSONMap<Root>]]) -> [JSONMap<Root>] { parts.flatMap { $0 } }
}
