/// Receives the parser's events, in document order.
///
/// Each method returns `false` to stop the parse; the sink then keeps the reason, and the
/// parser rethrows it from ``JSONParser/parse(_:)`` or ``JSONParser/finish()``.
/// Subclasses override what they need; the defaults accept and ignore every event.
class JSONEventSink {
    /// The error that made a method return `false`.
    var failure: JSONMapperError?
    /// The parser sending the events, which can say where the current one is in the input;
    /// `nil` when the events come from a tree. The parser sets it for its lifetime and clears
    /// it when it goes (it owns the sink, so the reference is never left dangling).
    unowned(unsafe) var parser: JSONParser?

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

    /// Takes the events the parser has recorded from the piece it has just read
    /// (``JSONParser/walkTape(into:)``). A sink with many events overrides it with the same
    /// call, so that the walk calls its own methods directly; `false` when the sink stopped.
    func receiveEvents(from parser: JSONParser) -> Bool { parser.walkTape(into: self) }

    /// Whether the sink ignores the value being read: asked just after a container begins, a
    /// `true` lets the parser pass over the whole container, handing on only its end.
    var isSkippingValue: Bool { false }

    /// Whether the sink ignores the value of the key it has just received: asked just after a
    /// key, a `true` lets the parser pass over that value without handing it on.
    var skipsValueAfterKey: Bool { false }
}
