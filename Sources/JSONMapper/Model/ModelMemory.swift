/// A model's memory as its compiled meta reaches it: the properties' fields and key paths, the
/// hooks. The memory is a frame's storage (``FrameStorage/modelMemory``) or the model being
/// encoded; the one place it is typed again. The safety argument, once: a meta is compiled for
/// one model type `Root` and used only on memory holding that type, or, for a class, holding
/// a reference to an instance of `Root` or of a subclass (checked when the meta is compiled),
/// which has the same representation as a `Root` reference.
extension UnsafeMutableRawPointer {
    /// The model at this memory, as the `Root` its meta was compiled for.
    @inline(__always)
    func model<Root>(as _: Root.Type) -> UnsafeMutablePointer<Root> {
        assumingMemoryBound(to: Root.self)
    }

    /// A stored property of the struct model at this memory: `MemoryLayout.offset(of:)`
    /// returned `offset` for this property of the model's type, so the memory there is a
    /// `Value` bound as part of the model.
    @inline(__always)
    func field<Value>(at offset: Int, as _: Value.Type) -> UnsafeMutablePointer<Value> {
        (self + offset).assumingMemoryBound(to: Value.self)
    }
}
