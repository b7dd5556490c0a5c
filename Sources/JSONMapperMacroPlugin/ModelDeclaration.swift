import SwiftSyntax

/// The type `@JSONMappable` is attached to, as far as its mapping needs: what kind of type it
/// is, its name with generic arguments, and the access level of the members written for it.
struct ModelDeclaration {
    enum Kind: Equatable {
        case structure
        /// A class that declares the conformance itself.
        case rootClass(isFinal: Bool)
        /// A class whose superclass is already `JSONMappable`: it extends that mapping.
        case subclass
    }

    let kind: Kind
    /// `Box<T>` for `struct Box<T>`.
    let typeName: String
    /// `public ` (with its space), or empty.
    let access: String
    /// Whether the body declares `init()`.
    let declaresEmptyInit: Bool
    /// Whether the body declares any initializer.
    let declaresInit: Bool

    /// The model `declaration` describes, or `nil` when it is not a struct or a class.
    /// - Parameter conformsAlready: Whether the compiler found the type `JSONMappable` already
    ///   (it passes only the protocols the type does not conform to): for a class that does
    ///   not name the protocol itself, through its superclass.
    init?(_ declaration: some DeclGroupSyntax, conformsAlready: Bool) {
        let name: TokenSyntax
        let generics: GenericParameterClauseSyntax?
        if let structure = declaration.as(StructDeclSyntax.self) {
            kind = .structure
            name = structure.name
            generics = structure.genericParameterClause
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            // A class that names the protocol (or `JSONPolymorphic`, which refines it) is the
            // root of its mapping even though the compiler reports it conforming already.
            let namesProtocol = classDecl.inheritanceClause?.inheritedTypes.contains {
                let name = $0.type.trimmedDescription
                return name.hasSuffix("JSONMappable") || name.hasSuffix("JSONPolymorphic")
            } ?? false
            let isFinal = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
            kind = conformsAlready && !namesProtocol ? .subclass : .rootClass(isFinal: isFinal)
            name = classDecl.name
            generics = classDecl.genericParameterClause
        } else {
            return nil
        }
        let arguments = generics?.parameters.map(\.name.text) ?? []
        typeName = name.text + (arguments.isEmpty ? "" : "<\(arguments.joined(separator: ", "))>")
        access = Self.access(of: declaration.modifiers, isOpenClass: kind != .structure)
        let initializers = declaration.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        declaresInit = !initializers.isEmpty
        declaresEmptyInit = initializers.contains { $0.signature.parameterClause.parameters.isEmpty }
    }

    /// The access modifier the written members need to be as visible as the type.
    private static func access(of modifiers: DeclModifierListSyntax, isOpenClass: Bool) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public): return "public "
            case .keyword(.open): return isOpenClass ? "open " : "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// `public ` for an `open` class's initializer, which cannot be `open`.
    var initializerAccess: String { access == "open " ? "public " : access }
}
