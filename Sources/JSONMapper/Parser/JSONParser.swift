import CYajl
import CYajlCallbacks

/// A chunk-fed JSON parser over yajl: feed any number of byte chunks of any size with
/// ``parse(_:)``, then call ``finish()``. Events go to the sink as soon as they are complete.
///
/// Rejects empty input, trailing non-whitespace after the document, invalid UTF-8 and the
/// form feed and vertical tab yajl would skip as whitespace (``RawInputCheck``, before yajl
/// reads the bytes).
/// The yajl handle is freed when the parser is released, whatever path got there.
///
/// Positions in errors count from the parser's ``InputOrigin``: the start of its bytes, or
/// where they sit in a larger input (a record of a stream).
final class JSONParser {
    let handle: yajl_handle
    let sink: JSONEventSink
    /// Bytes handed to yajl before the current piece (a chunk, or the part of chunks that
    /// ``TokenJoiner`` hands on at once).
    private(set) var offsetBefore = 0
    /// Newlines in those bytes and the offset just past the last one, for line:column.
    private(set) var linesBefore = 0
    private(set) var lineStartBefore = 0
    private var sawValue = false
    /// The whole input, when it came in one buffer and has been parsed to its end.
    private(set) var document: UnsafeRawBufferPointer?
    /// The bytes yajl is parsing (a piece of the chunks, or the whole document), while it parses them.
    private(set) var current = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Set while `yajl_complete_parse` runs (a top-level number ends with the input).
    private(set) var isFinishing = false
    /// The last line found by ``location(ofByteAt:)``, where the next search starts.
    var lineCursor = LineCursor()
    /// The last bytes of earlier pieces, so a token split across them (a literal: strings and
    /// numbers come whole) can still be traced back to its start when it turns out to be the error.
    private(set) var tail: [UInt8] = []
    private static let tailLength = 256
    private var surrogates = SurrogateEscapeCheck()
    private var rawCheck = RawInputCheck()
    private let rawInputChecked: Bool
    /// Where in the current bytes a number ended that JSON does not let end there (see
    /// ``numberEndsAtDelimiter()``).
    var malformedNumberEnd: Int?
    let limits: Limits
    private let origin: InputOrigin
    /// Holds back a string or number that a chunk cuts, so yajl reads each in one piece.
    private var joiner: TokenJoiner
    /// Where yajl's memory comes from, when not from `malloc` (see ``YajlMemory``).
    private let memory: YajlMemory?
    /// yajl's context and callback table (see ``JSONEventSink/skipValueOfKey(depthAllowance:)``):
    /// the Swift callbacks below, or `CYajlCallbacks`'s while a value nobody reads goes by.
    /// Allocated and freed with the handle.
    private let skipState: UnsafeMutablePointer<cyajl_state>

    /// Optional caps on input size, each failing with ``JSONMapperError/limitExceeded(offset:message:)``.
    struct Limits {
        var maxDocumentBytes: Int?
        var maxStringBytes: Int?
        var maxNumberBytes: Int?
        static let none = Limits()
    }

    /// - Parameters:
    ///   - memory: Memory for yajl that only this parser uses while it lives, shared by the
    ///     parsers of one stream's records, one at a time; `nil` for `malloc`.
    ///   - rawInputChecked: Whether the input is known to pass the raw input check
    ///     (``RawInputCheck/surelyPasses(_:by:)``, run where it was read), which the parser
    ///     then skips.
    init(sink: JSONEventSink, limits: Limits = .none, origin: InputOrigin = .start, memory: YajlMemory? = nil,
         rawInputChecked: Bool = false) {
        self.sink = sink
        self.rawInputChecked = rawInputChecked
        self.limits = limits
        self.origin = origin
        self.memory = memory
        self.joiner = TokenJoiner(limits: limits)
        sink.maxStringBytes = limits.maxStringBytes ?? .max
        sink.maxNumberBytes = limits.maxNumberBytes ?? .max
        // The sink is reached through the state, unretained: the parser holds it strongly for
        // as long as the handle lives, and the handle dies in deinit.
        let context = Unmanaged.passUnretained(sink).toOpaque()
        skipState = .allocate(capacity: 1)
        cyajl_init(skipState, cyajl_forward(callbacks: yajlCallbacks, context: context, checkNumber: skippedNumberCheck,
                                                    textTooLong: skippedTextTooLong, depthExceeded: skippedContainerTooDeep),
                       limits.maxStringBytes ?? .max, limits.maxNumberBytes ?? .max)
        guard let handle = yajl_alloc(cyajl_table(skipState), memory?.functions, skipState) else {
            fatalError("yajl_alloc failed: out of memory")
        }
        cyajl_dont_validate_strings(handle)
        self.handle = handle
        sink.parser = self
        sink.skipState = skipState
    }

