import CZlib
import CZstd
import JSONMapper

/// gzip members through zlib's `inflate`, reset at the end of each member so that the next
/// one (`cat a.gz b.gz`) continues the same stream.
final class GzipDecoder: FrameDecoder {
    private var stream = z_stream()
    private(set) var isBetweenFrames = true

    init(name: String) throws(JSONMapperError) {
        guard czlib_inflate_init_gzip(&stream) == Z_OK else {
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
        switch status {
        case Z_STREAM_END:
            isBetweenFrames = true
            inflateReset(&stream)
        case Z_OK, Z_BUF_ERROR:
            // Z_BUF_ERROR: no progress was possible with these bytes (more input is needed).
            break
        default:
            step.failure = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        }
        return step
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
