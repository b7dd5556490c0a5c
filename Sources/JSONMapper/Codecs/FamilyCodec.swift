import Foundation

/// Decodes one member of a ``JSONPolymorphicFamily``: captures the object, chooses the type,
/// decodes it from the capture, and hands the member to the frame below through a frame that
/// opens and closes at once.
final class FamilyCodec<Family: JSONPolymorphicFamily>: ValueCodec<Family.Member>, @unchecked Sendable {
    override var expected: String { "an object (\(Family.self))" }

    override func begin(isObject: Bool, _ session: DecodingSession) throws(JSONMapperError) {
        guard isObject else { return try session.containerMismatch(expected: expected, isObject: false) }
        session.capture(isObject: true) { (object) throws(JSONMapperError) in
            try self.deliver(object, session)
        }
    }

    private func deliver(_ object: JSONValue, _ session: DecodingSession) throws(JSONMapperError) {
        let chosen = Family.mappedType(for: object)
        let model: any JSONMappable
        do throws(JSONMapperError) {
            model = try Self.decode(chosen, from: object, session.options)
        } catch {
            return try session.report(error.prefixingPath(session.currentPath()))
        }
        guard let member = Family.member(model) else {
            return try session.report(.invalidValue(path: session.currentPath(),
                                                    reason: "\(Family.self) chose \(chosen), which is not a \(Family.Member.self)"))
        }
        session.enterContainer()
        session.pushOwned(member, by: self)
        _ = session.endObject()
        if let failure = session.failure { throw failure }
    }

    private static func decode<Model: JSONMappable>(_ type: Model.Type, from object: JSONValue,
                                                    _ options: DecodingOptions) throws(JSONMapperError) -> any JSONMappable {
        try DecodeRun.decodeRoot(type, options, checksWholeDocument: false) { (session) throws(JSONMapperError) in
            try session.emit(object)
        }.value
    }

    override func take(_ storage: UnsafeMutableRawPointer, initializing destination: UnsafeMutablePointer<Family.Member>,
                       _ session: DecodingSession) throws(JSONMapperError) -> Bool {
        destination.moveInitialize(from: storage.assumingMemoryBound(to: Family.Member.self), count: 1)
        return true
    }

    override func destroy(_ storage: UnsafeMutableRawPointer, _ session: DecodingSession) {
        storage.assumingMemoryBound(to: Family.Member.self).deinitialize(count: 1)
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

extension Map {
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

extension JSONMapperError {
    /// The same error with `prefix` put in front of its path (an error from a nested decode).
    func prefixingPath(_ prefix: String) -> JSONMapperError {
        func join(_ path: String) -> String {
            if prefix.isEmpty { return path }
            if path.isEmpty { return prefix }
            return path.hasPrefix("[") ? prefix + path : prefix + "." + path
        }
        switch self {
        case let .typeMismatch(path, expected, found): return .typeMismatch(path: join(path), expected: expected, found: found)
        case let .keyNotFound(path): return .keyNotFound(path: join(path))
        case let .invalidValue(path, reason): return .invalidValue(path: join(path), reason: reason)
        case let .depthLimitExceeded(path): return .depthLimitExceeded(path: join(path))
        case .emptyInput, .syntax, .limitExceeded: return self
        }
    }
}
