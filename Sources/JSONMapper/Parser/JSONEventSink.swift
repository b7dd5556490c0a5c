import CYajlCallbacks

/// Receives the parser's events, in document order.
///
/// Each method returns `false` to stop the parse; the sink then keeps the reason, and the
/// parser rethrows it from ``JSONParser/parse(_:)`` or ``JSONParser/finish()``.
/// Subclasses override what they need; the defaults accept and ignore every event.
class JSONEventSink {
    /// The error that made a method return `false`.
    var failure: JSONMapperError?
    /// Set by the parser when it stopped at a string or key longer than `maxStringBytes`.
    var stoppedAtLongString = false
    /// The longest string or key the parser passes on (see ``DecodingOptions/maxStringBytes``).
    var maxStringBytes = Int.max
    /// Set by the parser when it stopped at a number longer than `maxNumberBytes`.
    final var stoppedAtLongNumber = false
    /// The longest number the parser passes on (see ``DecodingOptions/maxNumberBytes``).
    /// Final: read for every number.
    final var maxNumberBytes = Int.max
    /// The parser sending the events, which can say where the current one is in the input;
    /// `nil` when the events come from a tree. The parser sets it for its lifetime and clears
    /// it when it goes (it owns the sink, so the reference is never left dangling).
    unowned(unsafe) var parser: JSONParser?
    /// The C callbacks' state of that parser, set and cleared with it: a sink asks through it
    /// to skip a value (``skipValueOfKey(depthAllowance:)``) without touching the parser object.
    var skipState: UnsafeMutablePointer<cyajl_state>?

    func null() -> Bool { true }
    func bool(_ value: Bool) -> Bool { true }
    /// A number, as its raw RFC 8259 text (so 64-bit and decimal values stay exact).
    func number(_ text: JSONBytes) -> Bool { true }
    /// A string's contents, unescaped, valid UTF-8.
    func string(_ text: JSONBytes) -> Bool { true }
    func beginObject() -> Bool { true }
    /// An object key, unescaped, valid UTF-8.
    func key(_ text: JSONBytes) -> Bool { true }
    func endObject() -> Bool { true }
    func beginArray() -> Bool { true }
    func endArray() -> Bool { true }
    /// A container past the depth limit inside a value the parser skips for the sink (see
    /// ``skipValueOfKey(depthAllowance:)``).
    func skippedContainerTooDeep() -> Bool { true }

    /// Asks the parser to pass over the value of the key being delivered, in C: its events
    /// never arrive, and only the checks every event gets are made (limits, the end of a
    /// number, the depth limit: `depthAllowance` containers may open before it). Takes effect
    /// only from within ``key(_:)``; without a parser (events from a tree) it does nothing.
    @inline(__always)
    final func skipValueOfKey(depthAllowance: Int) {
        if let skipState { cyajlskip_skip_value_of_key(skipState, depthAllowance) }
    }
}
