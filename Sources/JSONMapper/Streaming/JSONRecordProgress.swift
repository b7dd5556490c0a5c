import Foundation

/// How far a record stream has got: bytes read, records delivered and rejected, the framing in
/// use, and how it ended.
///
/// A record sequence updates its progress as it is read; any thread may read it meanwhile (to
/// report progress) and afterwards (to account for every record: ``recordsRead`` is always
/// ``recordsDelivered`` plus ``recordsRejected``).
///
/// ```swift
/// let records = decoder.records(Event.self, from: .file(path)) { rejected in log(rejected) }
/// for result in records { try handle(result.get()) }
/// print("\(records.progress.recordsDelivered) delivered, \(records.progress.recordsRejected) rejected")
/// ```
public final class JSONRecordProgress: Sendable {
    private let counts = LockedBox(Counts())

    private struct Counts {
        var workers = 1
        var framing = JSONRecordFraming.automatic
        var bytesRead = 0
        var delivered = 0
        var rejected = 0
        var isFinished = false
        var failure: JSONMapperError?
    }

    /// A progress with nothing read yet.
    public init() {}

    /// The threads decoding the records: 1 until the stream starts, then the
    /// ``JSONRecordDecoder/workers`` in use, which is 1 for values that are not `Sendable`
    /// (decoded on the reading thread) unless a transform runs on the workers.
    public var workers: Int { read { $0.workers } }
    /// The framing in use: ``JSONRecordFraming/automatic`` until the stream starts and, for an
    /// automatic choice, until the first bytes have decided it; then the framing chosen
    /// (`"\(progress.framing)"` reads `json-lines`, `array` or `concatenated`).
    public var framing: JSONRecordFraming { read { $0.framing } }
    /// Bytes taken from the source so far (records being decoded included).
    public var bytesRead: Int { read { $0.bytesRead } }
    /// Records delivered so far.
    public var recordsDelivered: Int { read { $0.delivered } }
    /// Records rejected so far (each reported as a ``JSONRecordRejection``).
    public var recordsRejected: Int { read { $0.rejected } }
    /// Records read so far: delivered plus rejected (a header record is not a record; see
    /// ``JSONRecordColumns``).
    public var recordsRead: Int { read { $0.delivered + $0.rejected } }
    /// Whether the stream has ended: at the end of its input, or with ``failure``.
    public var isFinished: Bool { read { $0.isFinished } }
    /// The error that ended the stream early (malformed JSON in an array or concatenated
    /// stream, a read error), if any.
    public var failure: JSONMapperError? { read { $0.failure } }

    private func read<T>(_ field: (Counts) -> T) -> T {
        counts.withLockedValue { field($0) }
    }

    private func update(_ change: (inout Counts) -> Void) {
        counts.withLockedValue(change)
    }

    func restart(workers: Int) { update { $0 = Counts(workers: workers) } }
    func chose(_ framing: JSONRecordFraming) { update { $0.framing = framing } }
    func read(bytes: Int) { update { $0.bytesRead += bytes } }
    func delivered(_ records: Int = 1) { update { $0.delivered += records } }
    func rejected() { update { $0.rejected += 1 } }
    func finish(failure: JSONMapperError?) {
        update {
            $0.isFinished = true
            $0.failure = failure
        }
    }
}
