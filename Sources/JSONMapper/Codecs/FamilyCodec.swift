import Foundation

/// Decodes one member of a ``JSONPolymorphicFamily`` in the session that meets it: captures
/// the object, chooses the type, and re-emits the capture to the chosen model's codec over a
/// frame of its own (as a polymorphic class's codec does), so everything inside the member is
/// reported at its full path under the session's policy. The frame turns the model into a
/// member and hands it to the frame below.
final class FamilyCodec<Family: JSONPolymorphicFamily>: ValueCodec<Family.Member> {
    /// What the family frame holds while its member is decoded.
    private enum Slot {
        case empty
        case model(any JSONMappable)
        case member(Family.Member)
    }

    override var expected: String { "an object (\(Family.self))" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        session.capture(isObject: true) { (object) throws(JSONMapperError) in
            try self.deliver(object, session)
        }
    }

    private func deliver(_ object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) {
        let codec = Self.modelCodec(for: Family.mappedType(for: object))
        // The family frame opens no container of its own: it adds no depth and no path step.
        let frame = session.pushOwned(Slot.empty, by: self)
        try codec.decode(captured: object, session)
        let slot = frame.pointee.storage.pointer(to: Slot.self)
        if case .model(let model) = slot.pointee {
            if let member = Family.member(model) {
                slot.pointee = .member(member)
            } else {
                frame.pointee.isRejected = true
                try session.report(.invalidValue(path: session.currentPath(),
                                                 reason: "\(Family.self) chose \(type(of: model)), which is not \(withArticle("\(Family.Member.self)"))"))
            }
        } else {
            // The model was rejected by its hooks (reported already): nothing to hand on.
            frame.pointee.isRejected = true
        }
        try session.closeFrame()
    }

    /// The codec of the chosen model type (opened from the existential), from the registry
    /// without a lock once this thread has met the type.
    private static func modelCodec<Model: JSONMappable>(for type: Model.Type) -> any CapturedModelDecoding {
        ModelRegistry.shared.codec(for: type)
    }

    override func childEnded(_ child: UnsafeMutablePointer<Frame>, in frame: UnsafeMutablePointer<Frame>,
                             _ session: DecodingSession) throws(JSONMapperError) {
        // The only child is the model frame pushed by the chosen codec, which owns its storage.
        let codec = child.pointee.owner as! any CapturedModelDecoding
        frame.pointee.storage.pointer(to: Slot.self).pointee = .model(codec.moveModel(from: child.pointee.storage))
    }

    override func take(_ storage: FrameStorage, initializing destination: UnsafeMutablePointer<Family.Member>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        let slot = storage.pointer(to: Slot.self).move()
        guard case .member(let member) = slot else { return false }
        destination.initialize(to: member)
        return true
    }

    override func destroy(_ storage: FrameStorage, _ session: DecodingSession) {
        storage.pointer(to: Slot.self).deinitialize(count: 1)
    }

    /// A member is written as the model it is.
    override func write(_ value: Family.Member, to writer: inout JSONWriter) throws(JSONMapperError) {
        guard let model = value as? any JSONMappable else {
            throw .invalidValue(path: "", reason: "\(type(of: value)) is not a JSONMappable model")
        }
        try Self.write(model, to: &writer)
    }

    private static func write<Model: JSONMappable>(_ model: Model, to writer: inout JSONWriter) throws(JSONMapperError) {
        try valueCodec(for: Model.self).write(model, to: &writer)
    }
}

extension JSONMap {
    /// Maps a protocol-typed property (`var shape: any Shape`) through a family that chooses
    /// each object's concrete type.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, Family.Member>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) { FamilyCodec<Family>() }
    }

    /// Maps an optional protocol-typed property through a family.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, Family.Member?>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) {
            OptionalCodec<Family.Member, Family.Member?>(wrapped: FamilyCodec<Family>())
        }
    }

    /// Maps an array of protocol-typed members through a family.
    public init<Family: JSONPolymorphicFamily>(_ keyPath: WritableKeyPath<Root, [Family.Member]>, _ key: String,
                                                required: Bool = false, family: Family.Type) {
        self.init(keyPath, [key], required: required) {
            CollectionCodec<Family.Member, [Family.Member]>(element: FamilyCodec<Family>())
        }
    }
}
