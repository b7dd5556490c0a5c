import Foundation
import JSONMapperMacros

/// One ingested event, as `POST /events` decodes it on the record stream's workers.
///
/// `id` and `kind` are required: a record without them is rejected with its line and error.
@JSONMappable
public struct Event: Sendable, Equatable {
    /// The event's id, given by the client.
    @JSONRequired public var id: Int64 = 0
    /// What happened (`click`, `view`, …).
    @JSONRequired public var kind = ""
    /// Who did it.
    public var user = ""
    /// Seconds since 1970.
    public var ts: Int64 = 0
    /// A measure that comes with the event.
    public var value: Double = 0

    /// An event with the given fields.
    public init(id: Int64 = 0, kind: String = "", user: String = "", ts: Int64 = 0, value: Double = 0) {
        self.id = id
        self.kind = kind
        self.user = user
        self.ts = ts
        self.value = value
    }
}

/// The same event for the baseline endpoint, decoded by Foundation's `JSONDecoder`.
struct CodableEvent: Decodable {
    var id: Int64
    var kind: String
    var user: String?
    var ts: Int64?
    var value: Double?

    var event: Event {
        Event(id: id, kind: kind, user: user ?? "", ts: ts ?? 0, value: value ?? 0)
    }
}
