/// A borrowed run of UTF-8 bytes handed out by the parser: a key, a string's unescaped
/// contents or a number's raw text. Valid only for the duration of the callback that
/// received it, so it is never stored; codecs copy what they keep.
///
/// The bytes are always well-formed UTF-8: the parser checks its raw input before yajl reads
/// it (``RawInputCheck``), and every other source (a tree's strings, number text written by the
/// library) comes from a Swift `String` or is ASCII.
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

    /// A new `String` with these bytes. They are known to be well-formed UTF-8, so where the
    /// standard library can take them as such (`UTF8Span`) they are copied without being
    /// validated again (the raw input check has already validated them, and a second pass
    /// over every string is a visible share of a string-heavy decode).
    var string: String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // `unchecked` is sound by the invariant above; the span does not outlive the copy.
            return String(copying: UTF8Span(unchecked: buffer.span))
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}
