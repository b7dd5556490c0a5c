/// A compiled property of a model: its keys and how to write a decoded value into an instance.
///
/// Subclasses are typed by the property's value, so a write is a typed store, never a cast.
class PropertyMeta {
    /// The first declared key, for messages.
    let name: String
    /// Position in ``ModelMeta/properties``, and of its state byte in a model frame.
    let index: Int
    /// Keys in priority order.
    let keys: [KeyPathSpec]
    let isRequired: Bool
    /// Whether a model frame keeps a state byte for it: required (to report it missing) or
    /// reachable by several keys (to let the preferred key win).
    var isTracked: Bool { isRequired || keys.count > 1 }

    /// Whether the property's type is optional, so that an absent key is no missing value
    /// under ``DecodingOptions/requiresNonOptionalKeys``. A column of a schema is: its cell
    /// holds `null`.
    var isOptional: Bool { true }

    init(name: String, index: Int, keys: [KeyPathSpec], isRequired: Bool) {
        self.name = name
        self.index = index
        self.keys = keys
        self.isRequired = isRequired
    }

    /// Sets the property from a scalar; returns whether a value was written.
    func assign(_ event: ScalarEvent, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        preconditionFailure("abstract")
    }

    /// Starts decoding an object or array value for the property.
    func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        preconditionFailure("abstract")
    }

    /// Moves the finished container value from a child frame's storage into the property.
    func commit(_ child: FrameStorage, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) {
        preconditionFailure("abstract")
    }

    /// Writes the property's value of the model at `model` as JSON.
    func encode(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        preconditionFailure("abstract")
    }

    /// Whether the property's value is `nil`.
    func isNil(model: UnsafeMutableRawPointer) -> Bool {
        preconditionFailure("abstract")
    }

    /// Why the mapping cannot use the property's codec, or `nil` (see `ValueCodec.mappingProblem`).
    var mappingProblem: String? { nil }

    /// The property's codec, for comparing what two properties write.
    var valueCodec: _JSONFrameHandler? { nil }

    /// Whether the property writes a value as `other` writes the same value (see
    /// `ValueCodec.writesSameText(as:)`); `false` when either cannot tell.
    func writesSameText(as other: PropertyMeta) -> Bool { false }
}

/// A stored property of a struct model, written at its byte offset in the instance.
final class StoredPropertyMeta<Value>: PropertyMeta {
    private let offset: Int
    private let codec: ValueCodec<Value>

    init(name: String, index: Int, keys: [KeyPathSpec], isRequired: Bool, offset: Int, codec: ValueCodec<Value>) {
        self.offset = offset
        self.codec = codec
        super.init(name: name, index: index, keys: keys, isRequired: isRequired)
    }

    /// The property's memory inside the model.
    @inline(__always)
    private func slot(_ model: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Value> {
        model.field(at: offset, as: Value.self)
    }

    override func assign(_ event: ScalarEvent, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try codec.assign(event, to: slot(model), session)
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.begin(isObject: isObject, session)
    }

    override func commit(_ child: FrameStorage, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) {
        _ = try codec.take(child, assigning: slot(model), session)
    }

    override func encode(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        try codec.write(slot(model).pointee, to: &writer)
    }

    override func isNil(model: UnsafeMutableRawPointer) -> Bool {
        codec.isNil(slot(model).pointee)
    }

    override var mappingProblem: String? { codec.mappingProblem }

    override var valueCodec: _JSONFrameHandler? { codec }

    override var isOptional: Bool { codec.isOptional }

    override func writesSameText(as other: PropertyMeta) -> Bool {
        guard let theirs = other.valueCodec else { return false }
        return codec.writesSameText(as: theirs)
    }
}

/// A property written through its key path: properties of class models (reference key
/// paths) and computed properties.
final class KeyPathPropertyMeta<Root, Value>: PropertyMeta {
    private let keyPath: WritableKeyPath<Root, Value>
    private let codec: ValueCodec<Value>

    init(name: String, index: Int, keys: [KeyPathSpec], isRequired: Bool, keyPath: WritableKeyPath<Root, Value>, codec: ValueCodec<Value>) {
        self.keyPath = keyPath
        self.codec = codec
        super.init(name: name, index: index, keys: keys, isRequired: isRequired)
    }

    @inline(__always)
    private func set(_ value: Value, in model: UnsafeMutableRawPointer) {
        model.model(as: Root.self).pointee[keyPath: keyPath] = value
    }

    override func assign(_ event: ScalarEvent, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            guard try codec.initialize(event, at: value, session) else { return false }
            set(value.move(), in: model)
            return true
        }
    }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        try codec.begin(isObject: isObject, session)
    }

    override func commit(_ child: FrameStorage, model: UnsafeMutableRawPointer, _ session: DecodingSession) throws(JSONMapperError) {
        try session.withScratch(for: Value.self) { (value) throws(JSONMapperError) in
            if try codec.take(child, initializing: value, session) { set(value.move(), in: model) }
        }
    }

    private func get(_ model: UnsafeMutableRawPointer) -> Value {
        model.model(as: Root.self).pointee[keyPath: keyPath]
    }

    override func encode(model: UnsafeMutableRawPointer, to writer: inout JSONWriter) throws(JSONMapperError) {
        try codec.write(get(model), to: &writer)
    }

    override func isNil(model: UnsafeMutableRawPointer) -> Bool {
        codec.isNil(get(model))
    }

    override var mappingProblem: String? { codec.mappingProblem }

    override var valueCodec: _JSONFrameHandler? { codec }

    override var isOptional: Bool { codec.isOptional }

    override func writesSameText(as other: PropertyMeta) -> Bool {
        guard let theirs = other.valueCodec else { return false }
        return codec.writesSameText(as: theirs)
    }
}
