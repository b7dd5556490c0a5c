/// Where accepted events are kept: an SQLite database, written in batched transactions.
///
/// A request's rows become visible together: each request gets a row in `requests`, its events
/// are inserted in batches (one transaction each, so a long body never holds the database's
/// write lock while it is read), and only the final update of that row to `committed` makes them
/// count. A request that fails, or whose client goes away mid-body, has its rows deleted; rows
/// of requests left open by a crash are deleted when the store opens. ``committedRows()`` counts
/// the rows of committed requests only.
public actor EventStore {
    private let connection: SQLiteConnection

    /// Opens (or creates) the database at `path`; `":memory:"` keeps it in memory.
    public init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path)
        try connection.execute("""
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            CREATE TABLE IF NOT EXISTS requests (id INTEGER PRIMARY KEY, state TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS events (
                request INTEGER NOT NULL, line INTEGER NOT NULL,
                id INTEGER NOT NULL, kind TEXT NOT NULL, user TEXT NOT NULL, ts INTEGER NOT NULL, value REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS events_request ON events (request);
            DELETE FROM events WHERE request IN (SELECT id FROM requests WHERE state <> 'committed');
            DELETE FROM requests WHERE state <> 'committed';
            """)
    }

    /// Starts a request: its rows stay invisible until ``commit(_:)``.
    public func open() throws(SQLiteError) -> Int64 {
        try connection.run("INSERT INTO requests (state) VALUES ('open')")
        return connection.lastInsertedRow
    }

    /// Inserts a batch of a request's events, with their lines, in one transaction.
    public func insert(_ events: [(line: Int, event: Event)], request: Int64) throws(SQLiteError) {
        try transaction { () throws(SQLiteError) in
            for (line, event) in events {
                try connection.run("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", [
                    .integer(request), .integer(Int64(line)), .integer(event.id), .text(event.kind),
                    .text(event.user), .integer(event.ts), .real(event.value),
                ])
            }
        }
    }

    /// Makes every row of `request` visible at once.
    public func commit(_ request: Int64) throws(SQLiteError) {
        try connection.run("UPDATE requests SET state = 'committed' WHERE id = ?", [.integer(request)])
    }

    /// Deletes every row of `request`.
    public func discard(_ request: Int64) throws(SQLiteError) {
        try transaction { () throws(SQLiteError) in
            try connection.run("DELETE FROM events WHERE request = ?", [.integer(request)])
            try connection.run("DELETE FROM requests WHERE id = ?", [.integer(request)])
        }
    }

    /// Rows of committed requests.
    public func committedRows() throws(SQLiteError) -> Int {
        Int(try connection.run("SELECT count(*) FROM events JOIN requests ON requests.id = events.request WHERE requests.state = 'committed'") ?? 0)
    }

    /// Every row in the table, committed or not (the load test checks the two agree once no
    /// request is in flight).
    public func allRows() throws(SQLiteError) -> Int {
        Int(try connection.run("SELECT count(*) FROM events") ?? 0)
    }

    /// Rows of one request, committed or not.
    public func rows(of request: Int64) throws(SQLiteError) -> Int {
        Int(try connection.run("SELECT count(*) FROM events WHERE request = ?", [.integer(request)]) ?? 0)
    }

    private func transaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try body()
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
