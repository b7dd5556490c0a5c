import CJSONTape
import CYajl

/// yajl's events for the piece of input a parser has just read, recorded by the C callbacks of
/// `CJSONTape` (`json_tape.h` documents the entries). The parser walks them into its sink once
/// yajl has returned (`TapeWalk.swift`), so no event crosses from C into Swift while yajl
/// parses, and a container the sink skips is passed over in one jump to its end.
///
/// This file is the one place that touches the recorder's memory. Safety: the recorder and its
/// arrays belong to this object; the parser using the tape is the only one while it lives and
/// uses it on one thread; entries and side text are read only between the `parse` or
/// `complete` that recorded them and the next one, while the arrays do not move (only
/// recording grows them); text in the input is read through the piece the parser still holds.
final class Tape {
    private let recorder: UnsafeMutablePointer<jt_recorder>
    /// The most entries this tape holds (see ``defaultFlushEntries``).
    let flushEntries: Int

    /// - Parameter flushEntries: The most entries the tape holds before the parser walks them;
    ///   tests and the fuzz target make it small, to cut documents into many segments.
    init(flushEntries: Int = Tape.defaultFlushEntries) {
        recorder = jt_recorder_create()
        self.flushEntries = max(flushEntries, 1)
    }

    deinit {
        jt_recorder_destroy(recorder)
    }

    /// yajl's callback context.
    var context: UnsafeMutableRawPointer { UnsafeMutableRawPointer(recorder) }

    /// The most entries a tape holds: a longer piece is handed to the parser's walk in
    /// segments of this many events, from inside yajl's parse, so a tape's memory does not
    /// grow with the input (an entry per event is about as many bytes as the text it records).
    static let defaultFlushEntries = 1 << 16

    /// Forgets the last document and takes the limits of the next one, and the parser that
    /// walks the entries of each full segment (unretained: the parser owns the handle that
    /// records, and forgets the tape when it goes).
    func prepare(limits: JSONParser.Limits, reader: JSONParser?) {
        jt_recorder_reset(recorder)
        recorder.pointee.reader = reader.map { Unmanaged.passUnretained($0).toOpaque() }
        recorder.pointee.flush = reader == nil ? nil : walkFullSegment
        recorder.pointee.flush_at = reader == nil ? .max : flushEntries
        recorder.pointee.max_depth = limits.maxDepth.map { max($0, 0) } ?? .max
        recorder.pointee.max_string_bytes = limits.maxStringBytes.map { max($0, 0) } ?? .max
        recorder.pointee.max_number_bytes = limits.maxNumberBytes.map { max($0, 0) } ?? .max
    }

    /// Has yajl parse `piece`, which starts at `offset` in the input, recording its events.
    func parse(_ piece: UnsafeRawBufferPointer, with handle: yajl_handle, at offset: Int) -> yajl_status {
        guard let base = piece.baseAddress, piece.count > 0 else { return yajl_status_ok }
        return jt_parse(recorder, handle, base.assumingMemoryBound(to: UInt8.self), piece.count, UInt64(offset))
    }

    /// Has yajl end the input, recording what that completes (a top-level number).
    func complete(with handle: yajl_handle) -> yajl_status {
        jt_complete(recorder, handle)
    }

    /// The entries of the last `parse` or `complete` (or of its last segment).
    @inline(__always)
    var entries: TapeEntries {
        TapeEntries(base: recorder.pointee.entries, count: recorder.pointee.count)
    }

    /// Entries recorded by the last `parse` or `complete`.
    var count: Int { recorder.pointee.count }

    @inline(__always)
    subscript(index: Int) -> TapeEntry { entries[index] }

    /// The entry the walk is at. Kept in the recorder's memory, not in a stored property of a
    /// class, which Swift would check for exclusive access on every event.
    @inline(__always)
    var cursor: Int {
        get { recorder.pointee.cursor }
        set { recorder.pointee.cursor = newValue }
    }

    /// Where the token of the event at the cursor ends, or of the string or number over its
    /// limit that stopped yajl.
    var tokenEndAtCursor: Int {
        switch stop {
        case JT_STOP_LONG_STRING, JT_STOP_LONG_NUMBER: return stopTokenEnd
        default: return cursor < count ? self[cursor].tokenEnd : 0
        }
    }

    /// The text of an entry whose text is in the side buffer.
    @inline(__always)
    func sideText(of entry: TapeEntry) -> JSONBytes {
        guard entry.length > 0, let side = recorder.pointee.side else { return JSONBytes(start: emptyBytes, count: 0) }
        return JSONBytes(start: UnsafePointer(side + Int(entry.raw.link)), count: entry.length)
    }

    /// A copy of the entries of the last `parse` or `complete`, for checks and dumps.
    var recordedEntries: [TapeEntry] {
        (0..<count).map { self[$0] }
    }

    /// The text of every entry in ``recordedEntries`` that has text, with `piece` the bytes
    /// parsed (starting at offset 0), for checks and dumps.
    func recordedText(of entry: TapeEntry, in piece: UnsafeRawBufferPointer) -> [UInt8] {
        if entry.isTextInSide { return Array(sideText(of: entry).buffer) }
        let closing = entry.kind == .number ? 0 : 1
        let start = entry.tokenEnd - closing - entry.length
        return Array(piece[start..<start + entry.length])
    }

    /// Why the recorder stopped yajl, if it did.
    var stop: jt_stop { recorder.pointee.stop }
    /// The token end of the string or number over its limit that stopped yajl.
    var stopTokenEnd: Int { Int(recorder.pointee.stop_token_end) }
    /// The offset, in the piece, of the byte after a number that JSON does not allow there.
    var stopOffset: Int { recorder.pointee.stop_offset }
}

/// The flush of a full tape: the parser behind `reader` walks the segment's entries.
private let walkFullSegment: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { reader in
    Unmanaged<JSONParser>.fromOpaque(reader!)._withUnsafeGuaranteedRef { $0.deliverRecordedEvents() } ? 1 : 0
}

/// The entries of one piece, read in place.
struct TapeEntries {
    let base: UnsafeMutablePointer<jt_entry>?
    let count: Int

    @inline(__always)
    subscript(index: Int) -> TapeEntry { TapeEntry(raw: base.unsafelyUnwrapped[index]) }
}

/// One recorded event (see `json_tape.h`).
struct TapeEntry {
    let raw: jt_entry

    /// The event's kind: the recorder writes only these.
    @inline(__always)
    var kind: TapeKind { TapeKind(rawValue: UInt8(truncatingIfNeeded: raw.head)).unsafelyUnwrapped }

    /// The offset just past the event's token in the input.
    @inline(__always)
    var tokenEnd: Int { Int(truncatingIfNeeded: raw.head >> 16) }

    /// Whether the text was copied to the side buffer (otherwise it lies in the input, just
    /// before the token's end).
    @inline(__always)
    var isTextInSide: Bool { (raw.head >> 8) & UInt64(JT_TEXT_IN_SIDE) != 0 }

    /// A text's byte count; a closed container's member count.
    @inline(__always)
    var length: Int { Int(raw.length) }

    /// The index of a begin's end entry, when the container closed on this tape.
    @inline(__always)
    var end: Int? { raw.link == 0 ? nil : Int(raw.link) }
}

/// The kinds of `jt_kind`, with its values (pinned by `TapeRecorderTests`).
enum TapeKind: UInt8 {
    case null = 1
    case `false` = 2
    case `true` = 3
    case number = 4
    case string = 5
    case key = 6
    case beginObject = 7
    case endObject = 8
    case beginArray = 9
    case endArray = 10
}
