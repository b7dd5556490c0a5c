import Foundation

/// A drop-in for Foundation's `JSONDecoder` that decodes any `Decodable` type, faster.
///
/// Switching is one line: `let decoder = JSONCodableDecoder()` in place of `JSONDecoder()`.
/// The options are Foundation's own types (`JSONDecoder.KeyDecodingStrategy` and the others),
/// so code that sets them compiles unchanged, and decoding gives the same values and throws
/// the same `DecodingError` cases with the same coding paths.
///
/// The document is parsed by yajl with every event recorded on a tape in C; the type's
/// `init(from:)` then reads the tape through the decoder's containers. A keyed container finds
/// its keys by comparing bytes on the tape, so no `String` is made for a key the type does not
/// ask for and no dictionary is built per object.
///
/// Where it differs from Foundation, on purpose:
/// - A syntax error is `DecodingError.dataCorrupted` as in Foundation, with the
///   ``JSONMapperError`` as its underlying error and its byte, line and column in the
///   description. The parse is the library's: input must be UTF-8 (a UTF-8 byte order mark is
///   skipped), and the limits of ``limits`` apply.
/// - JSON5 (`allowsJSON5`) and `assumesTopLevelDictionary` are not read by yajl: setting either
///   makes every decode throw `DecodingError.dataCorrupted` saying so.
/// - A number the type cannot hold is `dataCorrupted` with an empty coding path, as in
///   Foundation; the description and the underlying error name its path. Integral numbers
///   written with a fraction or exponent (`1.0`, `1e2`) decode as integers exactly.
/// - With `.useDefaultKeys`, an ASCII coding key matches a JSON key of the same bytes only,
///   where Foundation would also match a canonically equivalent one (`"\u{212A}"`, the Kelvin
///   sign, for `"K"`).
///
/// Decoding is thread-safe: each decode reads the options once, and works on state of its own.
// Sendable: every stored property is read and written under `lock`.
public final class JSONCodableDecoder: @unchecked Sendable {
    private let lock = NSLock()
    private var options = CodableDecodingOptions()
    private var json5 = false
    private var topLevelDictionary = false

    /// A decoder with Foundation's default options.
    public init() {}

