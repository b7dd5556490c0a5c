import Foundation

/// A JSON number as its RFC 8259 text, converted on demand: integers beyond 64 bits and
/// decimals lose nothing until you choose a Swift type. Two numbers are equal when their
/// text is (`1` and `1.0` differ).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, e.g. `-12.5e3`.
    public let text: String

    /// A number from valid RFC 8259 number text; `nil` for anything else.
    public init?(text: String) {
        var copy = text
        let valid = copy.withUTF8 { NumberText($0) != nil }
        guard valid else { return nil }
        self.text = text
    }

    /// Trusted text straight from the parser.
    init(validatedText text: String) { self.text = text }

    /// An integer.
    public init<I: BinaryInteger>(_ value: I) { text = String(value) }

    /// A finite double, in its shortest round-tripping form; `nil` for infinity and NaN.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Swift's description is the shortest text that reads back to the same double, and
        // every form it takes for finite values (`0.1`, `1e-07`, `5e-324`) is valid JSON.
        text = value.description
    }

    /// A decimal, exactly.
    public init?(_ value: Decimal) {
        guard value.isFinite else { return nil }
        text = value.description
    }

    /// The value as `Int64`, if it is an integer in range.
    public var int64Value: Int64? { exact(Int64.self) }
    /// The value as `UInt64`, if it is a non-negative integer in range.
    public var uint64Value: UInt64? { exact(UInt64.self) }
    /// The value as `Int`, if it is an integer in range.
    public var intValue: Int? { exact(Int.self) }
    /// The nearest `Double` (correctly rounded), or `nil` beyond `Double`'s range.
    public var doubleValue: Double? {
        var copy = text
        return copy.withUTF8 { try? FloatingPointCoercion.double(fromNumber: $0) }
    }
    /// The value as `Decimal`, exactly, or `nil` beyond `Decimal`'s range or its 38 significant digits.
    public var decimalValue: Decimal? {
        var copy = text
        return copy.withUTF8 { try? DecimalCoercion.fromNumber($0, strict: true) }
    }

    /// The text.
    public var description: String { text }

    private func exact<I: FixedWidthInteger>(_: I.Type) -> I? {
        var copy = text
        return copy.withUTF8 { try? IntegerCoercion.fromNumber($0, as: I.self) }
    }
}
