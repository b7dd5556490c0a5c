import Foundation

/// Writes a finite `Decimal` as JSON number text (`-12345e-2`) from its mantissa and exponent,
/// without `Decimal`'s own formatting, which would dominate a dictionary decode.
///
/// A `Decimal` is 20 bytes: the exponent (signed byte), a byte holding the mantissa length in
/// 16-bit words and the sign, two reserved bytes, then eight 16-bit mantissa words, least
/// significant first. Where the length and sign sit in their byte differs between
/// implementations (C bitfields on Darwin, packed by hand in swift-corelibs), so the layout is
/// recognised once from known values; if neither candidate fits, the text comes from
/// `Decimal.description`.
enum DecimalWriting {
    /// Calls `body` with the text, written on the stack.
    static func withText<R>(of decimal: Decimal, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let layout = knownLayout else {
            var text = decimal.description
            return text.withUTF8(body)
        }
        // 39 digits at most, a sign, `e` and a signed exponent of up to 3 digits.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            let count = write(decimal, layout, into: buffer)
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// How the length and sign are packed into the second byte.
    private struct Layout {
        let lengthShift: UInt8
        let signBit: UInt8
    }

    private static let candidates = [
        Layout(lengthShift: 0, signBit: 4),   // length:4, isNegative:1 from the low bit (NSDecimal bitfields)
        Layout(lengthShift: 4, signBit: 3),   // length in the high nibble, then isNegative
    ]

    private static let knownLayout: Layout? = {
        let probes = ["-12345e-2", "1e3", "123456789012345678901234567890", "-0.000001", "7"]
        return candidates.first { layout in
            probes.allSatisfy { probe in
                guard let value = Decimal(string: probe, locale: Locale(identifier: "en_US_POSIX")) else { return false }
                let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
                    String(decoding: buffer[..<write(value, layout, into: buffer)], as: UTF8.self)
                }
                return Decimal(string: written, locale: Locale(identifier: "en_US_POSIX")) == value
                    && (value.isSignMinus == written.hasPrefix("-"))
            }
        }
    }()

    /// Writes the text into `buffer` (48 bytes) and returns its length.
    private static func write(_ decimal: Decimal, _ layout: Layout, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var exponent = 0
        var negative = false
        withUnsafeBytes(of: decimal) { raw in
            guard raw.count >= 20 else { return }
            exponent = Int(Int8(bitPattern: raw[0]))
            let flags = raw[1]
            let length = Int((flags >> layout.lengthShift) & 0xF)
            negative = (flags >> layout.signBit) & 1 == 1
            for k in 0..<min(length, 8) {
                let word = UInt64(raw.loadUnaligned(fromByteOffset: 4 + 2 * k, as: UInt16.self))
                if k < 4 { low |= word << (16 * k) } else { high |= word << (16 * (k - 4)) }
            }
        }
        // Digits are produced last first, so they fill the buffer from its end (before room
        // for the exponent) and are moved to the front afterwards.
        var count = 0
        if negative { buffer[0] = UInt8(ascii: "-"); count = 1 }
        var end = 42
        var start = end
        repeat {
            // One decimal digit off the 128-bit mantissa: long division by 10.
            let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: 10)
            let (quotientLow, remainder) = (10 as UInt64).dividingFullWidth((remainderHigh, low))
            high = quotientHigh
            low = quotientLow
            start -= 1
            buffer[start] = UInt8(48 + remainder)
        } while high != 0 || low != 0
        for i in start..<end {
            buffer[count] = buffer[i]
            count += 1
        }
        if exponent != 0 {
            buffer[count] = UInt8(ascii: "e")
            count += 1
            if exponent < 0 { buffer[count] = UInt8(ascii: "-"); count += 1 }
            var magnitude = exponent.magnitude
            end = count + (magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1)
            var i = end
            repeat {
                i -= 1
                buffer[i] = UInt8(48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            count = end
        }
        return count
    }
}
