import SwiftDiagnostics

/// A message of the `@JSONMappable` macros, identified for tools by `id`.
struct MappingDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    let severity: DiagnosticSeverity

    var diagnosticID: MessageID { MessageID(domain: "JSONMapperMacros", id: id) }

    static func error(_ id: String, _ message: String) -> MappingDiagnostic {
        MappingDiagnostic(message: message, id: id, severity: .error)
    }

    static func warning(_ id: String, _ message: String) -> MappingDiagnostic {
        MappingDiagnostic(message: message, id: id, severity: .warning)
    }
}

/// The title of a fix-it of the `@JSONMappable` macros.
struct MappingFixIt: FixItMessage {
    let message: String
    let id: String

    var fixItID: MessageID { MessageID(domain: "JSONMapperMacros", id: id) }
}

/// A note of the `@JSONMappable` macros, pointing at a related place.
struct MappingNote: NoteMessage {
    let message: String
    let id: String

    var noteID: MessageID { MessageID(domain: "JSONMapperMacros", id: id) }
}
