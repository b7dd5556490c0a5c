import JSONMapperKeySyntax
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// One stored property `@JSONMappable` maps: what its `JSONMap` entry is made of.
struct MappedProperty {
    /// The property's name, without backticks.
    let name: String
    /// The name as written (with its backticks, if any), for the key path.
    let writtenName: String
    /// The declared keys in priority order, as string literal source text (`"id"`).
    let keyLiterals: [String]
    /// The declared keys' values, for the duplicate check.
    let keys: [String]
    /// Where each key is written: its `@JSONKey` argument, or the property's name.
    let keyNodes: [Syntax]
    let isRequired: Bool
    /// `@JSONKey(..., shared: true)`: another property may map the same key.
    let isShared: Bool
    let transform: ExprSyntax?
    let family: ExprSyntax?
    /// The declaration, for the fix-it of the duplicate-key warning.
    let declaration: VariableDeclSyntax
    let keyAttribute: AttributeSyntax?

    /// The property's `JSONMap` entry: the DSL written by hand.
    var mapEntry: String {
        var entry = "JSONMapper.JSONMap(\\.\(writtenName), "
        entry += keyLiterals.count == 1 ? keyLiterals[0] : "[\(keyLiterals.joined(separator: ", "))]"
        if isRequired { entry += ", required: true" }
        if let transform { entry += ", transform: \(transform.trimmedDescription)" }
        if let family { entry += ", family: \(family.trimmedDescription)" }
        return entry + ")"
    }
}

extension MappedProperty {
    /// The properties `variable` declares that are mapped, diagnosing what cannot be: a `let`,
    /// a missing default, malformed keys, misplaced attributes. With `codingKeys`, a property
    /// without `@JSONKey` takes its key from them, and one they do not list is not mapped.
    static func properties(of variable: VariableDeclSyntax, codingKeys: CodingKeysDeclaration?,
                           in sink: DiagnosticSink) -> [MappedProperty] {
        let attributes = PropertyAttributes(variable.attributes)
        if let codingKeys, attributes.key == nil, !variable.isStatic, !variable.isComputed, attributes.ignore == nil,
           variable.bindingNames.allSatisfy({ codingKeys.keys[$0] == nil }) {
            return []
        }
        guard let keyList = keyList(of: variable, attributes, in: sink) else { return [] }
        var mapped: [MappedProperty] = []
        for (index, binding) in variable.bindings.enumerated() {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                sink.diagnose(binding.pattern, .error("destructuring",
                    "@JSONMappable maps named properties; declare each property of this pattern separately"))
                continue
            }
            let type = variable.type(ofBindingAt: index)
            if binding.initializer == nil, !(type?.isOptional ?? false) {
                diagnoseMissingDefault(binding, type: type, in: sink)
                continue
            }
            let name = pattern.identifier.trimmedIdentifier
            let declaresKeys = !keyList.literals.isEmpty
            let codingKey = declaresKeys ? nil : codingKeys?.keys[name]
            if codingKeys != nil, !declaresKeys, codingKey == nil { continue }
            let key = codingKey ?? name
            mapped.append(MappedProperty(
                name: name, writtenName: pattern.identifier.text,
                keyLiterals: declaresKeys ? keyList.literals : [MappingKeyPath.swiftLiteral(MappingKeyPath.escaping(key))],
                keys: declaresKeys ? keyList.values : [key],
                keyNodes: declaresKeys ? keyList.nodes : [Syntax(pattern)],
                isRequired: attributes.required != nil, isShared: keyList.isShared,
                transform: attributes.transform.flatMap(PropertyAttributes.firstArgument(of:)),
                family: attributes.family.flatMap(PropertyAttributes.firstArgument(of:)),
                declaration: variable, keyAttribute: attributes.key))
        }
        return mapped
    }

    /// The declared keys (empty: each property's name), or `nil` when the declaration is not
    /// mapped: static, computed, ignored, or diagnosed.
    private static func keyList(of variable: VariableDeclSyntax, _ attributes: PropertyAttributes,
                                in sink: DiagnosticSink) -> KeyList? {
        if variable.isStatic || variable.isComputed {
            for attribute in attributes.all {
                sink.diagnose(attribute, .error("misplacedAttribute",
                    "@\(PropertyAttributes.name(of: attribute) ?? "") applies to stored instance properties; this one is \(variable.isStatic ? "static" : "computed")"))
            }
            return nil
        }
        if attributes.ignore != nil { return nil }
        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            diagnoseLet(variable, in: sink)
            return nil
        }
        if variable.bindings.count > 1, let key = attributes.key {
            sink.diagnose(key, .error("keyOnSeveralProperties", "@JSONKey names the keys of one property; declare these properties separately"))
            return nil
        }
        guard let keyList = KeyList(attributes.key, in: sink) else { return nil }
        guard let family = attributes.family else { return keyList }
        if attributes.transform != nil {
            sink.diagnose(family, .error("familyAndTransform", "a property takes either @JSONFamily or @JSONTransform, not both"))
            return nil
        }
        if keyList.literals.count > 1 {
            sink.diagnose(family, .error("familyWithFallbacks", "a @JSONFamily property takes one key, not a fallback list"))
            return nil
        }
        return keyList
    }

    private static func diagnoseLet(_ variable: VariableDeclSyntax, in sink: DiagnosticSink) {
        let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedIdentifier }
        let specifier = variable.bindingSpecifier
        sink.diagnose(specifier, .error("letProperty",
            "'\(names.joined(separator: "', '"))' is a 'let': decoding sets properties after init(), so a mapped property must be a 'var'"),
            fixIt: FixIt(message: MappingFixIt(message: "make it 'var'", id: "makeVar"), changes: [
                .replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var)))),
            ]))
    }

    private static func diagnoseMissingDefault(_ binding: PatternBindingSyntax, type: TypeSyntax?, in sink: DiagnosticSink) {
        let name = binding.pattern.trimmedDescription
        let value = type.map(DefaultValue.literal(for:)) ?? DefaultValue.placeholder
        var fixed = binding.with(\.initializer, InitializerClauseSyntax(
            equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: ExprSyntax("\(raw: value)")))
        if let annotation = binding.typeAnnotation {
            fixed.typeAnnotation = annotation.with(\.type, annotation.type.trimmed)
        }
        sink.diagnose(binding, .error("missingDefault",
            "'\(name)' needs a default value: decoding starts from init() and sets only the keys the JSON holds"),
            fixIt: FixIt(message: MappingFixIt(message: "add a default value", id: "addDefault"), changes: [
                .replace(oldNode: Syntax(binding), newNode: Syntax(fixed)),
            ]))
    }
}

