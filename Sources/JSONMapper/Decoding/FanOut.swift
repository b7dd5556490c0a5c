/// One JSON value that more than one consumer wants: several properties mapped to the same
/// key whose value is an object or array, or a property and a key path through the same key
/// (YYModel's `_next` chain, for containers). The session records the value's events once
/// and replays them to each consumer, so each decodes it exactly as if it were alone.
struct FanOut {
    enum Target {
        /// A property that decodes the whole value.
        case property(KeyBinding)
        /// A key path that descends into the value.
        case path(_JSONReader)
    }

    let isObject: Bool
    let targets: [Target]
    var tape = EventTape()
}

/// Parse events stored compactly for replay: a kind byte, and for keys, strings and numbers a
/// 4-byte length and the bytes.
struct EventTape {
    private enum Kind: UInt8 {
        case null, `false`, `true`, number, string, key, beginObject, beginArray, end
    }

    private var bytes: [UInt8] = []
    private var openContainers = 0

    /// True once every container opened on the tape has closed again.
    var isBalanced: Bool { openContainers == 0 && !bytes.isEmpty }

    mutating func append(_ event: ScalarEvent) {
        switch event {
        case .null: bytes.append(Kind.null.rawValue)
        case .bool(let value): bytes.append((value ? Kind.true : Kind.false).rawValue)
        case .number(let text): append(.number, text)
        case .string(let text): append(.string, text)
        }
    }

    mutating func append(key text: JSONBytes) { append(.key, text) }

    mutating func appendBegin(isObject: Bool) {
        bytes.append((isObject ? Kind.beginObject : Kind.beginArray).rawValue)
        openContainers += 1
    }

    mutating func appendEnd() {
        bytes.append(Kind.end.rawValue)
        openContainers -= 1
    }

    private mutating func append(_ kind: Kind, _ text: JSONBytes) {
        bytes.append(kind.rawValue)
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: text.buffer)
    }

    /// Sends the events to `sink` in order; the first (the container's begin) is left out when
    /// the caller has already begun the container for its consumer.
    func replay(into sink: JSONEventSink, skippingFirst: Bool) throws(JSONMapperError) {
        let ok = bytes.withUnsafeBufferPointer { tape -> Bool in
            var i = skippingFirst ? 1 : 0
            var openObjects: [Bool] = []
            while i < tape.count {
                let kind = Kind(rawValue: tape[i])!
                i += 1
                var text = JSONBytes(start: tape.baseAddress! + i, count: 0)
                if kind == .number || kind == .string || kind == .key {
                    let length = UnsafeRawPointer(tape.baseAddress! + i).loadUnaligned(as: UInt32.self)
                    i += 4
                    text = JSONBytes(start: tape.baseAddress! + i, count: Int(UInt32(littleEndian: length)))
                    i += text.count
                }
                let accepted: Bool = switch kind {
                case .null: sink.null()
                case .false: sink.bool(false)
                case .true: sink.bool(true)
                case .number: sink.number(text)
                case .string: sink.string(text)
                case .key: sink.key(text)
                case .beginObject: { openObjects.append(true); return sink.beginObject() }()
                case .beginArray: { openObjects.append(false); return sink.beginArray() }()
                case .end:
                    // The skipped first begin opened the outermost container.
                    (openObjects.popLast() ?? isObjectTape) ? sink.endObject() : sink.endArray()
                }
                if !accepted { return false }
            }
            return true
        }
        if !ok { throw sink.failure ?? .invalidValue(path: "", reason: "replay stopped") }
    }

    private var isObjectTape: Bool { bytes.first == Kind.beginObject.rawValue }
}
