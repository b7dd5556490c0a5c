/// The records of an asynchronous byte source, decoded as the bytes arrive: an `AsyncSequence`
/// that throws the error that ended the stream early, after every record before it.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await record in decoder.records(Event.self, from: bytes) {
///     await store(record.value)
/// }
/// ```
///
/// Cancelling the task that iterates ends the sequence: `next()` returns `nil`, reading stops,
/// and worker threads are stopped when the iterator is released. Iterating again starts a new
/// pass over the source (an asynchronous sequence that can be iterated once can be decoded
/// once) and restarts ``progress``.
public struct JSONRecordAsyncSequence<Value: Sendable>: AsyncSequence {
    /// A decoded record.
    public typealias Element = JSONRecord<Value>
    /// The error that ended the stream: malformed JSON in an array or concatenated stream, or
    /// a failure of the byte source (``JSONMapperError/ioFailed(reason:)``).
    public typealias Failure = JSONMapperError

    /// Counts of bytes read and records delivered and rejected, the framing in use, and how
    /// the stream ended: updated while iterating, final once the iteration has ended.
    public let progress = JSONRecordProgress()

    private let decoder: JSONRecordDecoder
    private let onRejection: (JSONRecordRejection) -> Void
    private let decoding: () -> RecordStream<Value>.Decoding
    private let makeInput: () -> AsyncRecordInput

    init(decoder: JSONRecordDecoder, onRejection: @escaping (JSONRecordRejection) -> Void,
         decoding: @escaping () -> RecordStream<Value>.Decoding, input: @escaping () -> AsyncRecordInput) {
        self.decoder = decoder
        self.onRejection = onRejection
        self.decoding = decoding
        makeInput = input
    }

    /// Starts reading the source.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(driver: AsyncRecordDriver(
            stream: decoder.makeStream(decoding: decoding(), progress: progress, onRejection: onRejection), input: makeInput()))
    }

    /// Reads and decodes records on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let driver: AsyncRecordDriver<Value>

        init(driver: AsyncRecordDriver<Value>) {
            self.driver = driver
        }

        /// The next record, or `nil` at the end of the stream or once the task is cancelled.
        public mutating func next() async throws(JSONMapperError) -> JSONRecord<Value>? {
            try await driver.next(isolation: nil)
        }

        /// The next record, read on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(JSONMapperError) -> JSONRecord<Value>? {
            try await driver.next(isolation: actor)
        }
    }
}

/// Runs a ``RecordStream`` over asynchronous input, suspending where the synchronous
/// sequence would block.
final class AsyncRecordDriver<Value> {
    private let stream: RecordStream<Value>
    private let input: AsyncRecordInput

    init(stream: RecordStream<Value>, input: AsyncRecordInput) {
        self.stream = stream
        self.input = input
        stream.readsAhead = input.neverWaits
    }

    deinit { input.close() }

    func next(isolation: isolated (any Actor)?) async throws(JSONMapperError) -> JSONRecord<Value>? {
        while true {
            if Task.isCancelled {
                stream.cancel()
                input.close()
                return nil
            }
            switch stream.step() {
            case .record: return stream.takeRecord()
            case .failure(let error): throw error
            case .finished: return nil
            case .needsInput: stream.progress.read(bytes: await input.read(into: stream.framer, isolation: isolation))
            case .waits: await stream.awaitedJob?.completion()
            }
        }
    }
}
