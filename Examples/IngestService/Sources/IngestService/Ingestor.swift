import Foundation
import Hummingbird
import JSONMapper
import JSONMapperCompression
import JSONMapperNIO

/// The handlers of `POST /events` (the record stream), `POST /baseline/events` (the whole body
/// decoded line by line with Foundation's `JSONDecoder`) and `GET /stats`.
struct Ingestor: Sendable {
    let configuration: IngestConfiguration
    let store: EventStore
    let stats = Stats()

    /// Why a request failed as a whole.
    struct Failure: Error {
        var status: HTTPResponse.Status
        var message: String
        var limit: (name: String, bytes: Int)?
    }

    // MARK: POST /events

    /// Decodes the body's records on the stream's workers as they arrive and stores the
    /// accepted ones (unless `storing` is false), all or none.
    func events(_ request: Request, storing: Bool) async -> Response {
        let records: JSONRecordAsyncSequence<Event>
        let compressed: Bool
        let rejections = RejectionList()
        let exceeded = Flag()
        do throws(Failure) {
            let framing = try Self.framing(of: request)
            let length = try declaredLength(of: request)
            let decoder = JSONRecordDecoder(
                framing: framing, workers: length.map { $0 < configuration.smallBodyBytes } == true ? 1 : configuration.workers,
                chunkSize: 64 * 1024, maxRecordBytes: configuration.maxRecordBytes, maxRejectedBytes: 0)
            let body = LimitedBody(base: request.body, limit: configuration.maxBodyBytes, exceeded: exceeded)
            let encoding = try Self.encoding(of: request)
            compressed = encoding != nil
            switch encoding {
            case nil:
                records = decoder.records(Event.self, from: body, onRejection: rejections.add)
            case let format?:
                let bytes = try await collect(body, exceeded: exceeded)
                guard CompressionFormat.detect(bytes) == format else {
                    throw Failure(status: .badRequest, message: "the body is not \(format.rawValue) data")
                }
                records = decoder.records(Event.self, from: .decompressed(.bytes(bytes), name: "the request body"),
                                          onRejection: rejections.add).async
            }
        } catch {
            return await refuse(error)
        }
        return await ingest(records, rejections: rejections, exceeded: exceeded, decompressing: compressed, storing: storing)
    }

    /// Reads the records, storing accepted ones in batches, and settles the request: committed
    /// when every record was read, discarded otherwise.
    ///
    /// A decompressed body is held to the body limit by the bytes the stream has read; a plain
    /// body, by ``LimitedBody``.
    private func ingest(_ records: JSONRecordAsyncSequence<Event>, rejections: RejectionList, exceeded: Flag,
                        decompressing: Bool, storing: Bool) async -> Response {
        var accounting = Accounting(stored: storing)
        var writer = storing ? BatchWriter(store: store, size: configuration.batchSize) : nil
        var failure: Failure?
        do {
            try await writer?.open()
            for try await record in records {
                accounting.accepted += 1
                try await writer?.add(line: record.line, event: record.value)
                if let stop = limitFailure(rejections, bytesRead: decompressing ? records.progress.bytesRead : 0) {
                    failure = stop
                    break
                }
            }
        } catch let error as JSONMapperError {
            failure = Failure(status: .badRequest, message: "\(error)")
        } catch {
            failure = Failure(status: .internalServerError, message: "storage failed: \(error)")
        }
        // A limit crossed by the last record, or a body cut by its limit, decides the answer.
        if let stop = limitFailure(rejections, bytesRead: decompressing ? records.progress.bytesRead : 0) { failure = stop }
        if exceeded.isSet { failure = Failure(status: .contentTooLarge, message: BodyTooLarge(limit: configuration.maxBodyBytes).description,
                                             limit: ("maxBodyBytes", configuration.maxBodyBytes)) }
        if failure == nil, Task.isCancelled { failure = Failure(status: .badRequest, message: "the request was cancelled") }
        accounting.rejected = rejections.items.count
        accounting.rejections = rejections.items
        accounting.records = accounting.accepted + accounting.rejected
        return await settle(accounting, writer: writer, failure: failure)
    }

