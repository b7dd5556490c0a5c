/// Decodes a record with `inner`, then turns the value into the stream's output with the
/// caller's transform (see `JSONRecordDecoder.records(_:from:transform:onRejection:)`), on
/// the thread that decoded it: in a parallel stream the value is made, used and freed on one
/// worker, and only the output crosses to the delivering thread. (Memory freed on another
/// thread than the one that allocated it takes the allocator's slow, locked path, which the
/// allocating thread's own allocations then contend for: the main cost of moving models
/// between threads.)
final class RecordTransformCodec<Value, Output>: ValueCodec<Output> {
    private let inner: ValueCodec<Value>
    private let transform: @Sendable (Value) throws(JSONMapperError) -> Output

    init(inner: ValueCodec<Value>, transform: @escaping @Sendable (Value) throws(JSONMapperError) -> Output) {
        self.inner = inner
        self.transform = transform
    }

    override var expected: String { inner.expected }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Output>,
                             _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try transformed(into: destination, session) { (value) throws(JSONMapperError) in try inner.initialize(event, at: value, session) }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try inner.begin(isObject: isObject, session)
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Output>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try transformed(into: destination, session) { (value) throws(JSONMapperError) in
            try inner.take(storage, initializing: value, session)
        }
    }

    /// Decodes the value with `decode`, then initializes `destination` with its output. A
    /// transform's error is thrown whatever the policy: without an output there is no record
    /// to deliver, so the stream rejects it.
    private func transformed(into destination: UnsafeMutablePointer<Output>, _ session: DecodingSession,
                             _ decode: (UnsafeMutablePointer<Value>) throws(JSONMapperError) -> Bool) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            guard try decode(value) else { return false }
            destination.initialize(to: try transform(value.move()))
            return true
        }
    }
}
