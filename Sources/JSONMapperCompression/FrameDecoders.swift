import CLibdeflate
import CZlib
import CZstd
import JSONMapper

/// gzip members through zlib's `inflate`, reset at the end of each member so that the next
/// one (`cat a.gz b.gz`) continues the same stream.
///
/// zlib inflates, and its own check of each member's trailer is off: the CRC-32 of the
/// member's bytes is computed here with libdeflate's (several times zlib's speed, and the
/// largest cost after inflating), and compared, with the length, to the trailer's, which is
/// the last eight bytes zlib consumed when the member ended. (With zlib's check off, a header's
/// optional CRC-16 goes unchecked: it covers the header's name and comment, not the data.)
final class GzipDecoder: FrameDecoder {
    private var stream = z_stream()
    private(set) var isBetweenFrames = true
    /// The member's decompressed bytes so far: their CRC-32 and their count modulo 2^32.
    private var checksum: UInt32 = 0
    private var length: UInt32 = 0
    /// The last eight compressed bytes consumed, oldest first in memory order: at a member's
    /// end, its trailer (CRC-32, then length, both little-endian).
    private var lastConsumed: UInt64 = 0

    init(name: String) throws(JSONMapperError) {
        guard czlib_inflate_init_gzip(&stream) == Z_OK, inflateValidate(&stream, 0) == Z_OK else {
            throw .ioFailed(reason: "cannot decompress \(name): zlib could not start (out of memory)")
        }
    }

    deinit {
        inflateEnd(&stream)
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecodeStep {
        // zlib's `next_in` is not const, but inflate never writes through it. Both buffers are
        // bytes (`Bytef` is `UInt8`), so binding them to them changes nothing.
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = output.bindMemory(to: Bytef.self).baseAddress!
        stream.avail_out = uInt(output.count)
        if !input.isEmpty { isBetweenFrames = false }
        let status = inflate(&stream, Z_NO_FLUSH)
        var step = DecodeStep(consumed: input.count - Int(stream.avail_in), produced: output.count - Int(stream.avail_out))
        if step.produced > 0 {
            checksum = UInt32(libdeflate_crc32(checksum, output.baseAddress, step.produced))
            length &+= UInt32(truncatingIfNeeded: step.produced)
        }
        remember(UnsafeRawBufferPointer(rebasing: input.prefix(step.consumed)))
        switch status {
        case Z_STREAM_END:
            step.failure = trailerMismatch()
            isBetweenFrames = true
            (checksum, length, lastConsumed) = (0, 0, 0)
            inflateReset(&stream)
            inflateValidate(&stream, 0)
        case Z_OK, Z_BUF_ERROR:
            // Z_BUF_ERROR: no progress was possible with these bytes (more input is needed).
            break
        default:
            step.failure = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        }
        return step
    }

    /// Shifts the bytes zlib just consumed into ``lastConsumed``.
    private func remember(_ consumed: UnsafeRawBufferPointer) {
        for byte in consumed.suffix(8) { lastConsumed = lastConsumed >> 8 | UInt64(byte) << 56 }
    }

    /// What is wrong with the member that just ended, in zlib's words, or `nil`.
    private func trailerMismatch() -> String? {
        if UInt32(truncatingIfNeeded: lastConsumed) != checksum { return "incorrect data check" }
        if UInt32(truncatingIfNeeded: lastConsumed >> 32) != length { return "incorrect length check" }
        return nil
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
