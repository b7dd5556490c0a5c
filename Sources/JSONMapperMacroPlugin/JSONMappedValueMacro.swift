import SwiftSyntax
import SwiftSyntaxMacros

/// `@_JSONMappedValue`, added by `@JSONMappable` to a mapped property with a written type:
/// a type alias next to the property that compiles only when the type is
/// `JSONMappableValue`, so the compiler reports a wrong type at the property rather than in
/// the generated mapping.
public struct JSONMappedValueMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
              let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedIdentifier,
              let type = binding.typeAnnotation?.type.trimmed
        else { return [] }
        return ["private typealias _JSONMappedValue_\(raw: name) = JSONMapperMacros._JSONMappableValueRequirement<\(type)>"]
    }
}

extension TokenSyntax {
    /// The identifier without backticks: `` `default` `` is `default`.
    var trimmedIdentifier: String {
        identifier?.name ?? text
    }
}
