/// How array records map onto models: by position (a model whose keys are `"[0]"`, `"[1]"`…),
/// or, as in a CSV file with a header, through column names; and whether the stream starts
/// with a header record.
///
/// ```swift
/// // ["asin","brand","rating"]
/// // ["B0000SX2UC","Nokia",3]
/// var decoder = JSONRecordDecoder(framing: .jsonLines)
/// decoder.columns = .headerRecord          // keys "asin", "brand"…
/// decoder.columns = .skippingHeaderRecord  // keys "[0]", "[1]"…, the header line skipped
/// for result in decoder.records(Product.self, from: .file("products.jsonl")) { … }
/// ```
///
/// A header record is not a record of the stream: it is not delivered, rejected or counted
/// in ``JSONRecordProgress``, and the record after it has index 0. So a record's
/// ``JSONRecord/index`` counts the records after the header, and its ``JSONRecord/line`` is
/// its line in the file, whichever case reads the stream: the record on line 2 after a header
/// is record 0 under ``headerRecord`` and ``skippingHeaderRecord`` alike.
public enum JSONRecordColumns: Sendable, Equatable {
    /// Records are decoded as they are; the stream has no header record.
    case none
    /// The stream's first record is an array of JSON strings naming the columns, and each later
    /// array record is decoded as the object that maps those names to its values in order. A
    /// stream whose first record is not such an array (read strictly, whatever the options'
    /// coercion: `["a", 1]` is no header) ends with an error.
    case headerRecord
    /// The stream's first record is a header (an array of strings), which is skipped; the
    /// later records are decoded as they are, so a positional model reads them by index. As
    /// for ``headerRecord``, a stream whose first record is not an array of JSON strings ends
    /// with an error, so a data row is never skipped for a header.
    case skippingHeaderRecord
    /// Each array record is decoded as the object that maps these names to its values in
    /// order; the stream has no header record.
    case names([String])
}
