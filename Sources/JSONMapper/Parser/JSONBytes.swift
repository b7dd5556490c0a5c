/// A borrowed run of UTF-8 bytes handed out by the parser: a key, a string's unescaped
/// contents or a number's raw text. Valid only for the duration of the callback that
/// received it, so it is never stored; codecs copy what they keep.
@usableFromInline
struct JSONBytes {
    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline let count: Int

    @inlinable
    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    @inlinable
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    @inlinable
    subscript(i: Int) -> UInt8 { start[i] }

    /// A new `String` with these bytes. The parser has validated them as UTF-8.
    var string: String { String(decoding: buffer, as: UTF8.self) }
}
