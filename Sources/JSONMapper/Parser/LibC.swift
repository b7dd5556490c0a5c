#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// The two C library calls JSONMapper makes, in the one file that imports the platform's C
// module: a byte search (the parser's scans) and a byte comparison (key lookups).

/// The address of the first `byte` among the `count` bytes at `start`, or `nil`.
@inline(__always)
func firstOccurrence(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
    memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
}

/// Whether the `count` bytes at `first` and at `second` are the same.
@inline(__always)
func bytesEqual(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(first, second, count) == 0
}
