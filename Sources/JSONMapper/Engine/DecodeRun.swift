import Foundation

/// One decode from start to finish: a new session, the bottom frame over the caller's result,
/// the events, and the unwinding. Every entry point (documents, chunks, trees, updates,
/// copies) goes through ``decodeRoot(_:handler:_:checksWholeDocument:feed:)``.
enum DecodeRun {
    /// Decodes one complete document held in memory.
    static func decodeDocument<Value: JSONMappableValue>(_ type: Value.Type, _ bytes: UnsafeRawBufferPointer,
                                                         _ options: DecodingOptions) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, options, checksWholeDocument: true) { (session) throws(JSONMapperError) in
            try JSONParser(sink: session, limits: options.parserLimits).parseDocument(bytes)
        }
    }

    /// Decodes the one top-level value that `feed` sends to a new session as events.
    static func decodeRoot<Value: JSONMappableValue>(
        _ type: Value.Type, _ options: DecodingOptions, checksWholeDocument: Bool,
        feed: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        try decodeRoot(type, codec: valueCodec(for: Value.self), options, checksWholeDocument: checksWholeDocument, feed: feed)
    }

    /// Decodes the top-level value with a given codec (a subclass's, for a copy).
    static func decodeRoot<Value>(
        _ type: Value.Type, codec: ValueCodec<Value>, _ options: DecodingOptions, checksWholeDocument: Bool,
        feed: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> (value: Value, issues: [JSONMapperError]) {
        let root = RootSlot(codec: codec)
        let session = DecodingSession(options: options, checksWholeDocument: checksWholeDocument)
        do {
            // Unwinding on any exit releases every partial value before the slot goes away.
            defer { session.unwind() }
            root.push(onto: session)
            try feed(session)
        }
        return (try root.take(), session.issues)
    }

    /// Runs a decode whose bottom frame, `handler`, writes into `slot`: a `Value?` result, or
    /// the caller's own model for an update.
    static func decodeRoot<Slot>(
        into slot: inout Slot, handler: _JSONFrameHandler, _ options: DecodingOptions, checksWholeDocument: Bool,
        feed: (DecodingSession) throws(JSONMapperError) -> Void
    ) throws(JSONMapperError) -> [JSONMapperError] {
        let session = DecodingSession(options: options, checksWholeDocument: checksWholeDocument)
        try withUnsafeMutablePointer(to: &slot) { (slot) throws(JSONMapperError) in
            // The root frame borrows `slot` only inside this closure; unwinding on any exit
            // releases every partial value before the slot goes away.
            defer { session.unwind() }
            session.pushBorrowed(handler: .passUnretained(handler), storage: UnsafeMutableRawPointer(slot), state: nil)
            try withExtendedLifetime(handler) { () throws(JSONMapperError) in try feed(session) }
        }
        return session.issues
    }
}
