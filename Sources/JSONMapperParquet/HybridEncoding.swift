/// The RLE / bit-packing hybrid of Parquet's `Encodings.md`, for definition levels (bit
/// width 1) and dictionary indices: a sequence of runs, each a ULEB128 header whose low bit
/// says its kind:
///
/// - an RLE run, `count << 1`, then the repeated value in `ceil(bitWidth / 8)` bytes,
///   little-endian;
/// - a bit-packed run, `groups << 1 | 1`, then `groups` groups of 8 values, each value
///   `bitWidth` bits, packed from the least significant bit of each byte up.
///
/// A bit-packed run holds whole groups of 8, so only the last run of the data may be padded
/// (the reader knows the value count); values before an RLE run are therefore gathered into
/// groups of 8 first. A bit-packed run holds at most 63 groups (504 values), the size whose
/// header fits one byte, which some readers assume.
struct HybridEncoder {
    let bitWidth: Int
    private(set) var bytes: [UInt8] = []
    /// Values waiting to be bit-packed.
    private var literals: [UInt32] = []
    /// The value being repeated, and how many times so far.
    private var runValue: UInt32 = 0
    private var runLength = 0

    private static let maxGroups = 63
    /// Repeats worth an RLE run (a shorter repeat packs as small as it runs).
    private static let minimumRun = 8

    init(bitWidth: Int) {
        precondition((0...32).contains(bitWidth), "bit width out of range")
        self.bitWidth = bitWidth
    }

    /// The encoding of `values`, all below `1 << bitWidth`.
    static func encode(_ values: some Sequence<UInt32>, bitWidth: Int) -> [UInt8] {
        var encoder = HybridEncoder(bitWidth: bitWidth)
        for value in values { encoder.append(value) }
        return encoder.finish()
    }

    mutating func append(_ value: UInt32) {
        append(value, count: 1)
    }

    /// Appends `value` `count` times.
    mutating func append(_ value: UInt32, count: Int) {
        if runLength > 0, value == runValue {
            runLength += count
            return
        }
        endRun()
        runValue = value
        runLength = count
    }

    /// The bytes of every value appended.
    mutating func finish() -> [UInt8] {
        endRun()
        flushLiterals()
        return bytes
    }

    /// Ends the current repeat: as an RLE run when it is long enough once the pending
    /// literals are topped up to a whole group, or as literals.
    private mutating func endRun() {
        guard runLength > 0 else { return }
        var rest = runLength
        runLength = 0
        if rest >= Self.minimumRun {
            let topUp = (8 - literals.count % 8) % 8
            literals.append(contentsOf: repeatElement(runValue, count: topUp))
            rest -= topUp
        }
        if rest >= Self.minimumRun {
            flushLiterals()
            writeRLE(runValue, count: rest)
        } else {
            // Most repeats are one value long (a dictionary index beside others): appended
            // one by one, without a sequence's copy for each.
            for _ in 0..<rest { literals.append(runValue) }
            if literals.count >= Self.maxGroups * 8 { flushWholeGroups() }
        }
    }

    /// Writes the literals as bit-packed runs, the last group padded with zeros.
    private mutating func flushLiterals() {
        guard !literals.isEmpty else { return }
        literals.append(contentsOf: repeatElement(0, count: (8 - literals.count % 8) % 8))
        flushWholeGroups()
    }

    /// Writes the whole groups of the literals, keeping a partial group for later.
    private mutating func flushWholeGroups() {
        let whole = literals.count / 8 * 8
        var start = 0
        while start < whole {
            let groups = min((whole - start) / 8, Self.maxGroups)
            writeBitPacked(literals[start..<(start + groups * 8)], groups: groups)
            start += groups * 8
        }
        literals.removeFirst(whole)
    }

    private mutating func writeRLE(_ value: UInt32, count: Int) {
        writeVarint(UInt64(count) << 1)
        for index in 0..<((bitWidth + 7) / 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }

    private mutating func writeBitPacked(_ values: ArraySlice<UInt32>, groups: Int) {
        writeVarint(UInt64(groups) << 1 | 1)
        var accumulator: UInt64 = 0
        var bits = 0
        for value in values {
            accumulator |= UInt64(value) << bits
            bits += bitWidth
            while bits >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }
        // 8 values of any width make whole bytes: nothing is left over.
    }

    private mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The bits needed for values up to `maximum`.
    static func bitWidth(forMaximum maximum: UInt32) -> Int {
        UInt32.bitWidth - maximum.leadingZeroBitCount
    }
}
