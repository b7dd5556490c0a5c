import JSONMapperMacroPlugin
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `assertMacroExpansion` reporting to Swift Testing: XCTest's variant records failures only
/// inside an `XCTestCase`, so a `@Test` using it could not fail.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = MacroSpecs.model,
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macros,
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}

/// The macros as the compiler sees them in a test module.
enum MacroSpecs {
    private static let markers: [String: MacroSpec] = Dictionary(uniqueKeysWithValues:
        ["JSONKey", "JSONIgnore", "JSONRequired", "JSONTransform", "JSONFamily"].map { ($0, MacroSpec(type: JSONPropertyMarkerMacro.self)) })

    private static let conformance = TypeSyntax(IdentifierTypeSyntax(name: .identifier("JSONMappable")))

    /// A type that is not `JSONMappable` yet: a struct, or a class without a mapped superclass.
    static let model = markers.merging(["JSONMappable": MacroSpec(type: JSONMappableMacro.self, conformances: [conformance])]) { $1 }

    /// A class whose superclass is `JSONMappable` already: the compiler passes no protocol.
    static let subclass = markers.merging(["JSONMappable": MacroSpec(type: JSONMappableMacro.self, conformances: [])]) { $1 }

    /// With the per-property type check expanded too.
    static let checkingTypes = model.merging(["_JSONMappedValue": MacroSpec(type: JSONMappedValueMacro.self)]) { $1 }
}