    /// Makes yajl record every event on `tape` (see ``Tape``) instead of calling the sink,
    /// which then hears only of the events that fail a check (limits, number ends, depth).
    func recordEvents(on tape: UnsafeMutablePointer<cyajl_tape>) {
        cyajltape_record(skipState, tape)
    }

    deinit {
        sink.parser = nil
        sink.skipState = nil
        yajl_free(handle)
        skipState.deallocate()
        memory?.reset()
    }

    /// Parses the next chunk of the document. yajl gets it in pieces that end between tokens
    /// (see ``TokenJoiner``), so a token cut by chunk boundaries costs no more than in one buffer.
    func parse(_ chunk: UnsafeRawBufferPointer) throws(JSONMapperError) {
        do throws(JSONMapperError) {
            try checkDocumentLimit(upTo: joiner.handedBytes + joiner.heldCount + chunk.count)
            try joiner.split(chunk) { (piece) throws(JSONMapperError) in try feedPiece(piece) }
        } catch {
            throw origin.locate(error)
        }
    }

    private func feedPiece(_ piece: UnsafeRawBufferPointer) throws(JSONMapperError) {
        try feed(piece)
        // A later piece's error position needs this piece's newlines, which are gone by then.
        countLines(in: piece)
        offsetBefore += piece.count
        tail.append(contentsOf: piece.suffix(Self.tailLength))
        if tail.count > Self.tailLength { tail.removeFirst(tail.count - Self.tailLength) }
    }

    /// Parses a whole document held in one buffer. An error's line and column come from the
    /// buffer itself, so no newline counting happens on the way.
    ///
    /// A sink that let the parse go on after a mapping error (see ``JSONEventSink/failure``)
    /// has its error thrown only if the whole document is well-formed: a syntax error anywhere
    /// is the more basic fault and wins.
    func parseDocument(_ bytes: UnsafeRawBufferPointer) throws(JSONMapperError) {
        do throws(JSONMapperError) {
            try checkDocumentLimit(upTo: bytes.count)
            try feed(bytes)
            document = bytes
            try complete()
        } catch {
            throw origin.locate(error)
        }
        if let failure = sink.failure { throw origin.locate(failure) }
    }

