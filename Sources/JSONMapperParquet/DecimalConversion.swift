import Foundation

/// A `Decimal` as a Parquet decimal's unscaled integer: its digits shifted by the column's
/// scale, as an `INT32`/`INT64` value up to 18 digits, or as the big-endian two's complement
/// of the column's byte width. Exact or refused: a value with more digits after the point
/// than the scale, or more digits in all than the precision, is an error, never rounded.
enum DecimalConversion {
    struct Failure: Error {
        let reason: String
    }

    static func value(of decimal: Decimal, precision: Int, scale: Int) throws(Failure) -> ParquetValue {
        guard decimal.isFinite else { throw Failure(reason: "a NaN decimal has no Parquet value") }
        let (isNegative, digits) = try unscaledDigits(of: decimal.description, scale: scale)
        guard digits.count <= precision else {
            throw Failure(reason: "\(decimal) has more than \(precision) digits (the Parquet column's decimal precision)")
        }
        if precision <= 18 {
            let magnitude = digits.reduce(Int64(0)) { $0 * 10 + Int64($1) }
            return .int64(isNegative ? -magnitude : magnitude)
        }
        return .bytes(bigEndian(digits, isNegative: isNegative, width: ParquetColumn.byteWidth(ofPrecision: precision)))
    }

    /// The sign and the decimal digits (no leading zeros) of the number in `text`
    /// (`-12.5`, `3E+2`) times 10^scale.
    static func unscaledDigits(of text: String, scale: Int) throws(Failure) -> (isNegative: Bool, digits: [UInt8]) {
        var mantissa = Substring(text)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let power = Int(mantissa[mantissa.index(after: e)...].drop { $0 == "+" }) else {
                throw Failure(reason: "unreadable decimal \(text)")
            }
            exponent = power
            mantissa = mantissa[..<e]
        }
        let isNegative = mantissa.first == "-"
        if isNegative || mantissa.first == "+" { mantissa = mantissa.dropFirst() }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        for character in mantissa {
            if character == "." && !seenPoint {
                seenPoint = true
                continue
            }
            guard let digit = character.wholeNumberValue, character.isASCII else { throw Failure(reason: "unreadable decimal \(text)") }
            digits.append(UInt8(digit))
            if seenPoint { fractionDigits += 1 }
        }
        let shift = scale + exponent - fractionDigits
        if shift >= 0 {
            digits.append(contentsOf: repeatElement(0, count: shift))
        } else {
            let dropped = digits.suffix(-shift)
            guard dropped.allSatisfy({ $0 == 0 }) else {
                throw Failure(reason: "\(text) has more than \(scale) digits after the point (the Parquet column's decimal scale)")
            }
            digits.removeLast(min(-shift, digits.count))
        }
        let firstNonZero = digits.firstIndex { $0 != 0 } ?? digits.count
        digits.removeFirst(firstNonZero)
        return (isNegative && !digits.isEmpty, digits)
    }

    /// The two's complement of ±digits in `width` big-endian bytes (the caller checked that
    /// the precision fits the width).
    static func bigEndian(_ digits: [UInt8], isNegative: Bool, width: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width)
        for digit in digits {
            var carry = UInt32(digit)
            for index in bytes.indices.reversed() {
                let product = UInt32(bytes[index]) * 10 + carry
                bytes[index] = UInt8(truncatingIfNeeded: product)
                carry = product >> 8
            }
        }
        guard isNegative else { return bytes }
        // Negation: invert every bit, then add one.
        var carry: UInt16 = 1
        for index in bytes.indices.reversed() {
            let sum = UInt16(~bytes[index]) + carry
            bytes[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
        }
        return bytes
    }
}
