/// A compressed format `JSONMapperCompression` reads and writes, told apart by content.
public enum CompressionFormat: String, Sendable, CaseIterable {
    /// gzip (RFC 1952), one member or several concatenated: read through ISA-L's igzip,
    /// written through zlib.
    case gzip
    /// Zstandard (RFC 8878), one frame or several concatenated, through libzstd.
    case zstd

    /// The format whose magic number starts `bytes`, or `nil` when they start with neither
    /// (gzip: `1f 8b`; zstd: `28 b5 2f fd`). Give at least four bytes, or all there are.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> CompressionFormat? {
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        return nil
    }

    /// The format a file name's extension asks for (`.gz`, `.zst`), or `nil` for another name.
    public static func forFileName(_ name: String) -> CompressionFormat? {
        if name.hasSuffix(".gz") { return .gzip }
        if name.hasSuffix(".zst") { return .zstd }
        return nil
    }
}
