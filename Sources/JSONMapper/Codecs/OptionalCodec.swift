/// `Optional` as a type parameter: lets ``OptionalCodec`` name its value type as a class
/// parameter, so its generic code never looks `Optional<Wrapped>`'s metadata up per value.
protocol OptionalRepresentable {
    associatedtype Wrapped
    static var nilValue: Self { get }
    init(wrapping value: Wrapped)
    var isNilValue: Bool { get }
    /// The wrapped value; only called when it is not `nil`.
    var unwrappedValue: Wrapped { get }
}

extension Optional: OptionalRepresentable {
    static var nilValue: Self { nil }
    init(wrapping value: Wrapped) { self = .some(value) }
    var isNilValue: Bool { self == nil }
    var unwrappedValue: Wrapped { self! }
}

/// `Optional<Wrapped>`: `null` is `nil` (also when updating a value that had one); anything
/// else is the wrapped type's.
final class OptionalCodec<Wrapped, Value: OptionalRepresentable>: ValueCodec<Value>
where Value.Wrapped == Wrapped {
    private let wrapped: ValueCodec<Wrapped>

    init(wrapped: ValueCodec<Wrapped>) { self.wrapped = wrapped }

    override var expected: String { wrapped.expected }

    override var mappingProblem: String? { wrapped.mappingProblem }

    override var isOptional: Bool { true }

    override func writesSameText(as other: _JSONFrameHandler) -> Bool {
        guard let other = other as? Self else { return false }
        return wrapped.writesSameText(as: other.wrapped)
    }

    /// `null`, or a blank string for a type that reads it as no value.
    @inline(__always)
    private func isNil(_ event: ScalarEvent) -> Bool {
        switch event {
        case .null: true
        case .string(let text): wrapped.blankStringIsNil && StringLikeCoercion.isBlank(text.buffer)
        default: false
        }
    }

    override func initialize(_ event: ScalarEvent, at destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if isNil(event) {
            destination.initialize(to: .nilValue)
            return true
        }
        return try session.withScratch(for: Wrapped.self) { (scratch) throws(JSONMapperError) in
            guard try wrapped.initialize(event, at: scratch, session) else { return false }
            destination.initialize(to: Value(wrapping: scratch.move()))
            return true
        }
    }

    override func assign(_ event: ScalarEvent, to destination: UnsafeMutablePointer<Value>, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        if isNil(event) {
            destination.pointee = .nilValue
            return true
        }
        return try session.withScratch(for: Wrapped.self) { (scratch) throws(JSONMapperError) in
            guard try wrapped.initialize(event, at: scratch, session) else { return false }
            destination.pointee = Value(wrapping: scratch.move())
            return true
        }
    }

    // The frame the wrapped codec pushes holds a `Wrapped`; taking it wraps it.
    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try wrapped.begin(isObject: isObject, session)
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Value>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: Wrapped.self) { (scratch) throws(JSONMapperError) in
            guard try wrapped.take(storage, initializing: scratch, session) else { return false }
            destination.initialize(to: Value(wrapping: scratch.move()))
            return true
        }
    }

    override func take(_ storage: FrameStorage, assigning destination: UnsafeMutablePointer<Value>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: Wrapped.self) { (scratch) throws(JSONMapperError) in
            guard try wrapped.take(storage, initializing: scratch, session) else { return false }
            destination.pointee = Value(wrapping: scratch.move())
            return true
        }
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws(JSONMapperError) {
        if value.isNilValue { writer.writeNull() } else { try wrapped.write(value.unwrappedValue, to: &writer) }
    }

    override func isNil(_ value: Value) -> Bool { value.isNilValue }
}
