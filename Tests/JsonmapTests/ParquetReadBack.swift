import Foundation
import Testing

/// Reads Parquet files back with two independent readers, pyarrow and DuckDB, in a python3
/// subprocess: `scripts/test` (and so CI) installs both when missing, and a missing one fails
/// the test, never skips it.
enum ParquetReadBack {
    /// Runs the checker script with `arguments`; its standard output is one JSON document.
    static func run(_ arguments: [String]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ReadBackFailure(message: "python3 failed (\(process.terminationStatus)): \(errorText)")
        }
        return report
    }

    struct ReadBackFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Compares a Parquet file with the NDJSON output of the same input and spec, through
    /// pyarrow and DuckDB; `types` maps each column to its spec type. The report's
    /// `mismatches` is empty when every value of both readers equals the NDJSON's.
    static func compare(parquet: String, ndjson: String, types: [String: String]) throws -> [String: Any] {
        let typeText = String(decoding: try JSONSerialization.data(withJSONObject: types), as: UTF8.self)
        return try run(["compare", parquet, ndjson, typeText])
    }

    /// The file's metadata as pyarrow reads it: `columns` (physical, logical and converted
    /// types, repetition), `row_groups` (rows; per column: encodings, dictionary page,
    /// compression, statistics), `created_by`, `format_version`, `num_rows`.
    static func metadata(_ parquet: String) throws -> [String: Any] {
        try run(["metadata", parquet])
    }

    /// Checks each row group's statistics against what pyarrow computes from its values.
    static func statistics(_ parquet: String) throws -> [String: Any] {
        try run(["statistics", parquet])
    }

    /// Reads a partitioned directory with hive partitioning in both readers: `rows` as
    /// pyarrow reads them (sorted by `orderBy`), and `mismatches` between the two readers.
    static func partitioned(_ directory: String, orderBy: String, format: String = "parquet") throws -> [String: Any] {
        try run(["partitioned", directory, orderBy, format])
    }

    static let script = #"""
import sys, json, decimal, datetime
import pyarrow as pa
import pyarrow.parquet as pq
import pyarrow.compute as pc
import pyarrow.dataset as ds
import duckdb

# 38-digit decimals: Python's default context keeps 28 digits.
decimal.getcontext().prec = 80
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)

def micros(dt):
    return (dt - EPOCH) // datetime.timedelta(microseconds=1)

def canon(kind, value):
    if value is None:
        return None
    if kind == "date":
        if isinstance(value, str):
            text = value.replace("Z", "+00:00")
            dt = datetime.datetime.fromisoformat(text)
            if dt.tzinfo is None:
                dt = dt.replace(tzinfo=datetime.timezone.utc)
            return micros(dt)
        if isinstance(value, datetime.datetime):
            return micros(value if value.tzinfo else value.replace(tzinfo=datetime.timezone.utc))
        return int(value)
    if kind == "decimal":
        return str(decimal.Decimal(str(value)).normalize())
    if kind == "json":
        if isinstance(value, str):
            value = json.loads(value, parse_float=decimal.Decimal)
        return json.dumps(value, sort_keys=True, default=str)
    if kind == "double":
        return float(value)
    if kind in ("int", "count", "ordinal"):
        return int(value)
    return value

def ndjson_rows(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line, parse_float=decimal.Decimal) for line in f if line.strip()]

def arrow_rows(path):
    table = pq.read_table(path)
    return table.to_pylist(), table

def duck_rows(path, names, types):
    con = duckdb.connect()
    exprs = []
    for name in names:
        q = '"' + name.replace('"', '""') + '"'
        kind = types.get(name)
        if kind == "date":
            exprs.append("epoch_us(%s)" % q)
        elif kind in ("decimal", "json"):
            exprs.append("CAST(%s AS VARCHAR)" % q)
        else:
            exprs.append(q)
    sql = "SELECT %s FROM read_parquet('%s')" % (", ".join(exprs), path.replace("'", "''"))
    return [dict(zip(names, row)) for row in con.sql(sql).fetchall()]

def compare(parquet, ndjson, types):
    expected = ndjson_rows(ndjson)
    names = list(expected[0].keys()) if expected else list(types.keys())
    arrow, table = arrow_rows(parquet)
    duck = duck_rows(parquet, table.column_names, types)
    mismatches = []
    if table.column_names != names and (expected or sorted(table.column_names) != sorted(names)):
        mismatches.append("columns %r != %r" % (table.column_names, names))
    for reader, rows in (("pyarrow", arrow), ("duckdb", duck)):
        if len(rows) != len(expected):
            mismatches.append("%s: %d rows, NDJSON %d" % (reader, len(rows), len(expected)))
            continue
        for index, (got, want) in enumerate(zip(rows, expected)):
            for name in names:
                a, b = canon(types[name], got.get(name)), canon(types[name], want.get(name))
                if a != b:
                    mismatches.append("%s row %d column %s: %r != %r" % (reader, index, name, a, b))
                    if len(mismatches) > 20:
                        break
    return {"rows": len(arrow), "mismatches": mismatches}

