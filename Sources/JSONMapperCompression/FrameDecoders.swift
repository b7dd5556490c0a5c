import CIsal
import CZstd
import JSONMapper

/// gzip members: each header read here, its deflate data and trailer through ISA-L's
/// `isal_inflate` (igzip), which inflates and checks the trailer's CRC-32 and length; then the
/// next member (`cat a.gz b.gz`) continues the same stream.
///
/// The header is read here because igzip misreads one whose CRC-16 field arrives split across
/// calls. Its CRC-16 is passed over unchecked: it covers the header's name and comment, not
/// the data.
final class GzipDecoder: FrameDecoder {
    /// igzip's state: a large struct (its window and tables), so on the heap. Allocated in
    /// `init`, freed in `deinit`, and touched only by this decoder's own calls.
    private let state: UnsafeMutablePointer<inflate_state>
    private(set) var isBetweenFrames = true
    private var header = GzipHeaderReader()
    /// The last eight compressed bytes consumed, oldest first in memory order: at a member's
    /// end, its trailer (CRC-32, then length, both little-endian).
    private var lastConsumed: UInt64 = 0

    init() {
        state = .allocate(capacity: 1)
        startMember()
    }

    deinit {
        state.deallocate()
    }

    private func startMember() {
        header = GzipHeaderReader()
        lastConsumed = 0
        isal_inflate_init(state)
        state.pointee.crc_flag = UInt32(ISAL_GZIP_NO_HDR_VER)
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecodeStep {
        if !input.isEmpty { isBetweenFrames = false }
        var headerBytes = 0
        if !header.isComplete {
            do throws(GzipHeaderReader.Failure) {
                headerBytes = try header.read(input)
            } catch {
                return DecodeStep(consumed: error.consumed, produced: 0, failure: error.message)
            }
            guard header.isComplete else { return DecodeStep(consumed: headerBytes, produced: 0) }
        }
        var step = inflate(UnsafeRawBufferPointer(rebasing: input[headerBytes...]), into: output)
        step.consumed += headerBytes
        return step
    }

    private func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecodeStep {
        // igzip counts in 32 bits; a larger buffer is taken in part, as any step may be.
        let input = UnsafeRawBufferPointer(rebasing: input.prefix(Int(UInt32.max)))
        let output = UnsafeMutableRawBufferPointer(rebasing: output.prefix(Int(UInt32.max)))
        // `next_in` is not const, but igzip never writes through it.
        state.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: UInt8.self).baseAddress)
        state.pointee.avail_in = UInt32(input.count)
        state.pointee.next_out = output.bindMemory(to: UInt8.self).baseAddress
        state.pointee.avail_out = UInt32(output.count)
        let status = isal_inflate(state)
        var step = DecodeStep(consumed: input.count - Int(state.pointee.avail_in), produced: output.count - Int(state.pointee.avail_out))
        remember(UnsafeRawBufferPointer(rebasing: input.prefix(step.consumed)))
        if status != ISAL_DECOMP_OK {
            step.failure = failure(status)
        } else if state.pointee.block_state == ISAL_BLOCK_FINISH {
            isBetweenFrames = true
            startMember()
        }
        return step
    }

    /// Shifts the bytes igzip just consumed into ``lastConsumed``.
    private func remember(_ consumed: UnsafeRawBufferPointer) {
        for byte in consumed.suffix(8) { lastConsumed = lastConsumed >> 8 | UInt64(byte) << 56 }
    }

    /// What igzip's `status` says is wrong, in zlib's words, which gzip tools print for the
    /// same faults.
    private func failure(_ status: Int32) -> String {
        switch status {
        case ISAL_INCORRECT_CHECKSUM:
            // igzip checks the trailer's CRC-32 and length as one: the CRC it computed tells which.
            return UInt32(truncatingIfNeeded: lastConsumed) == state.pointee.crc ? "incorrect length check" : "incorrect data check"
        case ISAL_INVALID_BLOCK: return "invalid block type"
        case ISAL_INVALID_SYMBOL: return "invalid code"
        case ISAL_INVALID_LOOKBACK: return "invalid distance too far back"
        default: return "igzip error \(status)"
        }
    }
}

