import CYajlCallbacks

// Raw memory the parser layer types again: bytes, and the state yajl hands back to the
// callbacks; the one place it does so, for the parser and for every layer that hands bytes
// to it.

extension UnsafeRawPointer {
    /// The bytes at this address. The safety argument, once: every such address is of memory
    /// that holds bytes and only bytes (a document's or chunk's buffer, bound to `UInt8` by
    /// `Data` or `[UInt8]`; yajl's text, `char`, of the same size and alignment, read as bytes
    /// as its C callers read it; a tape's side buffer; a scratch buffer of digits or of a row's
    /// text), and memory read as `UInt8` is read byte by byte, whatever it holds.
    @inline(__always)
    var bytePointer: UnsafePointer<UInt8> {
        assumingMemoryBound(to: UInt8.self)
    }
}

extension UnsafeMutableRawPointer {
    /// The callbacks' state (the `ctx` of `yajl_alloc`): yajl hands back, unchanged, the
    /// pointer to the `cyajl_state` the parser allocated and gave it.
    @inline(__always)
    var callbackState: UnsafeMutablePointer<cyajl_state> {
        assumingMemoryBound(to: cyajl_state.self)
    }
}
