import CJSONTape

/// The walk from the tape into the sink: one event per entry, in document order, except that a
/// value nobody reads is passed over: the value of a key the sink maps to nothing is not handed
/// on at all, and a container the sink skips as soon as it begins (a value after a mapping
/// error) goes from its begin to its end in one step, when the value is whole on this tape. A skip that
/// began in an earlier piece, or a container whose end is in a later one, is walked entry by
/// entry, and the sink ignores what it skips, so every piece boundary is correct.
extension JSONParser {
    /// Delivers the events recorded from the piece just parsed, then forgets them; `false` when
    /// the sink stopped (its ``JSONEventSink/failure`` says why).
    func deliverRecordedEvents() -> Bool {
        sink.receiveEvents(from: self)
    }

    /// Walks the tape into `sink`. Generic so that a final sink class (the decoding session)
    /// gets a walk of its own whose calls are direct, through its override of
    /// ``JSONEventSink/receiveEvents(from:)``.
    @inline(__always)
    func walkTape<Sink: JSONEventSink>(into sink: Sink) -> Bool {
        let entries = tape.entries
        let piece = Piece(start: current.baseAddress, offset: offsetBefore)
        var index = 0
        while index < entries.count {
            tape.cursor = index
            let entry = entries[index]
            var delivered: Bool
            switch entry.kind {
            case .null: delivered = sink.null()
            case .false: delivered = sink.bool(false)
            case .true: delivered = sink.bool(true)
            case .number: delivered = sink.number(text(of: entry, closing: 0, in: piece))
            case .string: delivered = sink.string(text(of: entry, closing: 1, in: piece))
            case .key:
                delivered = sink.key(text(of: entry, closing: 1, in: piece))
                if delivered, sink.skipsValueAfterKey, let next = indexAfterValue(at: index + 1, in: entries) {
                    index = next
                    continue
                }
            case .beginObject:
                delivered = sink.beginObject()
                if delivered, sink.isSkippingValue, let end = entry.end {
                    index = end
                    tape.cursor = end
                    delivered = sink.endObject()
                }
            case .beginArray:
                delivered = sink.beginArray()
                if delivered, sink.isSkippingValue, let end = entry.end {
                    index = end
                    tape.cursor = end
                    delivered = sink.endArray()
                }
            case .endObject: delivered = sink.endObject()
            case .endArray: delivered = sink.endArray()
            }
            guard delivered else { return false }
            index += 1
        }
        return true
    }

    /// The piece the tape was recorded from: its first byte, and that byte's offset in the input.
    struct Piece {
        let start: UnsafeRawPointer?
        let offset: Int
    }

    /// The index just past the value that starts at `index`, when the whole value is on the
    /// tape; `nil` when it is not (it starts or ends in another piece).
    @inline(__always)
    private func indexAfterValue(at index: Int, in entries: TapeEntries) -> Int? {
        guard index < entries.count else { return nil }
        let entry = entries[index]
        switch entry.kind {
        case .beginObject, .beginArray: return entry.end.map { $0 + 1 }
        default: return index + 1
        }
    }

    /// A string's, key's or number's text: in the side buffer, or in the piece just before its
    /// token's end, less `closing` bytes (a string's closing quote).
    @inline(__always)
    private func text(of entry: TapeEntry, closing: Int, in piece: Piece) -> JSONBytes {
        if entry.isTextInSide { return tape.sideText(of: entry) }
        let start = entry.tokenEnd - piece.offset - closing - entry.length
        return JSONBytes(start: piece.start.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + start, count: entry.length)
    }

    /// The error of a sink that stopped the walk.
    func sinkStopped() -> JSONMapperError {
        sink.failure ?? .invalidValue(path: "", reason: "decoding was cancelled")
    }

    /// The error for a parse the recorder stopped (see `jt_stop`), once the events before the
    /// stop have reached the sink.
    func recorderStop(in chunk: UnsafeRawBufferPointer) -> JSONMapperError {
        switch tape.stop {
        case JT_STOP_NUMBER_END:
            return numberFault(at: tape.stopOffset, in: chunk)
        case JT_STOP_LONG_STRING, JT_STOP_LONG_NUMBER:
            return limitFailure(isNumber: tape.stop == JT_STOP_LONG_NUMBER)
        case JT_STOP_DEPTH:
            // The sink was handed the container past the limit; one that does not count
            // depth itself gets the error here.
            return sink.failure ?? JSONMapperError.depthLimitExceeded(path: pathOfInnermostContainer() ?? "")
                .located(at: locationOfCurrentValue())
        default:
            return sinkStopped()
        }
    }
}
