/// What `POST /events` answers: how many records were read, accepted and rejected, how many
/// rows were committed, and each rejected record's line and error. When the request fails as
/// a whole, `error` says why and `limit` names the limit it went over, if that is why.
public struct Accounting: Codable, Sendable, Equatable {
    /// A rejected record.
    public struct Rejection: Codable, Sendable, Equatable {
        /// The record's line in the body (its first line, in an array).
        public var line: Int
        /// Why the record was rejected.
        public var error: String
    }

    /// Records read: `accepted + rejected`.
    public var records = 0
    /// Records decoded into events.
    public var accepted = 0
    /// Records that were not: ``rejections`` says which and why.
    public var rejected = 0
    /// Rows committed for this request: `accepted` when it succeeded with storage, otherwise 0.
    public var committed = 0
    /// Whether the rows were stored (false in the no-storage mode).
    public var stored = false
    /// Each rejected record, in body order.
    public var rejections: [Rejection] = []
    /// Why the request failed as a whole, when it did.
    public var error: String?
    /// The limit the request went over: `maxBodyBytes` or `maxRecordBytes`.
    public var limit: String?
    /// That limit's value, in bytes.
    public var limitBytes: Int?
}

/// The service's totals since it started (`GET /stats`).
public struct Totals: Codable, Sendable, Equatable {
    /// POST requests answered.
    public var requests = 0
    /// Those that failed as a whole (a limit, a malformed or cut body, storage).
    public var failedRequests = 0
    /// Records read, accepted and rejected, over every request.
    public var records = 0
    /// Records accepted.
    public var accepted = 0
    /// Records rejected.
    public var rejected = 0
    /// Rows committed, as the answers said.
    public var committedRows = 0
    /// Rows of committed requests in the database, counted when asked.
    public var rowsInDatabase: Int?
    /// Every row in the database's events table, counted when asked.
    public var allRowsInDatabase: Int?
}

/// The running totals, shared by every request.
actor Stats {
    private var totals = Totals()

    func add(_ accounting: Accounting) {
        totals.requests += 1
        if accounting.error != nil { totals.failedRequests += 1 }
        totals.records += accounting.records
        totals.accepted += accounting.accepted
        totals.rejected += accounting.rejected
        totals.committedRows += accounting.committed
    }

    var current: Totals { totals }
}