/// A gzip member's header (RFC 1952), read a byte at a time across steps: the fixed ten
/// bytes, then the optional extra field, name, comment and CRC-16, each passed over.
struct GzipHeaderReader {
    struct Failure: Error {
        /// Bytes consumed up to and with the one at fault.
        var consumed: Int
        var message: String
    }

    private enum Part { case fixed, extraLength, extra, name, comment, headerCRC, done }

    private var part = Part.fixed
    /// Bytes read of the current part.
    private var partBytes = 0
    private var flags: UInt8 = 0
    private var extraLength = 0

    var isComplete: Bool { part == .done }

    /// FLG bits (bit 0, FTEXT, is a hint only).
    private static let hasHeaderCRC = UInt8(0x02), hasExtra = UInt8(0x04), hasName = UInt8(0x08), hasComment = UInt8(0x10)

    /// Reads header bytes from the start of `input`; returns how many it took (all of them,
    /// unless the header ends inside `input`).
    mutating func read(_ input: UnsafeRawBufferPointer) throws(Failure) -> Int {
        var index = 0
        while index < input.count, part != .done {
            let byte = input[index]
            index += 1
            switch part {
            case .fixed: try checkFixed(byte, consumed: index)
            case .extraLength: extraLength |= Int(byte) << (8 * partBytes)
            case .name, .comment:
                // Zero-terminated: no length.
                if byte == 0 { moveOn() }
                continue
            case .extra, .headerCRC, .done: break
            }
            partBytes += 1
            if partBytes == length(of: part) { moveOn() }
        }
        return index
    }

    private mutating func checkFixed(_ byte: UInt8, consumed: Int) throws(Failure) {
        switch partBytes {
        case 0 where byte != 0x1F, 1 where byte != 0x8B:
            throw Failure(consumed: consumed, message: "incorrect header check")
        case 2 where byte != 8:
            throw Failure(consumed: consumed, message: "unknown compression method")
        case 3:
            guard byte & 0xE0 == 0 else { throw Failure(consumed: consumed, message: "unknown header flags set") }
            flags = byte
        default:
            break
        }
    }

    /// The bytes of a part of fixed size.
    private func length(of part: Part) -> Int {
        switch part {
        case .fixed: 10
        case .extraLength, .headerCRC: 2
        case .extra: extraLength
        case .name, .comment, .done: 0
        }
    }

    /// Goes on to the next part the flags ask for (past an empty extra field).
    private mutating func moveOn() {
        part = Self.part(after: part, flags: flags)
        if part == .extra, extraLength == 0 { part = Self.part(after: .extra, flags: flags) }
        partBytes = 0
    }

    private static func part(after done: Part, flags: UInt8) -> Part {
        switch done {
        case .fixed: flags & hasExtra != 0 ? .extraLength : part(after: .extra, flags: flags)
        case .extraLength: .extra
        case .extra: flags & hasName != 0 ? .name : part(after: .name, flags: flags)
        case .name: flags & hasComment != 0 ? .comment : part(after: .comment, flags: flags)
        case .comment: flags & hasHeaderCRC != 0 ? .headerCRC : .done
        case .headerCRC, .done: .done
        }
    }
}

/// zstd frames through libzstd's streaming decompression, which reads concatenated frames
/// as one stream by itself.
final class ZstdDecoder: FrameDecoder {
    private let context: OpaquePointer
    private(set) var isBetweenFrames = true

    init(name: String) throws(JSONMapperError) {
        guard let context = ZSTD_createDCtx() else {
            throw .ioFailed(reason: "cannot decompress \(name): libzstd could not start (out of memory)")
        }
        self.context = context
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecodeStep {
        var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var target = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = ZSTD_decompressStream(context, &target, &source)
        var step = DecodeStep(consumed: source.pos, produced: target.pos)
        if ZSTD_isError(hint) != 0 {
            step.failure = String(cString: ZSTD_getErrorName(hint))
        } else {
            // 0: a frame has ended and all of it has been handed on.
            isBetweenFrames = hint == 0
        }
        return step
    }
}
