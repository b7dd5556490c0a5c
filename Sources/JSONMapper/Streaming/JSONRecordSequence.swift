import Foundation

/// The records of a synchronous source (a file, a file handle, bytes in memory), decoded as
/// they are read: a `Sequence` whose elements are the records, or, last, the error that ended
/// the stream early.
///
/// ```swift
/// for result in decoder.records(Event.self, from: .standardInput) {
///     let event = try result.get().value
///     …
/// }
/// ```
///
/// Iterating reads the source from its start (a file handle: from its current position), and
/// restarts ``progress``. Breaking out of the loop stops reading, and stops and joins the
/// worker threads.
public struct JSONRecordSequence<Value>: Sequence {
    /// A record, or the error that ended the stream (malformed JSON in an array or
    /// concatenated stream, a read error): always the last element.
    public typealias Element = Result<JSONRecord<Value>, JSONMapperError>

    /// Counts of bytes read and records delivered and rejected, the framing in use, and how
    /// the stream ended: updated while iterating, final once the iteration has ended.
    public let progress = JSONRecordProgress()

    private let decoder: JSONRecordDecoder
    private let source: JSONRecordSource
    private let onRejection: (JSONRecordRejection) -> Void
    private let decoding: () -> RecordStream<Value>.Decoding

    init(decoder: JSONRecordDecoder, source: JSONRecordSource, onRejection: @escaping (JSONRecordRejection) -> Void,
         decoding: @escaping () -> RecordStream<Value>.Decoding) {
        self.decoder = decoder
        self.source = source
        self.onRejection = onRejection
        self.decoding = decoding
    }

    /// Starts reading the source.
    public func makeIterator() -> Iterator {
        let decoding = decoding()
        let stream = decoder.makeStream(decoding: decoding, progress: progress, onRejection: onRejection)
        stream.readsAhead = source.readsNeverWait
        // Decoding inline, this thread parses each chunk right after the copy that read it
        // warmed the cache, and with a core to spare a file is read ahead on a thread of its
        // own. With workers, this thread feeds them and delivers their records on the cores
        // they decode on: it copies nothing, a file is mapped.
        let fileReading: SourceReader.FileReading = switch decoding {
        case .inline: ProcessInfo.processInfo.activeProcessorCount > 1 ? .aheadOnThread : .onCaller
        case .workers: .mapped
        }
        return Iterator(stream: stream, reader: SourceReader(source, chunkSize: decoder.limits.chunkSize, fileReading: fileReading))
    }

    /// Reads and decodes records on demand.
    public struct Iterator: IteratorProtocol {
        private let stream: RecordStream<Value>
        private let reader: SourceReader

        init(stream: RecordStream<Value>, reader: SourceReader) {
            self.stream = stream
            self.reader = reader
        }

        /// The next record, the error that ended the stream, or `nil` after the end.
        // Rows of a runtime schema, and rows formatted by a JSONRowWriter, are iterated from
        // other modules (the CLI), which cannot specialize this generic code: unspecialized,
        // it looks up the metadata of its record and outcome types on every call. These
        // exported specializations are what such callers link to instead.
        @_specialize(exported: true, where Value == JSONRow)
        @_specialize(exported: true, where Value == JSONFormattedRow)
        public mutating func next() -> Element? {
            while true {
                switch stream.step() {
                case .record: return .success(stream.takeRecord())
                case .failure(let error): return .failure(error)
                case .finished: return nil
                case .needsInput: stream.progress.read(bytes: reader.read(into: stream.framer))
                case .waits: stream.awaitedJob?.wait()
                }
            }
        }
    }
}

extension JSONRecordSequence where Value: Sendable {
    /// The same records as an `AsyncSequence`, for asynchronous code: the source is read on a
    /// thread of its own (a read that blocks, on a pipe or standard input, holds no task), and
    /// decoded as the sequence is iterated.
    ///
    /// ```swift
    /// for try await record in decoder.records(Event.self, from: .standardInput).async { … }
    /// ```
    public var async: JSONRecordAsyncSequence<Value> {
        let (source, chunkSize) = (source, decoder.limits.chunkSize)
        return JSONRecordAsyncSequence(decoder: decoder, onRejection: onRejection, decoding: decoding) {
            ThreadedSourceInput(source, chunkSize: chunkSize)
        }
    }
}
