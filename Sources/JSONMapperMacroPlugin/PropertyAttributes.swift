import SwiftSyntax

/// The mapping attributes written on one property declaration (`@JSONKey`, `@JSONIgnore`,
/// `@JSONRequired`, `@JSONTransform`, `@JSONFamily`), found by name, with or without the
/// module prefix.
struct PropertyAttributes {
    var key: AttributeSyntax?
    var ignore: AttributeSyntax?
    var required: AttributeSyntax?
    var transform: AttributeSyntax?
    var family: AttributeSyntax?

    /// The names the macros read, for `@JSONMappable`'s own checks.
    static let names: Set<String> = ["JSONKey", "JSONIgnore", "JSONRequired", "JSONTransform", "JSONFamily"]

    init(_ attributes: AttributeListSyntax) {
        for case .attribute(let attribute) in attributes {
            switch Self.name(of: attribute) {
            case "JSONKey": key = attribute
            case "JSONIgnore": ignore = attribute
            case "JSONRequired": required = attribute
            case "JSONTransform": transform = attribute
            case "JSONFamily": family = attribute
            default: break
            }
        }
    }

    /// Every mapping attribute present, in a fixed order.
    var all: [AttributeSyntax] { [key, ignore, required, transform, family].compactMap { $0 } }

    /// `JSONKey` for `@JSONKey(...)` and `@JSONMapperMacros.JSONKey(...)`.
    static func name(of attribute: AttributeSyntax) -> String? {
        if let simple = attribute.attributeName.as(IdentifierTypeSyntax.self) { return simple.name.text }
        if let qualified = attribute.attributeName.as(MemberTypeSyntax.self) { return qualified.name.text }
        return nil
    }

    /// The first unlabeled argument of `attribute`: the transformer of `@JSONTransform(x)`,
    /// the family of `@JSONFamily(F.self)`.
    static func firstArgument(of attribute: AttributeSyntax) -> ExprSyntax? {
        attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
    }
}