    /// How JSON keys become the keys a type's `CodingKeys` name (Foundation's strategies).
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { locked { $0.options.keyDecodingStrategy } }
        set { locked { $0.options.keyDecodingStrategy = newValue } }
    }

    /// How a `Date` is read (Foundation's strategies; default `.deferredToDate`).
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get { locked { $0.options.dateDecodingStrategy } }
        set { locked { $0.options.dateDecodingStrategy = newValue } }
    }

    /// How `Data` is read (Foundation's strategies; default `.base64`).
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { locked { $0.options.dataDecodingStrategy } }
        set { locked { $0.options.dataDecodingStrategy = newValue } }
    }

    /// Which strings stand for infinity and NaN (Foundation's strategies; default `.throw`).
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { locked { $0.options.nonConformingFloatDecodingStrategy } }
        set { locked { $0.options.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { locked { $0.options.userInfo } }
        set { locked { $0.options.userInfo = newValue } }
    }

    /// The limits of the parse: ``DecodingOptions/maxDepth`` (512 by default, as in
    /// Foundation), ``DecodingOptions/maxDocumentBytes``, ``DecodingOptions/maxStringBytes``
    /// and ``DecodingOptions/maxNumberBytes``. The other options are the mapped engine's and
    /// have no effect here.
    public var limits: DecodingOptions {
        get { locked { $0.options.limits } }
        set { locked { $0.options.limits = newValue } }
    }

    /// Foundation's JSON5 switch. yajl reads RFC 8259 JSON only: when `true`, every decode
    /// throws `DecodingError.dataCorrupted` saying so, rather than reading the input as JSON.
    public var allowsJSON5: Bool {
        get { locked { $0.json5 } }
        set { locked { $0.json5 = newValue } }
    }

    /// Foundation's switch for JSON5 documents without their outer braces. Not supported, as
    /// ``allowsJSON5``: when `true`, every decode throws `DecodingError.dataCorrupted`.
    public var assumesTopLevelDictionary: Bool {
        get { locked { $0.topLevelDictionary } }
        set { locked { $0.topLevelDictionary = newValue } }
    }

    // MARK: Decoding

    /// Decodes a value of `type` from JSON in `data`.
    ///
    /// - Throws: `DecodingError` as Foundation's `JSONDecoder` throws it, or any error the
    ///   type's `init(from:)` throws (so the error is not typed).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from JSON in `bytes`.
    ///
    /// - Throws: As ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from JSON text.
    ///
    /// - Throws: As ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decode(type, from: UnsafeRawBufferPointer($0)) }
    }

    /// Decodes a value of `type` from JSON in a buffer the caller owns, which must stay valid
    /// for the call.
    ///
    /// - Throws: As ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        let options = try currentOptions()
        var tape = Tape()
        return try Self.decode(type, from: buffer, options: options, origin: .start, tape: &tape)
    }

    /// The options of one decode, or the error a JSON5 switch makes every decode throw.
    func currentOptions() throws -> CodableDecodingOptions {
        let (options, json5, topLevelDictionary) = locked { ($0.options, $0.json5, $0.topLevelDictionary) }
        guard !json5, !topLevelDictionary else {
            let option = json5 ? "allowsJSON5" : "assumesTopLevelDictionary"
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "JSONCodableDecoder reads RFC 8259 JSON only, and \(option) is set: JSON5 is not supported."))
        }
        return options
    }

    /// Records the document on `tape` and decodes the value from it. A tape the value kept
    /// (through a decoder or container) is left to it, and `tape` is a fresh one afterwards, so
    /// a caller can hand the same tape to the next decode (a stream's next record).
    static func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer, options: CodableDecodingOptions,
                                     origin: InputOrigin, rawInputChecked: Bool = false, tape: inout Tape) throws -> T {
        do {
            try tape.record(Self.skippingByteOrderMark(buffer), limits: options.limits.parserLimits,
                            maxDepth: options.limits.maxDepth, origin: origin, rawInputChecked: rawInputChecked)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON. \(error.description)", underlyingError: error))
        }
        var decoder: TapeDecoder? = TapeDecoder(tape: tape, options: options, index: 0, path: .root)
        defer {
            // A decoder or container the type kept would read the input after the caller's
            // buffer is gone: it gets a copy of its own.
            let kept = !isKnownUniquelyReferenced(&decoder)
            decoder = nil
            if kept || !isKnownUniquelyReferenced(&tape) {
                tape.ownInput()
                tape = Tape()
            }
        }
        return try decoder.unsafelyUnwrapped.value(T.self, at: 0, in: .root, NoKey())
    }

    private static func skippingByteOrderMark(_ buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF else { return buffer }
        return UnsafeRawBufferPointer(rebasing: buffer[3...])
    }

    private func locked<R>(_ body: (JSONCodableDecoder) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }
}

extension JSONCodableDecoder {
    /// Decodes one record of a stream, which starts at `origin` in it: errors are the library's
    /// (``JSONMapperError``), as every record stream rejects records with them.
    static func decodeRecord<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: CodableDecodingOptions,
                                           origin: InputOrigin, rawInputChecked: Bool, tape: inout Tape) throws(JSONMapperError) -> T {
        var options = options
        options.carriesLibraryErrors = true
        do {
            return try decode(type, from: bytes, options: options, origin: origin, rawInputChecked: rawInputChecked, tape: &tape)
        } catch {
            throw JSONMapperError(decoding: error)
        }
    }
}

extension JSONMapperError {
    /// The library's error for what a `Decodable` type's decode threw: the library's error
    /// under a `DecodingError` (a syntax or limit error, a record's type mismatch), else the
    /// `DecodingError` case with its coding path as a JSON path (what a type's own code threw),
    /// and any other error as an invalid value at the top level.
    init(decoding error: any Error) {
        switch error {
        case let error as JSONMapperError:
            self = error
        case DecodingError.typeMismatch(let type, let context):
            self = context.underlyingError as? JSONMapperError
                ?? .typeMismatch(path: CodingPathText.path(context.codingPath), expected: "\(type)", found: context.debugDescription)
        case DecodingError.valueNotFound(let type, let context):
            self = context.underlyingError as? JSONMapperError
                ?? .typeMismatch(path: CodingPathText.path(context.codingPath), expected: "\(type)", found: "null")
        case DecodingError.keyNotFound(let key, let context):
            self = .keyNotFound(path: CodingPathText.path(context.codingPath + [key]))
        case DecodingError.dataCorrupted(let context):
            self = context.underlyingError as? JSONMapperError
                ?? .invalidValue(path: CodingPathText.path(context.codingPath), reason: context.debugDescription)
        default:
            self = .invalidValue(path: "", reason: "\(error)")
        }
    }
}
