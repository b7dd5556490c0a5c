import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONMappable`: writes the `JSONMappable` conformance and a `jsonMapping` of `JSONMap`
/// entries, one per stored `var`, exactly as a hand-written mapping; diagnoses what cannot
/// be mapped at the property that causes it.
public struct JSONMappableMacro {}

extension JSONMappableMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let sink = DiagnosticSink(context: context)
        // The extension role, which the compiler always expands, diagnoses any other kind.
        guard let model = ModelDeclaration(declaration, conformsAlready: protocols.isEmpty) else { return [] }
        let codingKeys = CodingKeysDeclaration(in: declaration)
        let properties = declaration.memberBlock.members
            .compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .flatMap { MappedProperty.properties(of: $0, codingKeys: codingKeys, in: sink) }
        SharedKeyCheck.diagnose(properties, in: sink)
        if let codingKeys { diagnoseUnusedCases(of: codingKeys, mapped: properties, in: sink) }
        var members = [mappingDeclaration(for: model, properties: properties, keyStrategy: keyStrategy(of: node))]
        if let initializer = initializer(for: model) { members.append(initializer) }
        return members
    }

    /// A `CodingKeys` case that names no mapped property would be a compile error for
    /// `Codable`; here it would silently map nothing.
    private static func diagnoseUnusedCases(of codingKeys: CodingKeysDeclaration, mapped: [MappedProperty], in sink: DiagnosticSink) {
        let names = Set(mapped.map(\.name))
        for (name, node) in codingKeys.cases where !names.contains(name) {
            sink.diagnose(node, .warning("unusedCodingKey",
                "CodingKeys case '\(name)' names no property @JSONMappable maps (a stored 'var' of this type without @JSONKey or @JSONIgnore)"))
        }
    }

    /// The `keyStrategy:` argument as written, or `nil` for the default.
    private static func keyStrategy(of node: AttributeSyntax) -> String? {
        node.arguments?.as(LabeledExprListSyntax.self)?
            .first { $0.label?.text == "keyStrategy" }?
            .expression.trimmedDescription
    }

    /// `static var jsonMapping` (a struct), `class var` (a class), or the override that
    /// extends the superclass's mapping (a subclass).
    private static func mappingDeclaration(for model: ModelDeclaration, properties: [MappedProperty],
                                           keyStrategy: String?) -> DeclSyntax {
        let entries = properties.map { "        \($0.mapEntry)" }.joined(separator: "\n")
        let body = entries.isEmpty ? "{\n    }" : "{\n\(entries)\n    }"
        let strategy = keyStrategy.map { "keyStrategy: \($0)" }
        switch model.kind {
        case .structure:
            return """
                /// The mapping of the stored properties, written by `@JSONMappable`.
                \(raw: model.access)static var jsonMapping: JSONMapper.JSONMapping<Self> {
                    JSONMapper.JSONMapping<Self>\(raw: strategy.map { "(\($0)) " } ?? " ")\(raw: body)
                }
                """
        case .rootClass(let isFinal):
            return """
                /// The mapping of the stored properties, written by `@JSONMappable`.
                \(raw: model.access)\(raw: isFinal ? "static" : "class") var jsonMapping: JSONMapper.JSONMapping<\(raw: model.typeName)> {
                    JSONMapper.JSONMapping<\(raw: model.typeName)>\(raw: strategy.map { "(\($0)) " } ?? " ")\(raw: body)
                }
                """
        case .subclass:
            let arguments = ["for: \(model.typeName).self", strategy].compactMap { $0 }.joined(separator: ", ")
            return """
                /// The superclass's mapping and this class's stored properties, written by `@JSONMappable`.
                \(raw: model.access)override class var jsonMapping: JSONMapper.JSONMapping<MappingRoot> {
                    super.jsonMapping.extended(\(raw: arguments)) \(raw: body)
                }
                """
        }
    }

    /// The `init()` decoding starts from, when the type lacks one it needs: a public struct
    /// needs a public one for its public conformance; a root class must have a
    /// `required init()`; a subclass inherits its superclass's unless it declares initializers
    /// of its own.
    private static func initializer(for model: ModelDeclaration) -> DeclSyntax? {
        guard !model.declaresEmptyInit else { return nil }
        switch model.kind {
        case .structure:
            guard !model.access.isEmpty else { return nil }
            return """
                /// An instance with every property at its default, which decoding fills in.
                \(raw: model.access)init() {}
                """
        case .rootClass(let isFinal):
            return """
                /// An instance with every property at its default, which decoding fills in.
                \(raw: model.initializerAccess)\(raw: isFinal ? "" : "required ")init() {}
                """
        case .subclass:
            guard model.declaresInit else { return nil }
            return """
                /// An instance with every property at its default, which decoding fills in.
                \(raw: model.initializerAccess)required init() {
                    super.init()
                }
                """
        }
    }

    private static func kindDescription(of declaration: some DeclGroupSyntax) -> String {
        if declaration.is(EnumDeclSyntax.self) { return "an enum" }
        if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
        if declaration.is(ActorDeclSyntax.self) { return "an actor" }
        if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
        return "this declaration"
    }
}

extension JSONMappableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
            // Here rather than in the member role: members are expanded only when something
            // asks for them, which nothing may do for an enum.
            DiagnosticSink(context: context).diagnose(node, .error("notStructOrClass",
                "@JSONMappable applies to a struct or a class, not to \(kindDescription(of: declaration))"))
            return []
        }
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): JSONMapper.JSONMappable {}")]
    }
}

extension JSONMappableMacro: MemberAttributeMacro {
    /// Marks each mapped property with a written type `@_JSONMappedValue`, whose peer makes the
    /// compiler check the type where the property is.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self),
              let variable = member.as(VariableDeclSyntax.self), !variable.isStatic, !variable.isComputed,
              variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
              let binding = variable.bindings.first, binding.pattern.is(IdentifierPatternSyntax.self),
              let type = binding.typeAnnotation?.type, !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
        else { return [] }
        let attributes = PropertyAttributes(variable.attributes)
        guard attributes.ignore == nil, attributes.transform == nil, attributes.family == nil else { return [] }
        if attributes.key == nil, let codingKeys = CodingKeysDeclaration(in: declaration),
           codingKeys.keys[binding.pattern.as(IdentifierPatternSyntax.self)!.identifier.trimmedIdentifier] == nil {
            return []
        }
        return ["@_JSONMappedValue"]
    }
}