    private func feed(_ chunk: UnsafeRawBufferPointer) throws(JSONMapperError) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        if !sawValue { sawValue = chunk.contains { !Self.isWhitespace($0) } }
        // yajl reads the bytes before the first fault only: a syntax error there comes first,
        // and no string with a fault in it reaches the sink.
        let fault = firstFault(in: chunk)
        current = UnsafeRawBufferPointer(rebasing: chunk.prefix(max(fault?.offset ?? chunk.count, 0)))
        defer { current = UnsafeRawBufferPointer(start: nil, count: 0) }
        let status = yajl_parse(handle, base.bytePointer, current.count)
        if status != yajl_status_ok {
            throw failure(status, in: chunk)
        }
        if let fault { throw syntaxError(at: fault.offset, in: chunk, message: fault.message) }
    }

    /// The first byte sequence in `chunk` that yajl must not read (see ``RawInputCheck`` and
    /// ``SurrogateEscapeCheck``).
    private func firstFault(in chunk: UnsafeRawBufferPointer) -> RawInputCheck.Fault? {
        // Nearly all input has no fault: one pass in C says so for a chunk that neither begins
        // nor ends inside a sequence or an escape, and the checks below find where a fault is.
        if rawInputChecked || (!rawCheck.isCarrying && !surrogates.isCarrying && RawInputCheck.surelyPasses(chunk)) { return nil }
        let raw = rawCheck.firstFault(in: chunk)
        guard let escape = surrogates.firstLoneSurrogate(in: chunk), escape < raw?.offset ?? .max else { return raw }
        return RawInputCheck.Fault(offset: escape, message: Self.loneSurrogateMessage)
    }

    private func checkDocumentLimit(upTo end: Int) throws(JSONMapperError) {
        if let limit = limits.maxDocumentBytes, end > limit {
            throw .limitExceeded(offset: limit, message: "the document is longer than the limit of \(limit) bytes")
        }
    }

    /// A syntax error at `offset` within `chunk` (negative: in the previous chunk's tail).
    func syntaxError(at offset: Int, in chunk: UnsafeRawBufferPointer, message: String) -> JSONMapperError {
        var line = linesBefore + 1
        var lineStart = lineStartBefore
        for i in 0..<max(offset, 0) where chunk[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offsetBefore + i + 1
        }
        let absolute = offsetBefore + offset
        return .syntax(message: message, location: JSONLocation(offset: absolute, line: line, column: absolute - lineStart + 1))
    }

    /// Ends the document: reports a document cut short, or input with no value at all, and
    /// then the sink's mapping error, if it kept one and let the parse go on (as in
    /// ``parseDocument(_:)``).
    func finish() throws(JSONMapperError) {
        do throws(JSONMapperError) {
            try joiner.flush { (piece) throws(JSONMapperError) in try feedPiece(piece) }
            try complete()
        } catch {
            throw origin.locate(error)
        }
        if let failure = sink.failure { throw origin.locate(failure) }
    }

    private func complete() throws(JSONMapperError) {
        if let fault = rawCheck.faultAtEnd() {
            // Relative to the end of the input: of the document, or after the last chunk.
            let bytes = document ?? UnsafeRawBufferPointer(start: nil, count: 0)
            throw syntaxError(at: bytes.count + fault.offset, in: bytes, message: fault.message)
        }
        guard sawValue else { throw .emptyInput }
        isFinishing = true
        current = document ?? UnsafeRawBufferPointer(start: nil, count: 0)
        defer {
            isFinishing = false
            current = UnsafeRawBufferPointer(start: nil, count: 0)
        }
        let status = yajl_complete_parse(handle)
        if status != yajl_status_ok {
            throw failure(status, in: UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true)
        }
    }

    private func failure(_ status: yajl_status, in chunk: UnsafeRawBufferPointer, atEnd: Bool = false) -> JSONMapperError {
        if status == yajl_status_client_canceled {
            if let fault = numberFault(in: chunk) { return fault }
            if let error = limitFailure(in: chunk) { return error }
            return sink.failure ?? .invalidValue(path: "", reason: "decoding was cancelled")
        }
        let message = errorMessage()
        // The error lies after the bytes before it: those of earlier chunks (lines counted as
        // they went by), then the consumed part of this chunk or of the whole document.
        let consumed = min(yajl_get_bytes_consumed(handle), chunk.count)
        let scanned = document ?? UnsafeRawBufferPointer(rebasing: chunk.prefix(consumed))
        var line = linesBefore + 1
        var lineStart = lineStartBefore
        for i in 0..<scanned.count where scanned[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offsetBefore + i + 1
        }
        var offset = offsetBefore + scanned.count
        if document == nil, !atEnd {
            // yajl reports a grammar error, or an invalid character, after consuming the
            // offending token: point at where it starts. After a member's value it has already
            // stepped back by the token's text length, which lands on the token's first byte,
            // or inside it for a string (whose quotes and escapes that length leaves out).
            switch YajlErrorKind(message: message) {
            case .afterMemberValue:
                if scanned.isEmpty, let last = tail.last, last | 0x20 >= UInt8(ascii: "a"), last | 0x20 <= UInt8(ascii: "z") {
                    // A literal that began in an earlier piece: yajl's step back stopped at
                    // this piece's start, and the literal's start is in the tail.
                    offset -= tail.count - Self.startOfToken(endingAt: tail.count, from: 0) { tail[$0] }
                } else {
                    offset = offsetBefore + Self.startOfToken(around: scanned.count, in: chunk)
                }
            case .grammar:
                let context = tail + Array(scanned)
                offset -= context.count - Self.startOfToken(endingAt: context.count, from: 0) { context[$0] }
            case .invalidCharacter:
                offset -= 1
            case .other:
                break
            }
            line = linesBefore + 1
            lineStart = lineStartBefore
            for i in 0..<max(offset - offsetBefore, 0) where scanned[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offsetBefore + i + 1
            }
        }
        return .syntax(message: message, location: JSONLocation(offset: offset, line: line, column: offset - lineStart + 1))
    }

    /// What kind of error yajl stopped on, which says where its byte count left the offending
    /// token. yajl's API gives only the message text and the bytes consumed: the lexer's error
    /// code and the parser's state are inside its opaque handle, and the bytes alone do not
    /// tell a token yajl stepped back over from one it has consumed. So the kind is read from
    /// the fixed text that starts each of yajl's messages, here only.
    private enum YajlErrorKind {
        /// A token where `,` or `}` must follow a member's value: yajl has stepped back by the
        /// token's text length.
        case afterMemberValue
        /// Any other grammar error: yajl has consumed the offending token.
        case grammar
        /// A byte no token starts with: yajl has consumed it.
        case invalidCharacter
        /// Anything else (a lexical error inside a token): the byte count is the position.
        case other

        init(message: String) {
            if message.contains("after key and value, inside map") {
                self = .afterMemberValue
            } else if message.hasPrefix("parse error") {
                self = .grammar
            } else if message.contains("invalid char in json text") {
                self = .invalidCharacter
            } else {
                self = .other
            }
        }
    }

    /// Where the token at `position` in `piece` begins: the opening quote of the string that
    /// `position` is inside, else `position` itself. The piece starts between tokens (chunks are
    /// handed to yajl cut between tokens), so the string state is read from its first byte.
    /// (An empty string `""` leaves `position` just past itself, where it stays.)
    static func startOfToken(around position: Int, in piece: UnsafeRawBufferPointer) -> Int {
        var stringStart: Int?
        var string = JSONStringScanner()
        for i in 0..<min(position, piece.count) {
            if stringStart != nil {
                if string.closes(with: piece[i]) { stringStart = nil }
            } else if piece[i] == UInt8(ascii: "\"") {
                stringStart = i
            }
        }
        return stringStart ?? position
    }

    /// Where the token that ends at `end` begins: a string back to its opening quote, a number
    /// or literal back to its first character, punctuation one byte back. `byte` reads the
    /// bytes from `lowest` (the first still at hand) up to `end`; the search stops at `lowest`.
    static func startOfToken(endingAt end: Int, from lowest: Int, byte: (Int) -> UInt8) -> Int {
        guard end > lowest else { return end }
        let last = byte(end - 1)
        if last == UInt8(ascii: "\"") {
            var i = end - 2
            while i >= lowest {
                if byte(i) == UInt8(ascii: "\"") {
                    var backslashes = 0
                    while i - 1 - backslashes >= lowest, byte(i - 1 - backslashes) == UInt8(ascii: "\\") { backslashes += 1 }
                    if backslashes % 2 == 0 { return i }
                }
                i -= 1
            }
            return lowest
        }
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2D || b == 0x2B || b == 0x2E || b >= 0x80
        }
        guard isWordByte(last) else { return end - 1 }
        var i = end - 1
        while i > lowest, isWordByte(byte(i - 1)) { i -= 1 }
        // A number never continues after a leading zero ("00" lexes as two tokens, 0 and 0),
        // so the token in error starts after such a zero.
        let zero = byte(i) == UInt8(ascii: "-") ? i + 1 : i
        if zero + 1 < end, byte(zero) == UInt8(ascii: "0"), byte(zero + 1) >= 0x30, byte(zero + 1) <= 0x39 {
            return zero + 1
        }
        return i
    }

    private func errorMessage() -> String {
        guard let text = yajl_get_error(handle, 0, nil, 0) else { return "invalid JSON" }
        defer { yajl_free_error(handle, text) }
        return String(cString: text).trimmingWhitespace()
    }

    private func countLines(in chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress else { return }
        var cursor = base
        let end = base + chunk.count
        while cursor < end, let newline = firstOccurrence(of: 0x0A, in: cursor, count: end - cursor) {
            linesBefore += 1
            lineStartBefore = offsetBefore + (newline - base) + 1
            cursor = newline + 1
        }
    }

    private static let loneSurrogateMessage = "a \\u escape encodes a lone UTF-16 surrogate"

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}