/// The keys of a `@JSONKey` attribute, checked against the mapping-key grammar.
private struct KeyList {
    var literals: [String] = []
    var values: [String] = []
    var nodes: [Syntax] = []
    var isShared = false

    /// The attribute's keys (none without an attribute), or `nil` after diagnosing one that
    /// is not a string literal or not a key.
    init?(_ attribute: AttributeSyntax?, in sink: DiagnosticSink) {
        guard let attribute else { return }
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
        var valid = true
        for argument in arguments {
            if argument.label?.text == "shared" {
                isShared = argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
                continue
            }
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue else {
                sink.diagnose(argument.expression, .error("keyNotLiteral",
                    "@JSONKey takes string literals, so that each key is checked when the model compiles"))
                valid = false
                continue
            }
            do throws(MappingKeySyntaxError) {
                _ = try MappingKeyPath(parsing: value)
            } catch {
                sink.diagnose(literal, .error("malformedKey", "malformed key \(literal.trimmedDescription): \(error)"))
                valid = false
                continue
            }
            literals.append(literal.trimmedDescription)
            values.append(value)
            nodes.append(Syntax(literal))
        }
        if valid, literals.isEmpty {
            sink.diagnose(attribute, .error("noKeys", "@JSONKey needs at least one key"))
            valid = false
        }
        guard valid else { return nil }
    }
}

/// The default value a fix-it offers for a property type.
private enum DefaultValue {
    static let placeholder = "<#default value#>"

    static func literal(for type: TypeSyntax) -> String {
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        guard let name = type.as(IdentifierTypeSyntax.self)?.name.text else { return placeholder }
        switch name {
        case "String": return "\"\""
        case "Bool": return "false"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float", "Decimal":
            return "0"
        case "Set", "Array": return "[]"
        case "Dictionary": return "[:]"
        default: return placeholder
        }
    }
}

extension VariableDeclSyntax {
    /// The names of the identifiers the declaration binds.
    var bindingNames: [String] {
        bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedIdentifier }
    }

    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Whether the declaration has a getter (observers alone keep a property stored).
    var isComputed: Bool {
        bindings.contains { binding in
            switch binding.accessorBlock?.accessors {
            case .getter?: return true
            case .accessors(let accessors)?:
                return accessors.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
            case nil: return false
            }
        }
    }

    /// The type written for the binding at `index`: its own, or in `var a, b: Int`, the one
    /// of the next binding that has one.
    func type(ofBindingAt index: Int) -> TypeSyntax? {
        for binding in bindings.dropFirst(index) {
            if let type = binding.typeAnnotation?.type { return type }
            if binding.initializer != nil { return nil }
        }
        return nil
    }
}

extension TypeSyntax {
    /// `T?`, `T!` or `Optional<T>`: a property with `nil` as its implicit default.
    var isOptional: Bool {
        if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        return self.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }
}