    /// Commits or discards the request's rows, counts it, and answers.
    private func settle(_ accounting: Accounting, writer: BatchWriter?, failure: Failure?) async -> Response {
        var (accounting, failure, writer) = (accounting, failure, writer)
        if failure == nil, writer != nil {
            do {
                accounting.committed = try await writer?.commit() ?? 0
            } catch {
                failure = Failure(status: .internalServerError, message: "storage failed: \(error)")
            }
        }
        if let failure {
            await writer?.discard()
            accounting.committed = 0
            accounting.error = failure.message
            accounting.limit = failure.limit?.name
            accounting.limitBytes = failure.limit?.bytes
        }
        await stats.add(accounting)
        return respond(accounting, status: failure?.status ?? .ok)
    }

    /// Answers a request refused before any record was read, and counts it.
    private func refuse(_ failure: Failure) async -> Response {
        let accounting = Accounting(error: failure.message, limit: failure.limit?.name, limitBytes: failure.limit?.bytes)
        await stats.add(accounting)
        return respond(accounting, status: failure.status)
    }

    /// The failure a record over the size limit, or a decompressed body over the body limit,
    /// makes of the request.
    private func limitFailure(_ rejections: RejectionList, bytesRead: Int) -> Failure? {
        if let line = rejections.lineOverRecordLimit(configuration.maxRecordBytes) {
            return Failure(status: .contentTooLarge, message: "the record at line \(line) is longer than the limit of \(configuration.maxRecordBytes) bytes",
                           limit: ("maxRecordBytes", configuration.maxRecordBytes))
        }
        if bytesRead > configuration.maxBodyBytes {
            return Failure(status: .contentTooLarge, message: BodyTooLarge(limit: configuration.maxBodyBytes).description,
                           limit: ("maxBodyBytes", configuration.maxBodyBytes))
        }
        return nil
    }

    private func collect<Base>(_ body: LimitedBody<Base>, exceeded: Flag) async throws(Failure) -> [UInt8] {
        do {
            return try await body.collect()
        } catch {
            if exceeded.isSet {
                throw Failure(status: .contentTooLarge, message: "\(error)", limit: ("maxBodyBytes", configuration.maxBodyBytes))
            }
            throw Failure(status: .badRequest, message: "the body could not be read: \(error)")
        }
    }

    // MARK: POST /baseline/events

    /// Collects the whole body, then decodes it line by line with Foundation's `JSONDecoder`:
    /// what a server does without a record stream. JSON Lines only, not compressed.
    func baseline(_ request: Request, storing: Bool) async -> Response {
        let body: ByteBuffer
        do throws(Failure) {
            guard try Self.framing(of: request) == .jsonLines else {
                throw Failure(status: .unsupportedMediaType, message: "the baseline reads JSON Lines only")
            }
            guard try Self.encoding(of: request) == nil else {
                throw Failure(status: .unsupportedMediaType, message: "the baseline reads uncompressed bodies only")
            }
            _ = try declaredLength(of: request)
            do {
                body = try await request.body.collect(upTo: configuration.maxBodyBytes)
            } catch {
                throw Failure(status: .contentTooLarge, message: "\(error)", limit: ("maxBodyBytes", configuration.maxBodyBytes))
            }
        } catch {
            return await refuse(error)
        }
        var accounting = Accounting(stored: storing)
        var writer = storing ? BatchWriter(store: store, size: configuration.batchSize) : nil
        var failure: Failure?
        do {
            try await writer?.open()
            try await decodeLines(of: body, into: &accounting, writer: &writer)
        } catch let error as Failure {
            failure = error
        } catch {
            failure = Failure(status: .internalServerError, message: "storage failed: \(error)")
        }
        return await settle(accounting, writer: writer, failure: failure)
    }

