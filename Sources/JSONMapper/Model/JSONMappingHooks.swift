/// A model that sees, and may replace or reject, each raw object before it is mapped
/// (YYModel's `modelCustomWillTransformFromDictionary:`).
///
/// ```swift
/// extension Event: JSONWillMapHook {
///     static func willMap(_ object: JSONValue) throws -> JSONValue? {
///         object["deleted"] == true ? nil : object      // drop deleted records
///     }
/// }
/// ```
/// A rejected object is reported as ``JSONMapperError/invalidValue(path:reason:location:)`` through
/// the invalid-value policy: it fails the decode, or is left out (skip) and listed (collect).
/// Models with a hook are captured whole while streaming; models without one never are.
public protocol JSONWillMapHook: JSONMappable {
    /// The object to map (the same one, or a replacement), or `nil` to reject it.
    static func willMap(_ object: JSONValue) throws -> JSONValue?
}

/// A model that runs code after mapping, with the raw object at hand: to derive state, or to
/// validate and reject the model by throwing (YYModel's `modelCustomTransformFromDictionary:`,
/// MJExtension's did-finish, JSONModel's `validate:`).
///
/// An error thrown here becomes ``JSONMapperError/invalidValue(path:reason:location:)`` at the
/// model's path, reported through the invalid-value policy.
public protocol JSONDidMapHook: JSONMappable {
    /// Called once every key of `object` has been mapped and required keys checked.
    mutating func didMap(from object: JSONValue) throws
}

/// A model whose objects choose their concrete type: a class hierarchy decoded through its
/// base class, for example from a `"type"` discriminator, wherever it appears in the object
/// (YYModel's `modelCustomClassForDictionary:`, Mantle's `classForParsingJSONDictionary:`).
///
/// ```swift
/// class Shape: JSONMappable, JSONPolymorphic {
///     class func mappedType(for object: JSONValue) -> any JSONMappable.Type {
///         switch object["type"]?.string {
///         case "circle": Circle.self
///         case "polygon": Polygon.self
///         default: Shape.self
///         }
///     }
///     …
/// }
/// let shapes = try JSONMapDecoder().decode([Shape].self, from: data)   // Circles and Polygons
/// ```
/// Works wherever the base type is decoded: top level, properties, arrays, dictionaries.
/// A returned type that is not the base or one of its subclasses is reported as
/// ``JSONMapperError/invalidValue(path:reason:location:)``.
///
/// A subclass inherits the choice: decoding `[Polygon]` still calls `mappedType(for:)` on
/// `Polygon` (with the base's implementation unless `Polygon` overrides it), and the chosen type
/// must then be `Polygon` or one of its subclasses. A choice outside it (a `Circle` object in a
/// `[Polygon]`) is reported, naming the class whose `mappedType(for:)` chose.
public protocol JSONPolymorphic: JSONMappable {
    /// The type to decode `object` as: `Self` or a subclass.
    static func mappedType(for object: JSONValue) -> any JSONMappable.Type
}

/// A model that adjusts, or refuses, the JSON object written for it (YYModel's
/// `modelCustomTransformToDictionary:`).
///
/// ```swift
/// extension Event: JSONWillEncodeHook {
///     func willEncode(_ object: JSONValue) throws -> JSONValue? {
///         guard var members = object.object else { return object }
///         members["version"] = 2
///         return .object(members)
///     }
/// }
/// ```
/// Returning `nil` (or throwing) fails the encode with ``JSONMapperError/invalidValue(path:reason:location:)``.
public protocol JSONWillEncodeHook: JSONMappable {
    /// The object to write for this model (the same one, or a replacement), or `nil` to refuse.
    func willEncode(_ object: JSONValue) throws -> JSONValue?
}

/// The hooks a model type declares, type-erased when its meta is compiled.
struct ModelHooks {
    var willMap: ((JSONValue) throws -> JSONValue?)?
    /// The will-encode hook, applied to a model at the given storage.
    var willEncode: ((UnsafeMutableRawPointer, JSONValue) throws -> JSONValue?)?
    var didMap: ((UnsafeMutableRawPointer, JSONValue) throws -> Void)?
    /// The concrete type an object chooses (``JSONPolymorphic/mappedType(for:)``); the
    /// model's codec checks that it is the decoded type or a subclass of it.
    var chooseType: ((JSONValue) -> any JSONMappable.Type)?
    /// The class whose `mappedType(for:)` chooses: the one that declared ``JSONPolymorphic``,
    /// which may be a superclass of the decoded type (for messages).
    var chooser: Any.Type?

    /// A type choice outside the decoded type.
    struct TypeChoiceError: Error {
        let chooser: Any.Type
        let chosen: Any.Type
        let decoded: Any.Type

        var reason: String {
            let choice = "\(chooser).mappedType chose \(chosen), which is not \(withArticle("\(decoded)"))"
            guard chooser != decoded else { return choice }
            return choice + " (decoding \(decoded) directly still asks \(chooser).mappedType)"
        }
    }

    /// Whether decoding needs each object whole before mapping it.
    var needsObject: Bool { willMap != nil || didMap != nil || chooseType != nil }

    init<Model: JSONMappable>(for type: Model.Type) {
        if let hooked = type as? any JSONWillMapHook.Type {
            willMap = { object in try hooked.willMap(object) }
        }
        if let hooked = type as? any JSONDidMapHook.Type {
            didMap = Self.didMapHook(hooked)
        }
        if let polymorphic = type as? any JSONPolymorphic.Type {
            chooseType = { object in polymorphic.mappedType(for: object) }
            chooser = Self.declaringClass(of: polymorphic)
        }
        if let hooked = type as? any JSONWillEncodeHook.Type {
            willEncode = Self.willEncodeHook(hooked)
        }
    }

    private static func willEncodeHook<Hooked: JSONWillEncodeHook>(_: Hooked.Type) -> (UnsafeMutableRawPointer, JSONValue) throws -> JSONValue? {
        { model, object in try model.model(as: Hooked.self).pointee.willEncode(object) }
    }

    private static func didMapHook<Hooked: JSONDidMapHook>(_: Hooked.Type) -> (UnsafeMutableRawPointer, JSONValue) throws -> Void {
        { model, object in try model.model(as: Hooked.self).pointee.didMap(from: object) }
    }

    /// The class that declared ``JSONPolymorphic`` for `type`: its highest ancestor that conforms.
    /// A subclass inherits the conformance (and the `mappedType(for:)` it chooses with) from there.
    private static func declaringClass(of type: any JSONPolymorphic.Type) -> Any.Type {
        guard var declaring = type as? AnyClass else { return type }
        while let superclass = _getSuperclass(declaring), superclass is any JSONPolymorphic.Type {
            declaring = superclass
        }
        return declaring
    }
}
