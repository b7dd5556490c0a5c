import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONKey`, `@JSONIgnore`, `@JSONRequired`, `@JSONTransform`, `@JSONFamily`: markers that
/// `@JSONMappable` reads from the properties. On their own they add nothing.
public struct JSONPropertyMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
