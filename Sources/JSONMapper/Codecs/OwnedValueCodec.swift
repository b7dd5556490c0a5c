/// A codec whose frames hold the value being built itself, pushed with
/// ``DecodingSession/pushOwned(_:by:)`` (or with a handler of its own): a finished frame's
/// value is moved out by `take`, and an abandoned one is destroyed. The base of the codecs
/// whose storage is their value (`JSONValue` captures, runtime schemas' rows).
class OwnedValueCodec<V>: ValueCodec<V> {
    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<V>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.pointer(to: V.self), count: 1)
        return true
    }

    override func destroy(_ storage: FrameStorage, _ session: DecodingSession) {
        storage.pointer(to: V.self).deinitialize(count: 1)
    }
}
