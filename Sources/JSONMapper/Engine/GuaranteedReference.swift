extension Unmanaged {
    /// Calls `body` with the instance without retaining or releasing it.
    ///
    /// For the objects of compiled metadata (codecs, mapper entries, property metas), which
    /// the registry keeps alive for the life of the process, so a retain/release pair per
    /// event would be pure cost. `_withUnsafeGuaranteedRef` rethrows untyped
    /// errors, so the typed error crosses it as a `Result`.
    @inline(__always)
    func guaranteed<R>(_ body: (Instance) throws(JSONMapperError) -> R) throws(JSONMapperError) -> R {
        try _withUnsafeGuaranteedRef { instance in Result { () throws(JSONMapperError) in try body(instance) } }.get()
    }
}