def metadata(parquet):
    f = pq.ParquetFile(parquet)
    md = f.metadata
    columns = []
    for i in range(md.num_columns):
        c = f.schema.column(i)
        columns.append({"name": c.name, "physical": c.physical_type, "logical": str(c.logical_type),
                        "converted": c.converted_type, "max_definition_level": c.max_definition_level,
                        "length": c.length, "precision": c.precision, "scale": c.scale})
    groups = []
    for g in range(md.num_row_groups):
        rg = md.row_group(g)
        chunks = []
        for i in range(rg.num_columns):
            ch = rg.column(i)
            st = ch.statistics
            chunks.append({"encodings": list(ch.encodings), "has_dictionary_page": ch.has_dictionary_page,
                           "dictionary_page_offset": ch.dictionary_page_offset, "data_page_offset": ch.data_page_offset,
                           "compression": ch.compression, "null_count": st.null_count if st is not None else None,
                           "has_min_max": st.has_min_max if st is not None else False,
                           "total_compressed_size": ch.total_compressed_size,
                           "total_uncompressed_size": ch.total_uncompressed_size})
        groups.append({"rows": rg.num_rows, "columns": chunks})
    arrow_types = {field.name: str(field.type) for field in f.schema_arrow}
    return {"columns": columns, "row_groups": groups, "created_by": md.created_by,
            "format_version": md.format_version, "num_rows": md.num_rows, "arrow_types": arrow_types}

def stat_value(value):
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, (datetime.datetime, decimal.Decimal)):
        return str(value)
    return value

def statistics(parquet):
    f = pq.ParquetFile(parquet)
    md = f.metadata
    problems = []
    checked = 0
    for g in range(md.num_row_groups):
        table = f.read_row_group(g)
        for i in range(md.num_columns):
            column = table.column(i)
            if isinstance(column.type, pa.BaseExtensionType):
                column = pa.chunked_array([chunk.storage for chunk in column.chunks], type=column.type.storage_type)
            st = md.row_group(g).column(i).statistics
            nulls = column.null_count
            if st is None or st.null_count != nulls:
                problems.append("group %d column %d: null_count %r, data %d" % (g, i, st and st.null_count, nulls))
                continue
            values = column.drop_null()
            if pa.types.is_floating(column.type):
                values = values.filter(pc.invert(pc.is_nan(values)))
            if len(values) == 0:
                if st.has_min_max:
                    problems.append("group %d column %d: min/max without values" % (g, i))
                continue
            if not st.has_min_max:
                problems.append("group %d column %d: no min/max" % (g, i))
                continue
            if pa.types.is_string(column.type) or pa.types.is_large_string(column.type) or pa.types.is_binary(column.type) or str(column.type).startswith("extension"):
                raw = sorted(v.encode("utf-8") if isinstance(v, str) else v for v in values.to_pylist())
                want_min, want_max = raw[0].decode("utf-8"), raw[-1].decode("utf-8")
            else:
                mm = pc.min_max(values)
                want_min, want_max = mm["min"].as_py(), mm["max"].as_py()
            if stat_value(st.min) != stat_value(want_min) or stat_value(st.max) != stat_value(want_max):
                problems.append("group %d column %d: min/max %r/%r, data %r/%r" % (g, i, st.min, st.max, want_min, want_max))
            checked += 1
    return {"problems": problems, "checked": checked}

def read_partitioned(directory, order_by, fmt):
    part = ds.partitioning(flavor="hive")
    dataset = ds.dataset(directory, format=fmt, partitioning=part)
    table = dataset.to_table()
    names = sorted(table.column_names)
    # Rows sharing the order key (an exploded record's) are ordered by all their values, in
    # both readers alike: neither reader keeps the files' row order across a directory.
    row_key = lambda r: (str(r.get(order_by)),) + tuple(str(r.get(name)) for name in names)
    rows = sorted(table.to_pylist(), key=row_key)
    con = duckdb.connect()
    reader = "read_parquet" if fmt == "parquet" else "read_csv"
    glob = directory.rstrip("/") + "/**/*." + fmt
    duck = con.sql("SELECT * FROM %s('%s', hive_partitioning = true)" % (reader, glob))
    duck_rows = sorted((dict(zip(duck.columns, r)) for r in duck.fetchall()), key=row_key)
    mismatches = []
    if len(duck_rows) != len(rows):
        mismatches.append("duckdb %d rows, pyarrow %d" % (len(duck_rows), len(rows)))
    else:
        for a, b in zip(rows, duck_rows):
            for name in names:
                if str(a.get(name)) != str(b.get(name)):
                    mismatches.append("%s: pyarrow %r, duckdb %r" % (name, a.get(name), b.get(name)))
    return {"rows": [{k: (str(v) if v is not None else None) for k, v in r.items()} for r in rows], "mismatches": mismatches}

mode = sys.argv[1]
if mode == "compare":
    report = compare(sys.argv[2], sys.argv[3], json.loads(sys.argv[4]))
elif mode == "metadata":
    report = metadata(sys.argv[2])
elif mode == "statistics":
    report = statistics(sys.argv[2])
elif mode == "partitioned":
    report = read_partitioned(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "parquet")
print(json.dumps(report, default=str))
"""#
}
