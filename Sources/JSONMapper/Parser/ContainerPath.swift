/// The JSON path (`statuses[3].entities`) of the innermost container open at a point of a
/// document, read back from the document's bytes.
///
/// A decode knows the path of the values it maps from its frames, but not inside a value it
/// skips or captures whole, nor while it builds a ``JSONValue``: there it keeps no keys, so as
/// to cost nothing per event. A depth-limit error needs the path all the same, once; this
/// scan finds it from the bytes already read, which yajl has accepted as a valid prefix.
enum ContainerPath {
    private struct Level {
        let isObject: Bool
        var index = 0
        var key = ""
        var expectsKey = true
    }

    /// The path of the innermost container open after `bytes` (a valid JSON prefix), in the
    /// form of decoding errors: keys joined by `.`, indices as `[n]`; `""` for the top level.
    static func path(after bytes: UnsafeRawBufferPointer) -> String {
        var open: [Level] = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): open.append(Level(isObject: true))
            case UInt8(ascii: "["): open.append(Level(isObject: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            case UInt8(ascii: ","):
                guard let last = open.indices.last else { break }
                if open[last].isObject { open[last].expectsKey = true } else { open[last].index += 1 }
            case UInt8(ascii: "\""):
                let end = JSONStringScanner.end(ofStringAt: i, count: bytes.count) { bytes[$0] }
                if let last = open.indices.last, open[last].isObject, open[last].expectsKey {
                    open[last].key = text(of: UnsafeRawBufferPointer(rebasing: bytes[i..<end]))
                    open[last].expectsKey = false
                }
                i = end
                continue
            default: break      // whitespace, ':', numbers and literals
            }
            i += 1
        }
        var path = JSONPathText()
        for level in open.dropLast() {
            if level.isObject {
                path.append(key: level.key)
            } else {
                path.append(index: level.index)
            }
        }
        return path.text
    }

    /// A key token's text, its escapes decoded by yajl itself.
    private static func text(of token: UnsafeRawBufferPointer) -> String {
        let content = UnsafeRawBufferPointer(rebasing: token.dropFirst().dropLast())
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        let sink = StringSink()
        do throws(JSONMapperError) { try JSONParser(sink: sink).parseDocument(token) } catch {}
        return sink.text
    }

    /// Keeps the one string of a document.
    private final class StringSink: JSONEventSink {
        var text = ""
        override func string(_ text: JSONBytes) -> Bool {
            self.text = text.string
            return true
        }
    }
}
