@_exported import JSONMapper

/// Writes a model's ``JSONMappable`` conformance and its `jsonMapping` from its stored `var`
/// properties: the same ``JSONMapping`` and ``JSONMap`` entries written by hand, so a model
/// declared with the macro decodes and encodes exactly as fast.
///
/// ```swift
/// @JSONMappable(keyStrategy: .snakeCase)
/// struct User {
///     @JSONRequired var id: Int64 = 0
///     var screenName = ""                                   // "screen_name"
///     @JSONKey("profile.avatar_url", "avatar") var avatar: URL?
///     @JSONIgnore var cachedScore = 0
/// }
/// ```
///
/// Each stored `var` is mapped under its name, through `keyStrategy`, unless an attribute
/// says otherwise (``JSONKey(_:shared:)``, ``JSONIgnore()``, ``JSONRequired()``,
/// ``JSONTransform(_:)``, ``JSONFamily(_:)``); computed and static properties are skipped.
/// A type that declares `CodingKeys` (a `Codable` type moving to the mapped engine) is mapped
/// as `Codable` reads it: a listed property under its case's string value (taken as one key,
/// dots and brackets included), an unlisted one not at all; `@JSONKey` still wins, and a case
/// that names no mapped property is a warning.
/// On a class the macro also writes `required init()` when the class has none, and on a
/// subclass of a mapped class it extends the superclass's mapping
/// (``JSONMapping/extended(for:keyStrategy:allowing:ignoring:_:)``), whose key strategy the
/// subclass keeps unless it names its own.
///
/// Mistakes are compile errors at the property: a `let`, a non-optional property without a
/// default value, a malformed key (the grammar the runtime uses), a type that is not
/// ``JSONMappableValue``; two properties on one key is a warning unless marked `shared`.
///
/// - Parameter keyStrategy: How property names and declared keys become JSON keys.
@attached(member, conformances: JSONMappable, names: named(jsonMapping), named(init))
@attached(extension, conformances: JSONMappable)
@attached(memberAttribute)
public macro JSONMappable(keyStrategy: JSONKeyStrategy = .useDeclaredKeys) =
    #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONMappableMacro")

/// The JSON key of a property of a ``JSONMappable()`` model, in place of its name: a key
/// (`"id"`), a key path (`"user.id"`), an index path (`"urls[0].expanded"`, `"[0]"`), or
/// several, the first present winning (`@JSONKey("profile.avatar_url", "avatar")`).
///
/// - Parameters:
///   - keys: The keys in priority order, as string literals; checked at compile time. Like
///     every declared key of a mapping, they go through the type's key strategy.
///   - shared: `true` when another property maps the same key on purpose (each is set);
///     without it the macro warns.
@attached(peer)
public macro JSONKey(_ keys: String..., shared: Bool = false) =
    #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONPropertyMarkerMacro")

/// Leaves a property of a ``JSONMappable()`` model out of its mapping: never read, never
/// written.
@attached(peer)
public macro JSONIgnore() = #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONPropertyMarkerMacro")

/// Makes a property of a ``JSONMappable()`` model required: an object without its key (or
/// with `null` for a non-optional property) fails with
/// ``JSONMapperError/keyNotFound(path:location:)``.
@attached(peer)
public macro JSONRequired() = #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONPropertyMarkerMacro")

/// Maps a property of a ``JSONMappable()`` model through a value transformer
/// (`@JSONTransform(.date(format: "MMM dd, yyyy"))`), as `JSONMap(_:_:transform:)` does.
///
/// - Parameter transformer: The transformer; an optional property takes a transformer of
///   its wrapped type.
@attached(peer)
public macro JSONTransform<Transformer: JSONValueTransformer>(_ transformer: Transformer) =
    #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONPropertyMarkerMacro")

/// Maps a protocol-typed property of a ``JSONMappable()`` model (`any Shape`, `(any Shape)?`,
/// `[any Shape]`) through a family that chooses each object's concrete type, as
/// `JSONMap(_:_:family:)` does. A family property takes one key.
///
/// - Parameter family: The family.
@attached(peer)
public macro JSONFamily<Family: JSONPolymorphicFamily>(_ family: Family.Type) =
    #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONPropertyMarkerMacro")

/// Added by ``JSONMappable()`` to each mapped property whose type is written: checks, at the
/// property, that the type is ``JSONMappableValue``. An implementation detail: do not use it.
@attached(peer, names: prefixed(_JSONMappedValue_))
public macro _JSONMappedValue() = #externalMacro(module: "JSONMapperMacroPlugin", type: "JSONMappedValueMacro")

/// Compiles only when `Value` is ``JSONMappableValue``: the check ``_JSONMappedValue()``
/// writes next to a property. An implementation detail: do not use it.
public enum _JSONMappableValueRequirement<Value: JSONMappableValue> {}
