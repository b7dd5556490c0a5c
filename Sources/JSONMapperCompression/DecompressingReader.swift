import JSONMapper

/// Reads another reader's bytes and hands them on decompressed when they start with the magic
/// number of gzip or zstd, or unchanged otherwise: the filter of
/// ``JSONMapper/JSONRecordSource/decompressed(_:name:)``, public for filters that wrap it
/// (to count or inspect the bytes read) in a ``JSONMapper/JSONRecordSource/filtered(_:through:)`` source.
///
/// Concatenated gzip members and zstd frames are one stream; a corrupt or truncated one
/// throws ``JSONMapper/JSONMapperError/corruptCompressedInput(source:compressedOffset:reason:)``
/// naming `name`, once every byte decompressed before it has been read.
public final class DecompressingReader: JSONRecordByteReader {
    private static let inputCapacity = 128 * 1024

    private let input: any JSONRecordByteReader
    private let name: String
    /// Compressed bytes read and not yet decompressed are `buffer[start..<end]`.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: inputCapacity, alignment: 1)
    private var start = 0
    private var end = 0
    /// Compressed bytes decompressed so far: the offset of `buffer[start]` in the input.
    private var consumed = 0
    private var inputEnded = false
    /// `nil` until the first bytes are read; then the decoder, or `.plain`.
    private var format: Format?

    private enum Format {
        case plain
        case compressed(any FrameDecoder)
    }

    /// A reader of `input`'s bytes, decompressed when they are gzip or zstd; `name` names the
    /// input in errors.
    public init(_ input: any JSONRecordByteReader, name: String) {
        self.input = input
        self.name = name
    }

    deinit {
        buffer.deallocate()
    }

    /// Reads decompressed bytes (see ``JSONMapper/JSONRecordByteReader/read(into:)``).
    public func read(into output: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        guard !output.isEmpty else { return 0 }
        let format: Format
        if let detected = self.format { format = detected } else { format = try detect() }
        switch format {
        case .plain:
            return try readPlain(into: output)
        case .compressed(let decoder):
            return try decompress(with: decoder, into: output)
        }
    }

    /// Reads until the magic number can be told (four bytes, or the end) and picks the format.
    private func detect() throws(JSONMapperError) -> Format {
        while end - start < 4, !inputEnded { try refill() }
        let first = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
        let detected: Format
        switch CompressionFormat.detect(first) {
        case .gzip?: detected = .compressed(GzipDecoder())
        case .zstd?: detected = .compressed(try ZstdDecoder(name: name))
        case nil: detected = .plain
        }
        format = detected
        return detected
    }

    private func readPlain(into output: UnsafeMutableRawBufferPointer) throws(JSONMapperError) -> Int {
        guard start < end else { return inputEnded ? 0 : try input.read(into: output) }
        let count = min(output.count, end - start)
        output.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count)
        start += count
        return count
    }

    /// Decompressed bytes into `output`: at least one, or 0 at the end of the last frame.
    private func decompress(with decoder: any FrameDecoder, into output: UnsafeMutableRawBufferPointer)
        throws(JSONMapperError) -> Int {
        while true {
            if start == end, decoder.isBetweenFrames {
                if inputEnded { return 0 }
                try refill()
                continue
            }
            let pending = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            let step = decoder.step(input: pending, output: output)
            start += step.consumed
            consumed += step.consumed
            if let failure = step.failure {
                throw .corruptCompressedInput(source: name, compressedOffset: consumed, reason: failure)
            }
            if step.produced > 0 { return step.produced }
            if step.consumed == 0 {
                // The decoder needs more bytes; with none left the stream is cut short. (A
                // step without progress never repeats on the same bytes, so nothing spins.)
                guard !inputEnded else {
                    throw .corruptCompressedInput(source: name, compressedOffset: consumed + (end - start),
                                                  reason: "the compressed stream is truncated")
                }
                try refill()
            }
        }
    }

    /// Moves the bytes not yet decompressed to the front of the buffer and reads more after them.
    private func refill() throws(JSONMapperError) {
        if start > 0 {
            let count = end - start
            if count > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count) }
            (start, end) = (0, count)
        }
        let count = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
        if count == 0 { inputEnded = true }
        end += count
    }
}

/// What one call of a decompressor did: bytes of input used, bytes of output made, and the
/// library's message when the input is not valid.
struct DecodeStep {
    var consumed: Int
    var produced: Int
    var failure: String?
}

/// A decompressor of a sequence of frames (gzip members, zstd frames), written over igzip or
/// libzstd.
protocol FrameDecoder: AnyObject {
    /// Whether the decoder is between frames: every frame begun has ended, so the input may
    /// end here.
    var isBetweenFrames: Bool { get }
    /// Decompresses from the start of `input` into the start of `output`.
    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> DecodeStep
}