// MARK: - C callbacks

/// Calls `body` with the sink behind yajl's context pointer (the parser's `cyajl_state`),
/// without retaining it: the parser passes it unretained and keeps it alive for the life of
/// the handle, so the reference is valid for the whole callback, and no event pays for a
/// retain and a release.
@inline(__always)
private func withSink(_ context: UnsafeMutableRawPointer?, _ body: (JSONEventSink) -> Bool) -> Int32 {
    let state = context!.callbackState
    return Unmanaged<JSONEventSink>.fromOpaque(state.pointee.forward.context)._withUnsafeGuaranteedRef(body) ? 1 : 0
}

/// The key callback: the sink takes the key, and may ask meanwhile that its value be skipped.
private func deliverKey(_ context: UnsafeMutableRawPointer?, _ text: JSONBytes) -> Int32 {
    let state = context!.callbackState
    state.pointee.skipRequested = 0
    let delivered = withSink(context) { sink in validated(text, sink).map { sink.key($0) } ?? false }
    if delivered != 0, state.pointee.skipRequested != 0 { cyajlskip_start_skipping(state) }
    return delivered
}

@inline(__always)
private func bytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> JSONBytes {
    // yajl hands a null pointer for an empty string; any valid address does for zero bytes.
    JSONBytes(start: pointer ?? emptyBytes, count: count)
}

