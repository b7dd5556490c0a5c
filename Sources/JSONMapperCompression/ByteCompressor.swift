import CZlib
import CZstd
import JSONMapper

/// Compresses a stream of bytes into gzip (zlib) or zstd (libzstd), piece by piece: each call
/// returns the compressed bytes ready so far, and ``finish()`` the rest, ending the stream.
///
/// ```swift
/// let compressor = try ByteCompressor(.gzip)
/// var file = try compressor.compress(Array("a,b\n".utf8))
/// file += try compressor.finish()
/// ```
///
/// A compressor is used from one thread at a time.
public final class ByteCompressor {
    /// The format written.
    public let format: CompressionFormat
    private let encoder: any FrameEncoder

    /// A compressor writing `format` at the library's default level (gzip 6, zstd 3).
    public init(_ format: CompressionFormat) throws(JSONMapperError) {
        self.format = format
        switch format {
        case .gzip: encoder = try GzipEncoder()
        case .zstd: encoder = try ZstdEncoder()
        }
    }

    /// The compressed bytes of `bytes` that are ready; the compressor may keep some until later.
    public func compress(_ bytes: [UInt8]) throws(JSONMapperError) -> [UInt8] {
        var output: [UInt8] = []
        // (`withUnsafeBytes` rethrows untyped errors: the typed one crosses it as a Result.)
        let result = bytes.withUnsafeBytes { input in
            Result { () throws(JSONMapperError) in try encoder.encode(input, ending: false, into: &output) }
        }
        try result.get()
        return output
    }

    /// The rest of the compressed stream. Call it once, last.
    public func finish() throws(JSONMapperError) -> [UInt8] {
        var output: [UInt8] = []
        try encoder.encode(UnsafeRawBufferPointer(start: nil, count: 0), ending: true, into: &output)
        return output
    }

    /// `bytes` compressed as one whole stream.
    public static func compress(_ bytes: [UInt8], as format: CompressionFormat) throws(JSONMapperError) -> [UInt8] {
        let compressor = try ByteCompressor(format)
        return try compressor.compress(bytes) + compressor.finish()
    }
}

/// One library's streaming compression.
protocol FrameEncoder: AnyObject {
    /// Compresses `input` and appends what is ready to `output`; with `ending`, ends the stream.
    func encode(_ input: UnsafeRawBufferPointer, ending: Bool, into output: inout [UInt8]) throws(JSONMapperError)
}

/// The room each compression call writes into before it is appended to the output.
private let outputChunk = 64 * 1024

final class GzipEncoder: FrameEncoder {
    private var stream = z_stream()

    init() throws(JSONMapperError) {
        guard czlib_deflate_init_gzip(&stream, Z_DEFAULT_COMPRESSION) == Z_OK else {
            throw .ioFailed(reason: "cannot compress: zlib could not start (out of memory)")
        }
    }

    deinit {
        deflateEnd(&stream)
    }

    func encode(_ input: UnsafeRawBufferPointer, ending: Bool, into output: inout [UInt8]) throws(JSONMapperError) {
        // zlib's `next_in` is not const, but deflate never writes through it. The input is bytes
        // (`Bytef` is `UInt8`), so binding it to them changes nothing.
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        var chunk = [UInt8](repeating: 0, count: outputChunk)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { room in
                stream.next_out = room.baseAddress!
                stream.avail_out = uInt(room.count)
                return deflate(&stream, ending ? Z_FINISH : Z_NO_FLUSH)
            }
            output.append(contentsOf: chunk[..<(outputChunk - Int(stream.avail_out))])
            switch status {
            case Z_STREAM_END: return
            case Z_OK, Z_BUF_ERROR:
                // Done with this input once deflate left output room unused.
                if !ending, stream.avail_in == 0, stream.avail_out > 0 { return }
            default:
                throw .ioFailed(reason: "gzip compression failed: zlib error \(status)")
            }
        }
    }
}

final class ZstdEncoder: FrameEncoder {
    private let context: OpaquePointer

    init() throws(JSONMapperError) {
        guard let context = ZSTD_createCCtx() else {
            throw .ioFailed(reason: "cannot compress: libzstd could not start (out of memory)")
        }
        self.context = context
    }

    deinit {
        ZSTD_freeCCtx(context)
    }

    func encode(_ input: UnsafeRawBufferPointer, ending: Bool, into output: inout [UInt8]) throws(JSONMapperError) {
        var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var chunk = [UInt8](repeating: 0, count: outputChunk)
        while true {
            var produced = 0
            let remaining = chunk.withUnsafeMutableBytes { room in
                var target = ZSTD_outBuffer(dst: room.baseAddress, size: room.count, pos: 0)
                defer { produced = target.pos }
                return ZSTD_compressStream2(context, &target, &source, ending ? ZSTD_e_end : ZSTD_e_continue)
            }
            if ZSTD_isError(remaining) != 0 {
                throw .ioFailed(reason: "zstd compression failed: \(String(cString: ZSTD_getErrorName(remaining)))")
            }
            output.append(contentsOf: chunk[..<produced])
            // ZSTD_e_end: done when nothing remains to flush; ZSTD_e_continue: when the input is used.
            if ending ? remaining == 0 : source.pos == source.size { return }
        }
    }
}
