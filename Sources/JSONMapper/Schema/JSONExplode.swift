/// One row per element of an array: the explode of a ``JSONSchema``, as Spark's `explode`
/// (and, with ``isOuter``, `explode_outer`) or DuckDB's `unnest`.
///
/// ```swift
/// let schema = try JSONSchema(columns: [
///     JSONColumn("id", path: "id"),
///     JSONColumn("n", path: "payload.commits", type: .ordinal),
///     JSONColumn("sha", path: "payload.commits.sha"),
///     JSONColumn("author", path: "payload.commits.author.name"),
/// ], explode: JSONExplode(path: "payload.commits"))
/// for result in JSONRecordDecoder().rows(schema, from: .file("events.jsonl")) {
///     let rows = try result.get().value     // one row per commit of the record
/// }
/// ```
///
/// - A column whose paths are at or below ``path`` reads from each element: with the path
///   `payload.commits`, `payload.commits.sha` is the element's `sha` and `payload.commits`
///   the element itself. Every other column reads from the record and is repeated on each of
///   its rows. A column cannot mix the two kinds of path.
/// - A ``JSONColumnType/ordinal`` column holds the element's position in the array, from 0
///   (the index `payload.commits[0]` names), or `null` on an outer row.
/// - A record whose array is empty, absent or `null` gives no row; with ``isOuter``, one row
///   whose element columns hold their defaults (or `null`).
/// - Any other value at ``path`` (an object, a string…) is
///   ``JSONMapperError/typeMismatch(path:expected:found:location:)`` naming the path, under
///   the decoder's invalid-value policy: thrown (the default), the record is rejected;
///   skipped or collected, the record has no elements.
/// - An element that does not map (a required element column missing, a value its column's
///   type cannot take) is an error at the element's path, `payload.commits[2].sha`, handled
///   by the decoder's invalid-value policy as any other.
public struct JSONExplode: Sendable, Equatable {
    /// The path of the array, in mapping-key syntax (`"payload.commits"`).
    public var path: String
    /// Whether a record without elements gives one row (Spark's `explode_outer`) instead of none.
    public var isOuter: Bool

    /// The explode of the array at `path`; `outer` keeps records without elements as one row.
    public init(path: String, outer: Bool = false) {
        self.path = path
        self.isOuter = outer
    }
}
