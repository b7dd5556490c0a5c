import JSONMapper

extension JSONRecordSource {
    /// `source`'s bytes, decompressed when they are gzip or zstd, and read as they are
    /// otherwise: the format is detected from the first bytes, never from a name, so a pipe or
    /// standard input works as a file does.
    ///
    /// Decompression runs on a thread of its own (``JSONRecordSource/filtered(_:through:)``)
    /// and feeds the stream's workers. Concatenated gzip members and zstd frames are one
    /// stream. A corrupt or truncated stream ends the records with
    /// ``JSONMapperError/corruptCompressedInput(source:compressedOffset:reason:)`` naming
    /// `name` and the compressed byte where decompression stopped, after every record before
    /// it; the positions in other errors and in rejections are positions in the decompressed
    /// bytes.
    ///
    /// ```swift
    /// let events = decoder.records(Event.self, from: .decompressed(.file("events.jsonl.gz"), name: "events.jsonl.gz"))
    /// ```
    public static func decompressed(_ source: JSONRecordSource, name: String) -> JSONRecordSource {
        .filtered(source) { input in DecompressingReader(input, name: name) }
    }

    /// The file at `path`, decompressed when it is gzip or zstd (see
    /// ``decompressed(_:name:)``).
    public static func decompressedFile(_ path: String) -> JSONRecordSource {
        .decompressed(.file(path), name: path)
    }

    /// Standard input, decompressed when it is gzip or zstd (see ``decompressed(_:name:)``).
    public static var decompressedStandardInput: JSONRecordSource {
        .decompressed(.standardInput, name: "standard input")
    }
}
