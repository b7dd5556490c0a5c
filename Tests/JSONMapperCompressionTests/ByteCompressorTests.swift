import JSONMapper
import JSONMapperCompression
import Testing

/// Compressed output, read back by the `gzip` and `zstd` tools.
@Suite struct ByteCompressorTests {
    @Test(arguments: CompressionFormat.allCases)
    func piecesCompressToOneStream(format: CompressionFormat) throws {
        let compressor = try ByteCompressor(format)
        var compressed: [UInt8] = []
        var plain: [UInt8] = []
        for piece in 0..<200 {
            let bytes = Array(String(repeating: "row \(piece),\(piece * 7)\n", count: piece % 50 + 1).utf8)
            plain += bytes
            compressed += try compressor.compress(bytes)
        }
        compressed += try compressor.finish()
        #expect(CompressionFormat.detect(compressed) == format)
        #expect(try Tool.decompress(compressed, format) == plain)
    }

    @Test(arguments: CompressionFormat.allCases)
    func nothingCompressesToAnEmptyStream(format: CompressionFormat) throws {
        let compressed = try ByteCompressor.compress([], as: format)
        #expect(!compressed.isEmpty)
        #expect(try Tool.decompress(compressed, format) == [])
    }

    @Test func formatsAreDetectedByContentAndNamedByExtension() {
        #expect(CompressionFormat.detect([0x1F, 0x8B, 0x08]) == .gzip)
        #expect(CompressionFormat.detect([0x28, 0xB5, 0x2F, 0xFD, 0x00]) == .zstd)
        #expect(CompressionFormat.detect([0x28, 0xB5, 0x2F]) == nil)
        #expect(CompressionFormat.detect(Array("{}".utf8)) == nil)
        #expect(CompressionFormat.forFileName("out.csv.gz") == .gzip)
        #expect(CompressionFormat.forFileName("out.csv.zst") == .zstd)
        #expect(CompressionFormat.forFileName("out.csv") == nil)
    }
}
