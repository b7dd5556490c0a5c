import SwiftSyntax

/// A model's `CodingKeys` enum, read as `Codable` reads it: a property it lists takes the case's
/// string value as its JSON key (the raw value of a `String` enum, else the case's name), and a
/// property it does not list is not mapped. A `@JSONKey` on the property still wins.
struct CodingKeysDeclaration {
    /// The JSON key of each listed property, by property name.
    let keys: [String: String]
    /// Each case, for the diagnostic of one that names no mapped property.
    let cases: [(name: String, node: Syntax)]

    /// The `CodingKeys` enum among `declaration`'s members, or `nil` when it declares none.
    init?(in declaration: some DeclGroupSyntax) {
        guard let codingKeys = declaration.memberBlock.members
            .compactMap({ $0.decl.as(EnumDeclSyntax.self) })
            .first(where: { $0.name.text == "CodingKeys" }) else { return nil }
        let isString = codingKeys.inheritanceClause?.inheritedTypes.contains {
            ["String", "Swift.String"].contains($0.type.trimmedDescription)
        } ?? false
        var keys: [String: String] = [:]
        var cases: [(name: String, node: Syntax)] = []
        for member in codingKeys.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.trimmedIdentifier
                let rawValue = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                keys[name] = isString ? rawValue ?? name : name
                cases.append((name, Syntax(element)))
            }
        }
        self.keys = keys
        self.cases = cases
    }
}
