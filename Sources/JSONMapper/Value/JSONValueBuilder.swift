import Foundation

/// Builds a ``JSONValue`` from parse events: the parser's DOM builder, and what the decoder
/// uses to capture an object a hook or a type choice needs whole.
struct JSONValueBuilder {
    /// Containers being filled, innermost last. A class, so appending to the innermost one
    /// mutates it in place (an enum payload popped and pushed back would be copied whenever a
    /// second reference to it is alive).
    private var open: [OpenContainer] = []
    private(set) var result: JSONValue?

    private final class OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var object = JSONObject()
        var pendingKey = ""

        init(isObject: Bool) { self.isObject = isObject }

        var value: JSONValue { isObject ? .object(object) : .array(elements) }
    }

    mutating func scalar(_ event: ScalarEvent) {
        add(Self.value(of: event))
    }

    mutating func key(_ text: JSONBytes) {
        open.last?.pendingKey = text.string
    }

    mutating func begin(isObject: Bool) {
        open.append(OpenContainer(isObject: isObject))
    }

    mutating func end() {
        guard let container = open.popLast() else { return }
        add(container.value)
    }

    private mutating func add(_ value: JSONValue) {
        guard let container = open.last else {
            result = value
            return
        }
        if container.isObject {
            container.object[container.pendingKey] = value
        } else {
            container.elements.append(value)
        }
    }

    static func value(of event: ScalarEvent) -> JSONValue {
        switch event {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text): .number(JSONNumber(validatedText: text.string))
        case .string(let text): .string(text.string)
        case .double(let value): JSONNumber(value).map { .number($0) } ?? .null
        }
    }
}

/// Parses a document into a ``JSONValue``.
final class JSONValueParser: JSONEventSink {
    private var builder = JSONValueBuilder()
    private var depth = 0
    private let maxDepth: Int

    init(maxDepth: Int) { self.maxDepth = maxDepth }

    static func parse(_ bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws(JSONMapperError) -> JSONValue {
        let sink = JSONValueParser(maxDepth: min(options.maxDepth, JSONValue.maximumDepth))
        try JSONParser(sink: sink, limits: options.parserLimits).parseDocument(bytes)
        guard let value = sink.builder.result else { throw .emptyInput }
        return value
    }

    override func null() -> Bool { builder.scalar(.null); return true }
    override func bool(_ value: Bool) -> Bool { builder.scalar(.bool(value)); return true }
    override func number(_ text: JSONBytes) -> Bool { builder.scalar(.number(text)); return true }
    override func string(_ text: JSONBytes) -> Bool { builder.scalar(.string(text)); return true }
    override func key(_ text: JSONBytes) -> Bool { builder.key(text); return true }
    override func beginObject() -> Bool { begin(isObject: true) }
    override func beginArray() -> Bool { begin(isObject: false) }
    override func endObject() -> Bool { depth -= 1; builder.end(); return true }
    override func endArray() -> Bool { depth -= 1; builder.end(); return true }

    private func begin(isObject: Bool) -> Bool {
        depth += 1
        guard depth <= maxDepth else {
            failure = JSONMapperError.depthLimitExceeded(path: parser?.pathOfInnermostContainer() ?? "")
                .located(at: parser?.locationOfCurrentValue())
            return false
        }
        builder.begin(isObject: isObject)
        return true
    }
}

extension JSONValue {
    /// Parses a complete JSON document.
    /// - Parameters:
    ///   - data: The document's UTF-8 bytes.
    ///   - options: Its ``DecodingOptions/maxDepth``, ``DecodingOptions/maxDocumentBytes``
    ///     and ``DecodingOptions/maxStringBytes`` apply.
    public init(parsing data: Data, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try InputBytes.withBytes(of: data) { (bytes) throws(JSONMapperError) in
            try JSONValueParser.parse(bytes, options: options)
        }
    }

    /// Parses a complete JSON document from UTF-8 bytes.
    public init(parsing bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try InputBytes.withBytes(of: bytes) { (buffer) throws(JSONMapperError) in
            try JSONValueParser.parse(buffer, options: options)
        }
    }

    /// Parses a complete JSON document from a string.
    public init(parsing string: String, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try InputBytes.withBytes(of: string) { (buffer) throws(JSONMapperError) in
            try JSONValueParser.parse(buffer, options: options)
        }
    }

    /// Parses a complete JSON document in memory the caller owns, which must stay valid for the call.
    public init(parsing buffer: UnsafeRawBufferPointer, options: DecodingOptions = DecodingOptions()) throws(JSONMapperError) {
        self = try JSONValueParser.parse(buffer, options: options)
    }
}
