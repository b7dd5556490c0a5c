import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Where the macros report: the expansion context, with the messages typed.
struct DiagnosticSink {
    let context: any MacroExpansionContext

    func diagnose(_ node: some SyntaxProtocol, _ message: MappingDiagnostic, fixIt: FixIt? = nil, notes: [Note] = []) {
        context.diagnose(Diagnostic(node: Syntax(node), message: message, notes: notes, fixIts: fixIt.map { [$0] } ?? []))
    }
}
