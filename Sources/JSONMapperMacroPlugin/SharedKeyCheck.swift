import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// Two properties on one key is legal (each is set from it) but usually a slip: warn unless
/// either says `@JSONKey(..., shared: true)`.
enum SharedKeyCheck {
    static func diagnose(_ properties: [MappedProperty], in sink: DiagnosticSink) {
        var owners: [String: (property: MappedProperty, node: Syntax)] = [:]
        for property in properties {
            for (key, node) in zip(property.keys, property.keyNodes) {
                guard let owner = owners[key] else {
                    owners[key] = (property, node)
                    continue
                }
                guard owner.property.name != property.name, !owner.property.isShared, !property.isShared else { continue }
                sink.diagnose(node, .warning("sharedKey",
                    "'\(property.name)' maps key \"\(key)\", which '\(owner.property.name)' maps too: both are set from it; mark it @JSONKey(..., shared: true) if that is intended"),
                    fixIt: markShared(property, key: key),
                    notes: [Note(node: owner.node, message: MappingNote(message: "'\(owner.property.name)' maps \"\(key)\" here", id: "sharedKeyOwner"))])
            }
        }
    }

    /// Adds `shared: true` to the property's `@JSONKey`, or writes one naming the key.
    private static func markShared(_ property: MappedProperty, key: String) -> FixIt {
        let message = MappingFixIt(message: "mark the key shared", id: "markShared")
        if let attribute = property.keyAttribute, var arguments = attribute.arguments?.as(LabeledExprListSyntax.self),
           let last = arguments.last {
            arguments[arguments.index(before: arguments.endIndex)] = last.with(\.trailingComma, .commaToken(trailingTrivia: .space))
            arguments.append(LabeledExprSyntax(label: .identifier("shared"), colon: .colonToken(trailingTrivia: .space),
                                               expression: BooleanLiteralExprSyntax(true)))
            let marked = attribute.with(\.arguments, .argumentList(arguments))
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(marked))])
        }
        let declaration = property.declaration
        let attribute = AttributeSyntax("@JSONKey(\(literal: key), shared: true)")
            .with(\.leadingTrivia, declaration.leadingTrivia)
            .with(\.trailingTrivia, .space)
        let marked = declaration
            .with(\.leadingTrivia, [])
            .with(\.attributes, [.attribute(attribute)] + declaration.attributes)
        return FixIt(message: message, changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(marked))])
    }
}
