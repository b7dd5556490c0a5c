import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin behind the `JSONMapperMacros` module's macros.
@main
struct JSONMapperMacroPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        JSONMappableMacro.self,
        JSONPropertyMarkerMacro.self,
        JSONMappedValueMacro.self,
    ]
}
