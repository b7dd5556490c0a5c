import Foundation

/// The in-memory inputs a decode takes, each as the one raw buffer the parser reads.
/// (`withUnsafeBytes` rethrows untyped errors, so the typed error crosses it as a `Result`.)
enum InputBytes {
    /// Runs `body` over the bytes of `data`.
    static func withBytes<R>(of data: Data, _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        try data.withUnsafeBytes { buffer in Result { () throws(JSONMapperError) in try body(buffer) } }.get()
    }

    static func withBytes<R>(of bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        try bytes.withUnsafeBytes { buffer in Result { () throws(JSONMapperError) in try body(buffer) } }.get()
    }

    static func withBytes<R>(of string: String, _ body: (UnsafeRawBufferPointer) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        var string = string
        return try string.withUTF8 { utf8 in Result { () throws(JSONMapperError) in try body(UnsafeRawBufferPointer(utf8)) } }.get()
    }
}
