import Foundation
import Hummingbird
import IngestService

// `ingest-service [--host H] [--port P] [--database PATH] [--workers N] [--max-body-bytes N]
// [--max-record-bytes N] [--batch-size N]`
do {
    let configuration = try IngestConfiguration(arguments: Array(CommandLine.arguments.dropFirst()))
    let app = try buildApplication(configuration)
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("ingest-service: \(error)\n".utf8))
    exit(1)
}