/// The bytes, or `nil` after flagging the sink when they are longer than the string limit.
/// (They are valid UTF-8: the raw input was checked before yajl read it.)
@inline(__always)
private func validated(_ text: JSONBytes, _ sink: JSONEventSink) -> JSONBytes? {
    if cyajl_text_passes(text.count, sink.maxStringBytes) == 0 {
        sink.stoppedAtLongString = true
        return nil
    }
    return text
}

private nonisolated(unsafe) let emptyBytes: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return UnsafePointer(p)
}()

/// Inside a value the C callbacks skip: a number they could not pass, checked as the number
/// callback checks it.
private let skippedNumberCheck: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Int32 = { context, text, count in
    let raw = UnsafeRawPointer(text!).bytePointer
    return withSink(context) { sink in numberPasses(raw, count, sink) }
}

/// Inside a value the C callbacks skip: a string or key longer than the limit.
private let skippedTextTooLong: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    withSink(context) { sink in
        sink.stoppedAtLongString = true
        return false
    }
}

/// Inside a value the C callbacks skip: a container past the depth limit.
private let skippedContainerTooDeep: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    withSink(context) { $0.skippedContainerTooDeep() }
}

/// Whether a number is within the limit and ends where JSON allows (flagging the sink or the
/// parser when not).
@inline(__always)
private func numberPasses(_ raw: UnsafePointer<UInt8>, _ count: Int, _ sink: JSONEventSink) -> Bool {
    // Most numbers pass the C check (within the limit, ended by a delimiter); only the others
    // need a closer look: the limit, or the parser's look at the byte after them (NumberEnd).
    if cyajl_number_passes(raw, count, sink.maxNumberBytes) != 0 { return true }
    guard count <= sink.maxNumberBytes else {
        sink.stoppedAtLongNumber = true
        return false
    }
    return sink.parser?.numberEndsAtDelimiter() != false
}

/// The Swift callbacks, copied into each parser's table.
private let yajlCallbacks = yajl_callbacks(
    yajl_null: { context in withSink(context) { $0.null() } },
    yajl_boolean: { context, value in withSink(context) { $0.bool(value != 0) } },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { context, text, count in
        let raw = UnsafeRawPointer(text!).bytePointer
        return withSink(context) { sink in numberPasses(raw, count, sink) && sink.number(JSONBytes(start: raw, count: count)) }
    },
    yajl_string: { context, text, count in withSink(context) { sink in validated(bytes(text, count), sink).map { sink.string($0) } ?? false } },
    yajl_start_map: { context in withSink(context) { $0.beginObject() } },
    yajl_map_key: { context, text, count in deliverKey(context, bytes(text, count)) },
    yajl_end_map: { context in withSink(context) { $0.endObject() } },
    yajl_start_array: { context in withSink(context) { $0.beginArray() } },
    yajl_end_array: { context in withSink(context) { $0.endArray() } }
)

extension DecodingOptions {
    /// The parser limits these options set.
    var parserLimits: JSONParser.Limits {
        JSONParser.Limits(maxDocumentBytes: maxDocumentBytes, maxStringBytes: maxStringBytes, maxNumberBytes: maxNumberBytes)
    }
}