    private func decodeLines(of body: ByteBuffer, into accounting: inout Accounting, writer: inout BatchWriter?) async throws {
        let decoder = JSONDecoder()
        let bytes = body.readableBytesView
        var start = bytes.startIndex
        var line = 0
        while start < bytes.endIndex {
            line += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            var text = bytes[start..<end]
            start = end == bytes.endIndex ? end : end + 1
            if text.last == 0x0D { text = text.dropLast() }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard text.count <= configuration.maxRecordBytes else {
                throw Failure(status: .contentTooLarge, message: "the record at line \(line) is longer than the limit of \(configuration.maxRecordBytes) bytes",
                              limit: ("maxRecordBytes", configuration.maxRecordBytes))
            }
            accounting.records += 1
            do {
                let event = try decoder.decode(CodableEvent.self, from: Data(text)).event
                accounting.accepted += 1
                try await writer?.add(line: line, event: event)
            } catch let error as DecodingError {
                accounting.rejected += 1
                accounting.rejections.append(Accounting.Rejection(line: line, error: "\(error)"))
            }
        }
    }

    // MARK: GET /stats

    func totals() async -> Response {
        var totals = await stats.current
        totals.rowsInDatabase = try? await store.committedRows()
        totals.allRowsInDatabase = try? await store.allRows()
        return respond(totals, status: .ok)
    }

    // MARK: Headers and responses

    /// JSON Lines or a JSON array, told by the media type.
    static func framing(of request: Request) throws(Failure) -> JSONRecordFraming {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "application/x-ndjson", "application/jsonl", "application/jsonlines", "application/x-jsonlines", "application/json-lines":
            return .jsonLines
        case "application/json":
            return .array
        default:
            throw Failure(status: .unsupportedMediaType, message: "Content-Type must be application/x-ndjson (JSON Lines) or application/json (an array), not \(type ?? "none")")
        }
    }

    /// The compression the body is sent with; `nil` for none.
    static func encoding(of request: Request) throws(Failure) -> CompressionFormat? {
        switch request.headers[.contentEncoding]?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "", "identity": return nil
        case "gzip", "x-gzip": return .gzip
        case "zstd": return .zstd
        case let other?: throw Failure(status: .unsupportedMediaType, message: "Content-Encoding \(other) is not supported (gzip, zstd or none)")
        }
    }

    /// The body's declared length, refused at once when it is over the limit.
    private func declaredLength(of request: Request) throws(Failure) -> Int? {
        guard let length = request.headers[.contentLength].flatMap({ Int($0) }) else { return nil }
        if length > configuration.maxBodyBytes {
            throw Failure(status: .contentTooLarge, message: BodyTooLarge(limit: configuration.maxBodyBytes).description,
                          limit: ("maxBodyBytes", configuration.maxBodyBytes))
        }
        return length
    }

    private func respond(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":"the answer could not be encoded"}"#.utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The rejections of one request, noted in stream order by the iterating task.
final class RejectionList {
    private(set) var items: [Accounting.Rejection] = []
    private var oversizedLine: Int?
    private var longest = 0

    func add(_ rejection: JSONRecordRejection) {
        items.append(Accounting.Rejection(line: rejection.line, error: "\(rejection.error)"))
        if rejection.byteRange.count > longest {
            longest = rejection.byteRange.count
            oversizedLine = rejection.line
        }
    }

    /// The line of a rejected record longer than `limit`, if there is one.
    func lineOverRecordLimit(_ limit: Int) -> Int? {
        longest > limit ? oversizedLine : nil
    }
}

/// A request's accepted rows on their way to the store, in batches.
struct BatchWriter {
    let store: EventStore
    let size: Int
    private var request: Int64?
    private var batch: [(line: Int, event: Event)] = []
    private var written = 0

    init(store: EventStore, size: Int) {
        self.store = store
        self.size = size
    }

    mutating func open() async throws {
        request = try await store.open()
    }

    mutating func add(line: Int, event: Event) async throws {
        batch.append((line, event))
        if batch.count >= size { try await flush() }
    }

    /// Writes what is left and makes the request's rows visible; returns how many there are.
    mutating func commit() async throws -> Int {
        try await flush()
        guard let request else { return 0 }
        try await store.commit(request)
        return written
    }

    /// Deletes every row written for the request.
    func discard() async {
        guard let request else { return }
        try? await store.discard(request)
    }

    private mutating func flush() async throws {
        guard let request, !batch.isEmpty else { return }
        try await store.insert(batch, request: request)
        written += batch.count
        batch.removeAll(keepingCapacity: true)
    }
}
