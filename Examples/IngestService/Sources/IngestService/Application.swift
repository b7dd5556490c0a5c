import Hummingbird

/// The service: `POST /events`, `POST /baseline/events`, `GET /stats`, over an event store at
/// the configuration's database path. `?store=false` on either POST decodes without storing.
public func buildApplication(_ configuration: IngestConfiguration) throws -> some ApplicationProtocol {
    let ingestor = Ingestor(configuration: configuration, store: try EventStore(path: configuration.databasePath))
    let router = Router()
    router.post("events") { request, _ in
        await ingestor.events(request, storing: storing(request))
    }
    router.post("baseline/events") { request, _ in
        await ingestor.baseline(request, storing: storing(request))
    }
    router.get("stats") { _, _ in
        await ingestor.totals()
    }
    return Application(router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                                            serverName: "IngestService"))
}

/// Whether a request's rows are stored: all but `?store=false`.
private func storing(_ request: Request) -> Bool {
    request.uri.queryParameters.get("store") != "false"
}
