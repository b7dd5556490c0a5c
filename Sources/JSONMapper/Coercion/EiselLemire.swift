/// Decimal → `Double` with the Eisel-Lemire algorithm (Lemire, "Number Parsing at a Gigabyte
/// per Second", 2021): one or two 64×64→128-bit multiplications by a tabulated power of five
/// give the correctly rounded result, or report the rare case they cannot decide, which the
/// caller then hands to a full-precision parser.
enum EiselLemire {
    static let smallestPower = -342
    static let largestPower = 308

    /// `w × 10^q` correctly rounded, or `nil` when the algorithm cannot decide (or the result
    /// is subnormal, zero or infinite: the caller's general parser handles those edges).
    static func double(significand w: UInt64, power q: Int, negative: Bool) -> Double? {
        guard w != 0, q >= smallestPower, q <= largestPower else { return nil }
        let index = (q - smallestPower) * 2
        // Binary exponent of 10^q, rounded down, biased, plus 63 for the 64-bit product.
        let exponent = (((152_170 + 65_536) * q) >> 16) + 1024 + 63
        var lz = w.leadingZeroBitCount
        let i = w << lz
        var (upper, lower) = i.multipliedFullWidth(by: powersOfFive128[index])
        if upper & 0x1FF == 0x1FF, lower &+ i < lower {
            // The truncated product may be off: refine with the low word of the power.
            let (middle2, low) = i.multipliedFullWidth(by: powersOfFive128[index + 1])
            let (middle, carry) = lower.addingReportingOverflow(middle2)
            if carry { upper &+= 1 }
            if middle &+ 1 == 0, upper & 0x1FF == 0x1FF, low &+ i < low { return nil }
            lower = middle
        }
        let upperBit = Int(upper >> 63)
        var mantissa = upper >> UInt64(upperBit + 9)
        lz += 1 ^ upperBit
        // Exactly halfway between two doubles: round-to-even needs more digits than we have.
        if lower == 0, upper & 0x1FF == 0, mantissa & 3 == 1 { return nil }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 1 << 53 {
            mantissa = 1 << 52
            lz -= 1
        }
        mantissa &= ~(1 << 52)
        let realExponent = exponent - lz
        guard realExponent >= 1, realExponent <= 2046 else { return nil }
        let bits = mantissa | UInt64(realExponent) << 52 | (negative ? 1 << 63 : 0)
        return Double(bitPattern: bits)
    }
}
