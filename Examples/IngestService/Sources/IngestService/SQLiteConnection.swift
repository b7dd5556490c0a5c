import CSQLite

/// An error from SQLite: the call's result code and the connection's message.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// SQLite's result code.
    public var code: Int32
    /// SQLite's message for it.
    public var message: String

    /// The code and the message.
    public var description: String { "SQLite error \(code): \(message)" }
}

/// One SQLite connection and its prepared statements: the only code that touches SQLite's C
/// pointers.
///
/// Safety: the connection and statement pointers are created and finalized here and never
/// leave this type; text is bound with `SQLITE_TRANSIENT`, so SQLite copies it before the
/// Swift string's storage can go away. The connection is used by one caller at a time (its
/// owner, ``EventStore``, is an actor), and is opened with SQLite's own mutex as well.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws(SQLiteError) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
            sqlite3_close(handle)
            throw error
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// A value bound to a statement's parameter.
    enum Value {
        case integer(Int64)
        case real(Double)
        case text(String)
    }

    /// Runs a cached prepared statement with `values` bound to its parameters, stepping it to
    /// the end; returns the first column of the first row as an integer, if there is one.
    @discardableResult
    func run(_ sql: String, _ values: [Value] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .integer(let integer): try check(sqlite3_bind_int64(statement, position, integer))
            case .real(let real): try check(sqlite3_bind_double(statement, position, real))
            case .text(let text): try check(sqlite3_bind_text(statement, position, text, -1, Self.transient))
            }
        }
        var first: Int64?
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return first }
            guard result == SQLITE_ROW else { throw error(result) }
            if first == nil { first = sqlite3_column_int64(statement, 0) }
        }
    }

    /// The id of the row the last insert made.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes during the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "an empty statement: \(sql)") }
        statements[sql] = statement
        return statement
    }

    private func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK else { throw error(result) }
    }

    private func error(_ result: Int32) -> SQLiteError {
        SQLiteError(code: result, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection")
    }
}
