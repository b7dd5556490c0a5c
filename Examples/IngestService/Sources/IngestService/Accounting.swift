/// What `POST /events` answers: how many records were read, accepted and rejected, how many
/// rows were committed, and each rejected record's line and error. When the request fails as
/// a whole, `error` says why and `limit` names the limit it went over, if that is why.
public struct Accounting: Codable, Sendable, Equatable {
    /// A rejected record.
    public struct Rejection: Codable, Sendable, Equatable {
        public var line: Int
        public var error: String
    }

    /// Records read: `accepted + rejected`.
    public var records = 0
    public var accepted = 0
    public var rejected = 0
    /// Rows committed for this request: `accepted` when it succeeded with storage, otherwise 0.
    public var committed = 0
    /// Whether the rows were stored (false in the no-storage mode).
    public var stored = false
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
    public var requests = 0
    public var failedRequests = 0
    public var records = 0
    public var accepted = 0
    public var rejected = 0
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
