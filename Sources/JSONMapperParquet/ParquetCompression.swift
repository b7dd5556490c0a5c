import CSnappy
import CZlib
import CZstd

/// How a Parquet file's pages are compressed, each page on its own (`Compression.md`).
public enum ParquetCompression: String, Sendable, CaseIterable {
    /// Zstandard frames (`ZSTD`): the default.
    case zstd
    /// Snappy's raw block format (`SNAPPY`), as Spark and pandas write by default: faster than
    /// zstd, with larger files; for readers that predate zstd.
    case snappy
    /// gzip members, RFC 1952 (`GZIP`).
    case gzip
    /// Pages as they are (`UNCOMPRESSED`).
    case none

    /// The `CompressionCodec` code of `parquet.thrift`.
    var thriftCode: Int32 {
        switch self {
        case .none: 0
        case .snappy: 1
        case .gzip: 2
        case .zstd: 6
        }
    }

    /// The levels the codec takes (see ``ParquetWriterOptions/compressionLevel``), or `nil`
    /// when it has none: zstd's from 1 (fastest) to 22, gzip's from 1 to 9.
    public var levels: ClosedRange<Int>? {
        switch self {
        case .zstd: 1...Int(ZSTD_maxCLevel())
        case .gzip: 1...9
        case .snappy, .none: nil
        }
    }

    /// The level used when none is given. zstd's is 1, as Arrow's writers (pyarrow, pandas)
    /// use: a Parquet page is already dictionary-encoded and bit-packed, so higher levels find
    /// little more to remove and take longer. gzip's is zlib's own, 6.
    public var defaultLevel: Int? {
        switch self {
        case .zstd: Self.zstdDefaultLevel
        case .gzip: Self.gzipDefaultLevel
        case .snappy, .none: nil
        }
    }

    private static let zstdDefaultLevel = 1
    private static let gzipDefaultLevel = 6

    /// A page's bytes compressed, as a whole, at `level` (one of ``levels``), or at
    /// ``defaultLevel`` when it is `nil`.
    ///
    /// The target's only code that hands pointers to C is here, in the three functions below:
    /// each buffer's address is used only inside the closure that lends it, for one call of
    /// zlib, libzstd or Snappy, which reads `page.count` bytes and writes at most the room it is
    /// given (the bound each library states for its output, so one call always suffices).
    func compress(_ page: [UInt8], level: Int?) throws(ParquetError) -> [UInt8] {
        switch self {
        case .none: return page
        case .zstd: return try Self.zstd(page, level: level ?? Self.zstdDefaultLevel)
        case .snappy: return try Self.snappy(page)
        case .gzip: return try Self.gzip(page, level: level ?? Self.gzipDefaultLevel)
        }
    }

    private static func snappy(_ page: [UInt8]) throws(ParquetError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: snappy_max_compressed_length(page.count))
        var size = output.count
        let status = output.withUnsafeMutableBytes { room in
            page.withUnsafeBytes { input in
                room.withMemoryRebound(to: CChar.self) { room in
                    input.withMemoryRebound(to: CChar.self) { input in
                        snappy_compress(input.baseAddress, input.count, room.baseAddress, &size)
                    }
                }
            }
        }
        guard status == SNAPPY_OK else { throw .compressionFailed("Snappy status \(status.rawValue)") }
        output.removeLast(output.count - size)
        return output
    }

    private static func zstd(_ page: [UInt8], level: Int) throws(ParquetError) -> [UInt8] {
        // Compressed into room left uninitialized: the bound is larger than the page, and zstd
        // writes every byte it counts.
        var size = 0
        let output = [UInt8](unsafeUninitializedCapacity: ZSTD_compressBound(page.count)) { room, count in
            size = page.withUnsafeBytes { input in
                ZSTD_compress(room.baseAddress, room.count, input.baseAddress, input.count, Int32(level))
            }
            count = ZSTD_isError(size) == 0 ? size : 0
        }
        guard ZSTD_isError(size) == 0 else { throw .compressionFailed(String(cString: ZSTD_getErrorName(size))) }
        return output
    }

    private static func gzip(_ page: [UInt8], level: Int) throws(ParquetError) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, Int32(level)) == Z_OK else {
            throw .compressionFailed("zlib could not start (out of memory)")
        }
        defer { deflateEnd(&stream) }
        // The bound of deflate plus the gzip header and trailer, so one call with Z_FINISH ends the stream.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(page.count))) + 32)
        // `Bytef` is `UInt8`: the arrays' own typed buffers are what zlib reads and writes.
        let status = output.withUnsafeMutableBufferPointer { room in
            page.withUnsafeBufferPointer { input in
                // zlib's `next_in` is not const, but deflate never writes through it.
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = room.baseAddress
                stream.avail_out = uInt(room.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .compressionFailed("zlib error \(status)") }
        output.removeLast(Int(stream.avail_out))
        return output
    }
}
