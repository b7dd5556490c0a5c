/// How array records map onto models: by position (a model whose keys are `"[0]"`, `"[1]"`…),
/// or, as in a CSV file with a header, through column names.
///
/// ```swift
/// // ["asin","brand","rating"]
/// // ["B0000SX2UC","Nokia",3]
/// var decoder = JSONRecordDecoder(framing: .jsonLines)
/// decoder.columns = .headerRecord
/// for result in decoder.records(Product.self, from: .file("products.jsonl")) { … }  // keys "asin", "brand"…
/// ```
public enum JSONRecordColumns: Sendable, Equatable {
    /// Records are decoded as they are.
    case none
    /// The stream's first record is an array of strings naming the columns; it is not
    /// delivered, and each later array record is decoded as the object that maps those names
    /// to its values in order. A stream whose first record is not such an array ends with an
    /// error.
    case headerRecord
    /// Each array record is decoded as the object that maps these names to its values in order.
    case names([String])
}
