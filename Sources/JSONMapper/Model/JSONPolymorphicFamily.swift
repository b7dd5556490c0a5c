/// A property whose type is a protocol (`any Shape`), decoded by choosing a concrete model
/// type per object, as ``JSONPolymorphic`` does for class hierarchies.
///
/// ```swift
/// enum ShapeFamily: JSONPolymorphicFamily {
///     static func mappedType(for object: JSONValue) -> any JSONMappable.Type {
///         object["type"] == "circle" ? Circle.self : Square.self
///     }
///     static func member(_ model: any JSONMappable) -> (any Shape)? { model as? any Shape }
/// }
/// JSONMap(\.shapes, "shapes", family: ShapeFamily.self)   // var shapes: [any Shape] = []
/// ```
public protocol JSONPolymorphicFamily {
    /// The property's type, usually an existential such as `any Shape`.
    associatedtype Member

    /// The model type to decode `object` as.
    static func mappedType(for object: JSONValue) -> any JSONMappable.Type

    /// The decoded model as a member of the family, or `nil` if it is not one (reported as
    /// ``JSONMapperError/invalidValue(path:reason:location:)``).
    static func member(_ model: any JSONMappable) -> Member?
}
